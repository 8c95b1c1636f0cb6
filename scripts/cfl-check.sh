#!/usr/bin/env bash
# make cfl-check: ClusterFuzzLite's build of Crossfire, checked here without its container (no
# image can be pulled on this machine). Runs .clusterfuzzlite/build.sh as the builder image
# does — in $SRC/crossfire, with SRC, OUT, WORK, SANITIZER, CC, CXX, CFLAGS, CXXFLAGS,
# LIB_FUZZING_ENGINE and the rest set as OSS-Fuzz's base-builder sets them for a libFuzzer ASan
# build — then checks $OUT the way OSS-Fuzz's check_build does, and a little more:
#
#   layout        each target has <target>_seed_corpus.zip, <target>.options, and the
#                 dictionary its options name; nothing else is executable in $OUT
#   architecture  an x86-64 executable
#   libraries     every shared library it needs resolves, none from the Swift toolchain (the
#                 runner image has none), libjansson from $OUT/lib
#   engine        `<target> -seed=1337 -runs=4` finds inputs (coverage instrumentation), counts
#                 at least 100 edges, and finishes its runs (no startup crash)
#   sanitizer     at least 1,000 calls into ASan, none into MSan or DFSan, at most 200 into UBSan
#   seed corpus   the unzipped seed corpus runs through (-runs=0) with the target's options
#
# The targets run with an empty environment but PATH and the options' ASAN_OPTIONS, as a
# runner starts them: each binary sets SWIFT_BACKTRACE and the rest itself. SRC and OUT are
# fresh temporary folders; WORK is Fuzz/.build/cfl-work, kept, so that a later check rebuilds
# only what changed. Exit status 0 when every check passed, 1 when one failed, 2 when build.sh did.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/fuzz-lib.sh
root=$(pwd)
started=$SECONDS

base=$(mktemp -d /tmp/crossfire-cfl.XXXXXX)
export SRC=$base/src OUT=$base/out WORK=$root/Fuzz/.build/cfl-work
mkdir -p "$SRC" "$OUT" "$WORK"
ln -s "$root" "$SRC/crossfire"
cp .clusterfuzzlite/build.sh "$SRC/build.sh"
export SANITIZER=address FUZZING_ENGINE=libfuzzer FUZZING_LANGUAGE=swift ARCHITECTURE=x86_64
export CC=clang CXX=clang++ CCC=clang++
export SANITIZER_FLAGS_address="-fsanitize=address -fsanitize-address-use-after-scope"
export COVERAGE_FLAGS="-fsanitize=fuzzer-no-link"
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only $SANITIZER_FLAGS_address $COVERAGE_FLAGS"
export CXXFLAGS_EXTRA="-stdlib=libc++"
export CXXFLAGS="$CFLAGS $CXXFLAGS_EXTRA"
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"

echo "cfl-check: SRC=$SRC OUT=$OUT WORK=$WORK SANITIZER=$SANITIZER: running build.sh in \$SRC/crossfire (the first build takes about 8 minutes on 2 cores)"
if ! (cd "$SRC/crossfire" && bash -eu "$SRC/build.sh") >"$base/build.log" 2>&1; then
    tail -n 30 "$base/build.log" | sed 's/^/  /'
    echo "cfl-check: FAILED: build.sh failed; its output: $base/build.log"
    exit 2
fi
echo "cfl-check: build.sh done in $((SECONDS - started))s; checking $OUT"

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")")
failures=0
fail() { echo "  FAIL $1"; failures=$((failures + 1)); }
pass() { echo "  ok   $1"; }

# Runs a target as a runner would: no environment but PATH and the options' ASAN_OPTIONS.
run_target() {
    local target=$1
    shift
    (cd "$OUT" && env -i PATH="$PATH" ASAN_OPTIONS="$(fuzz_asan_options "$OUT/$target.options")" "$OUT/$target" "$@")
}

targets=()
for file in "$OUT"/*; do
    [ -f "$file" ] && [ -x "$file" ] && targets+=("$(basename "$file")")
done
[ "${#targets[@]}" -eq 3 ] || fail "\$OUT holds ${#targets[@]} executables (${targets[*]}), not the three fuzz targets"
for target in "${targets[@]}"; do
    echo "cfl-check: $target"
    bin=$OUT/$target
    # layout
    zip=$OUT/${target}_seed_corpus.zip
    options=$OUT/$target.options
    if [ -s "$zip" ] && [ -f "$options" ] && grep -q '^\[libfuzzer\]' "$options"; then
        dict=$(fuzz_options "$options" "$OUT" | sed -n 's/^-dict=//p')
        if [ -n "$dict" ] && [ ! -f "$dict" ]; then fail "layout: $options names $dict, which is not there"; else pass "layout: $(basename "$zip") ($(unzip -Z1 "$zip" | grep -vc '/$') inputs), $(basename "$options")${dict:+, $(basename "$dict")}"; fi
    else
        fail "layout: $target needs ${target}_seed_corpus.zip and $target.options with a [libfuzzer] section"
    fi
    # architecture
    if file "$bin" | grep -q 'x86-64'; then pass "architecture: x86-64"; else fail "architecture: $(file "$bin")"; fi
    # libraries
    libraries=$(cd "$OUT" && ldd "$bin" 2>&1)
    if grep -q 'not found' <<<"$libraries"; then
        fail "libraries: $(grep 'not found' <<<"$libraries" | tr -s ' \t' ' ' | paste -sd ';')"
    elif grep -qF "$toolchain" <<<"$libraries"; then
        fail "libraries: it loads the Swift toolchain's: $(grep -F "$toolchain" <<<"$libraries" | awk '{print $1}' | paste -sd ' ')"
    elif ! grep -qE "libjansson[^ ]* => $OUT/lib/" <<<"$libraries"; then
        fail "libraries: libjansson does not come from \$OUT/lib: $(grep libjansson <<<"$libraries")"
    else
        pass "libraries: $(grep -c '=>' <<<"$libraries") shared libraries, none from the Swift toolchain, libjansson from \$OUT/lib"
    fi
    # engine: instrumented, and no crash at startup
    run_target "$target" -seed=1337 -runs=4 >"$base/$target.engine" 2>&1
    edges=$(grep -oE 'INFO: Loaded [0-9]+ modules? +\([0-9]+ inline 8-bit counters\)' "$base/$target.engine" | grep -oE '\([0-9]+' | tr -d '(')
    if grep -q 'ERROR: no interesting inputs were found' "$base/$target.engine"; then
        fail "engine: no coverage instrumentation (no interesting inputs were found)"
    elif [ "${edges:-0}" -lt 100 ]; then
        fail "engine: ${edges:-no} instrumented edges (OSS-Fuzz asks for 100)"
    elif ! grep -q '^Done 4 runs' "$base/$target.engine"; then
        fail "engine: a startup crash or exit: $(tail -n 3 "$base/$target.engine" | paste -sd ' ')"
    else
        pass "engine: $edges instrumented edges, 4 runs done"
    fi
    # sanitizer: the calls into each sanitizer's runtime check_build counts, in one pass
    read -r asan msan dfsan ubsan < <(objdump -dC "$bin" | awk '
        /call[q]?[ \t]+[0-9a-f]+[ \t]+<__asan/ { a++ } /call[q]?[ \t]+[0-9a-f]+[ \t]+<__msan/ { m++ }
        /call[q]?[ \t]+[0-9a-f]+[ \t]+<__dfsan/ { d++ } /call[q]?[ \t]+[0-9a-f]+[ \t]+<__ubsan/ { u++ }
        END { print a + 0, m + 0, d + 0, u + 0 }')
    if [ "$asan" -ge 1000 ] && [ "$msan" -eq 0 ] && [ "$dfsan" -eq 0 ] && [ "$ubsan" -le 200 ]; then
        pass "sanitizer: $asan calls into ASan, $msan MSan, $dfsan DFSan, $ubsan UBSan"
    else
        fail "sanitizer: $asan calls into ASan (1,000 needed), $msan MSan, $dfsan DFSan (none allowed), $ubsan UBSan (200 at most)"
    fi
    # seed corpus
    corpus=$base/$target.corpus
    mkdir -p "$corpus"
    unzip -q -o "$zip" -d "$corpus"
    mapfile -t flags < <(fuzz_options "$options" "$OUT")
    if run_target "$target" "${flags[@]}" -rss_limit_mb=2560 -timeout=25 -runs=0 "$corpus" >"$base/$target.seeds" 2>&1; then
        pass "seed corpus: $(grep -oE 'INITED.*' "$base/$target.seeds" | head -n 1 | sed -E 's/ exec\/s.*//')"
    else
        fail "seed corpus: an input crashes the target: $(grep -aE 'ERROR|Fatal error' "$base/$target.seeds" | head -n 2 | paste -sd ' ')"
    fi
done

if [ "$failures" -gt 0 ]; then
    echo "cfl-check: FAILED: $failures check(s); build output and run logs in $base"
    exit 1
fi
rm -rf "$base"
echo "cfl-check: passed: ${#targets[@]} targets built by .clusterfuzzlite/build.sh and checked in $((SECONDS - started))s"
