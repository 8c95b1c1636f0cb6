# Crossfire — build, test and measure. Every building target first makes sure the C library
# it links (libjansson, Debian package libjansson-dev) is installed.
SWIFT ?= swift

.PHONY: deps build test run bench generate clean

deps:
	@pkg-config --exists jansson 2>/dev/null || { \
		echo "installing libjansson-dev"; \
		apt-get update && apt-get install -y libjansson-dev pkg-config; }

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test

# A 60-second campaign over the real mappers (the main job until `make fuzz` lands).
run: deps
	$(SWIFT) run -c release crossfire run --time 60

bench: deps
	$(SWIFT) run -c release CrossfireBench

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

clean:
	rm -rf .build
