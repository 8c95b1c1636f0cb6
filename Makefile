# Crossfire — build, test and measure. Every building target first makes sure the C library
# it links (libjansson, Debian package libjansson-dev) is installed.
SWIFT ?= swift

.PHONY: deps build test bench clean

deps:
	@pkg-config --exists jansson 2>/dev/null || { \
		echo "installing libjansson-dev"; \
		apt-get update && apt-get install -y libjansson-dev pkg-config; }

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) test

bench: deps
	$(SWIFT) run -c release CrossfireBench

clean:
	rm -rf .build
