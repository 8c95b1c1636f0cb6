#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build of Crossfire's libFuzzer targets. The builder image
# (Dockerfile) runs it in $SRC/crossfire with SRC, OUT, WORK and SANITIZER set (and the C
# flags, which apply to nothing here: the package compiles no C of its own). `make cfl-check`
# runs it on this machine, without the container, with the same variables.
#
# Builds the three targets of Fuzz/ in one `swift build`, as `make fuzz` does (the recipe:
# Docs/fuzz-builds.md), with the Swift runtime linked in (the runner image has none), and puts
# in $OUT for each target: the binary, <target>_seed_corpus.zip (Corpus/fuzz/<target>/),
# <target>.dict (Fuzz/dictionaries/, when it has one) and <target>.options (Fuzz/options/).
# libjansson, which the runner image lacks, goes to $OUT/lib, where the binaries look for it.
case "$SANITIZER" in
    address) ;;
    *) echo "build.sh: Crossfire's fuzz targets build with SANITIZER=address (project.yaml), not '$SANITIZER'" >&2; exit 1 ;;
esac
targets=(FuzzDifferential FuzzRESTJSON FuzzSchemaJSON)
scratch="$WORK/crossfire-fuzz"

CROSSFIRE_FUZZ_SANITIZER="$SANITIZER" swift build -c release --package-path Fuzz --sanitize=fuzzer \
    --scratch-path "$scratch" --static-swift-stdlib -Xlinker '-rpath=$ORIGIN/lib'

mkdir -p "$OUT/lib"
jansson=$(ldd "$scratch/release/FuzzDifferential" | awk '$1 ~ /^libjansson/ { print $3 }')
cp "$jansson" "$OUT/lib/$(basename "$jansson")"
for target in "${targets[@]}"; do
    cp "$scratch/release/$target" "$OUT/$target"
    cp "Fuzz/options/$target.options" "$OUT/$target.options"
    if [ -f "Fuzz/dictionaries/$target.dict" ]; then cp "Fuzz/dictionaries/$target.dict" "$OUT/$target.dict"; fi
    rm -f "$OUT/${target}_seed_corpus.zip"
    (cd "Corpus/fuzz/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
