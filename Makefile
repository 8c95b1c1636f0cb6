# Crossfire — build, test and measure. Every building target first makes sure the C library
# it links (libjansson, Debian package libjansson-dev) is installed; `make test` also the
# Firestore emulator its emulator suites start (google-cloud-cli-firestore-emulator, Java 17).
SWIFT ?= swift

.PHONY: deps emulator-deps build test run report fuzz fuzz-merge fuzz-seeds cfl-check bench generate install uninstall clean

deps:
	@pkg-config --exists jansson 2>/dev/null || { \
		echo "installing libjansson-dev"; \
		apt-get update && apt-get install -y libjansson-dev pkg-config; }

# The Firestore emulator and the Java it runs on, unless FIRESTORE_EMULATOR_HOST names a
# running one. The emulator's package comes from Google Cloud's apt repository; when apt
# cannot install it, the one line says how to add that repository.
EMULATOR_LAUNCHER := /usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator

emulator-deps:
	@[ -n "$$FIRESTORE_EMULATOR_HOST" ] || command -v java >/dev/null 2>&1 || { \
		echo "installing openjdk-17-jre-headless"; \
		apt-get update && apt-get install -y openjdk-17-jre-headless; }
	@[ -n "$$FIRESTORE_EMULATOR_HOST" ] || [ -x "$(EMULATOR_LAUNCHER)" ] || { \
		echo "installing google-cloud-cli-firestore-emulator"; \
		apt-get update && apt-get install -y google-cloud-cli-firestore-emulator; } || { \
		echo "make: google-cloud-cli-firestore-emulator is not installable: add Google Cloud's apt repository (https://cloud.google.com/sdk/docs/install#deb), then apt-get install google-cloud-cli-firestore-emulator" >&2; \
		exit 1; }

build: deps
	$(SWIFT) build

# The root package's suite, then the guide's example package (Examples/CheckYourModels), which
# depends on Crossfire by path as a team's package does: model files written for the SDK
# compiled against `FirebaseFirestore`, and the guide's legacy mapper check. The emulator
# suites (FirestoreEmulatorTests) start one Firestore emulator and stop it at their exit.
test: deps emulator-deps
	$(SWIFT) test
	$(SWIFT) test --package-path Examples/CheckYourModels

# A 60-second seeded campaign over the real mappers, shrinking and journalling every finding.
run: deps
	$(SWIFT) run -c release crossfire run --time 60

# report.json and report.html of a run (`crossfire report`), written next to its journal: the
# newest run folder under Reports/ that holds a journal.jsonl, or JOURNAL=path (a journal or a
# run folder). Fails (exit 1) when the run has unexpected findings, as `crossfire report` does.
# Built in release, as `make run` builds it: a minute's journal is reported in seconds.
JOURNAL ?=

report: deps
	$(SWIFT) build -c release --product crossfire
	@crossfire="$$($(SWIFT) build -c release --show-bin-path)/crossfire"; \
	journal="$(JOURNAL)"; \
	if [ -z "$$journal" ]; then \
		journal="$$(ls -1t Reports/*/journal.jsonl 2>/dev/null | head -n 1)"; \
		if [ -z "$$journal" ]; then \
			echo "make report: no run folder with a journal.jsonl under Reports/; run 'make run' first, or give JOURNAL=path" >&2; \
			exit 1; \
		fi; \
	fi; \
	echo "reporting $$journal"; \
	"$$crossfire" report "$$journal"

# The main job: libFuzzer with ASan over the engine. Builds the targets of the Fuzz/ package in
# one go (never the root package's tests or CLI) with the recipe of Docs/fuzz-builds.md, checks
# the binaries, and fuzzes for FUZZ_TIME seconds in all, JOBS libFuzzer processes per target on
# one corpus (default: every core), SANITIZER=none for coverage alone; see scripts/fuzz.sh and the README.
FUZZ_TIME ?= 300
FUZZ_TARGET ?= all
JOBS ?= $(shell nproc)
SANITIZER ?= address

fuzz: deps
	SWIFT="$(SWIFT)" FUZZ_TIME="$(FUZZ_TIME)" FUZZ_TARGET="$(FUZZ_TARGET)" JOBS="$(JOBS)" SANITIZER="$(SANITIZER)" scripts/fuzz.sh

# The working corpora make fuzz grew, minimized (libFuzzer -merge=1) into Corpus/fuzz/<Target>/merged/.
fuzz-merge: deps
	SWIFT="$(SWIFT)" FUZZ_TARGET="$(FUZZ_TARGET)" SANITIZER="$(SANITIZER)" scripts/fuzz-merge.sh

# ClusterFuzzLite's build, run here without its container: .clusterfuzzlite/build.sh with the
# variables its builder image sets, then the checks OSS-Fuzz's check_build makes of $OUT.
cfl-check: deps
	SWIFT="$(SWIFT)" scripts/cfl-check.sh

# The committed seed corpora of the fuzz targets, Corpus/fuzz/<Target>/ (`crossfire fuzz-seeds`):
# the generated files are replaced; the found/ folders (inputs that once failed) are kept.
FUZZ_SEEDS := Corpus/fuzz

fuzz-seeds: deps
	$(SWIFT) build --product crossfire
	@crossfire="$$($(SWIFT) build --show-bin-path)/crossfire"; \
	for target in FuzzDifferential FuzzRESTJSON FuzzSchemaJSON; do \
		mkdir -p $(FUZZ_SEEDS)/$$target && find $(FUZZ_SEEDS)/$$target -maxdepth 1 -type f -delete || exit 1; \
	done; \
	"$$crossfire" fuzz-seeds FuzzDifferential --out $(FUZZ_SEEDS)/FuzzDifferential && \
	"$$crossfire" fuzz-seeds FuzzRESTJSON --out $(FUZZ_SEEDS)/FuzzRESTJSON Corpus/documents Corpus/external && \
	"$$crossfire" fuzz-seeds FuzzSchemaJSON --out $(FUZZ_SEEDS)/FuzzSchemaJSON Corpus/schemas

# The mapper section (the Codable mapper against JSON coders, hand-written and minimal mappers),
# then the harness section (cases/s per profile and mapper set, the fuzz target's exec/s, each
# phase's share), printed as the Markdown the README's "Throughput" section holds. Hashing is
# made deterministic, as crossfire makes it, so that campaigns journal as they do there.
bench: deps
	SWIFT_DETERMINISTIC_HASHING=1 $(SWIFT) run -c release CrossfireBench

# The Swift of every corpus schema, emitted by `crossfire gen-swift` into the GeneratedModels
# test-support target (one file per schema, same name), and GeneratedModelIndex.swift, which
# lists each schema's root type by file name (`crossfire gen-swift-index`). A test fails when
# a file is stale.
GENERATED := Tests/GeneratedModels

generate: deps
	$(SWIFT) build --product crossfire
	@crossfire="$$($(SWIFT) build --show-bin-path)/crossfire"; \
	rm -f $(GENERATED)/*.swift; \
	for schema in Corpus/schemas/*.json; do \
		out="$(GENERATED)/$$(basename "$$schema" .json).swift"; \
		"$$crossfire" gen-swift "$$schema" > "$$out.tmp" && mv "$$out.tmp" "$$out" || { rm -f "$$out.tmp"; exit 1; }; \
	done; \
	index="$(GENERATED)/GeneratedModelIndex.swift"; \
	"$$crossfire" gen-swift-index Corpus/schemas/*.json > "$$index.tmp" && mv "$$index.tmp" "$$index" || { rm -f "$$index.tmp"; exit 1; }; \
	echo "generated $$(ls $(GENERATED)/*.swift | wc -l) files in $(GENERATED)"

# The release crossfire, installed as $(DESTDIR)$(PREFIX)/bin/crossfire: on the PATH with the
# default PREFIX; PREFIX=$HOME/.local for a user's own, DESTDIR to stage it for a package.
# `make uninstall` removes that file.
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin

install: deps
	$(SWIFT) build -c release --product crossfire
	install -d "$(BINDIR)"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/crossfire" "$(BINDIR)/crossfire"
	@echo "installed $(BINDIR)/crossfire"

uninstall:
	rm -f "$(BINDIR)/crossfire"

clean:
	rm -rf .build
