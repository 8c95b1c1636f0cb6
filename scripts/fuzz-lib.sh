# Shared by scripts/fuzz.sh (make fuzz), scripts/fuzz-merge.sh (make fuzz-merge) and
# scripts/cfl-check.sh (make cfl-check): the fuzz targets, their build (all three in one `swift
# build`, so that the library is compiled once), the checks every binary must pass, and the
# reading of a target's options file. Sourced, not run.
# The recipe and why: Docs/fuzz-builds.md.

FUZZ_ALL_TARGETS=(FuzzDifferential FuzzRESTJSON FuzzSchemaJSON)

# Run every fuzz binary like this (each binary also makes sure of it itself, executing itself
# again when a variable is missing: `FuzzProcessEnvironment`): the Swift backtracer would take
# a trap before libFuzzer (exit 132, no crash-* saved); hashing seeded per process would make a
# case's outcome differ from the process `crossfire replay` runs it in; LeakSanitizer reports
# Swift's lazily made globals as leaked at every exit.
export SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1

# Sets `targets` to the targets FUZZ_TARGET names (all, or a comma-separated list); says which
# are known and fails for another name. $1 names the command in the message.
fuzz_select_targets() {
    if [ "$FUZZ_TARGET" = all ]; then
        targets=("${FUZZ_ALL_TARGETS[@]}")
        return 0
    fi
    IFS=, read -r -a targets <<<"$FUZZ_TARGET"
    for target in "${targets[@]}"; do
        [[ " ${FUZZ_ALL_TARGETS[*]} " == *" $target "* ]] || { echo "$1: unknown FUZZ_TARGET '$target' (known: ${FUZZ_ALL_TARGETS[*]})" >&2; return 1; }
    done
}

# The ASAN_OPTIONS the caller gave, if any: they come last, so they win over a target's own
# (`ASAN_OPTIONS=quarantine_size_mb=256 make fuzz` brings back ASan's default quarantine).
FUZZ_CALLER_ASAN_OPTIONS=${FUZZ_CALLER_ASAN_OPTIONS-${ASAN_OPTIONS:-}}

# Exports the ASAN_OPTIONS a target runs with: no leak checking, then the [asan] section of
# its options file ($1), then the caller's.
fuzz_export_asan_options() {
    local own
    own=$(fuzz_asan_options "$1")
    export ASAN_OPTIONS="detect_leaks=0${own:+:$own}${FUZZ_CALLER_ASAN_OPTIONS:+:$FUZZ_CALLER_ASAN_OPTIONS}"
}

# The folder `swift build` builds the fuzz binaries in, one per sanitizer.
fuzz_scratch() { echo "Fuzz/.build/$1"; }

# Builds every target of the Fuzz/ package with sanitizer $1 (address or none) in one `swift
# build`, printing what it builds, why it takes long the first time, its progress every 30 s,
# and how long it took. Prints the binaries' folder on standard output.
fuzz_build() {
    local sanitizer=$1 scratch log pid started elapsed line modules
    scratch=$(fuzz_scratch "$sanitizer")
    log=$(mktemp)
    if [ ! -x "$scratch/release/FuzzDifferential" ]; then
        echo "fuzz: first build of ${FUZZ_ALL_TARGETS[*]} (SANITIZER=$sanitizer) in $scratch: the whole Crossfire library" \
             "in release, instrumented, once for the three — 5 to 10 minutes on 2 cores, most of it in the Crossfire module," \
             "which SwiftPM names only when it is done; later builds recompile only what changed" >&2
    else
        echo "fuzz: building ${FUZZ_ALL_TARGETS[*]} (SANITIZER=$sanitizer) in $scratch: only what changed since the last build" >&2
    fi
    echo "fuzz: CROSSFIRE_FUZZ_SANITIZER=$sanitizer $SWIFT build -c release --package-path Fuzz --sanitize=fuzzer --scratch-path $scratch" >&2
    # The root package is a dependency here, and SwiftPM keeps a dependency's build plan when
    # files are added to or deleted from it (a new file is not compiled; a deleted one fails
    # the build "because of missing inputs"): drop the plan so that it is made again (0.3 s).
    rm -f "$scratch/release.yaml"
    started=$SECONDS
    CROSSFIRE_FUZZ_SANITIZER=$sanitizer "$SWIFT" build -c release --package-path Fuzz --sanitize=fuzzer --scratch-path "$scratch" >"$log" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        sleep 1
        elapsed=$((SECONDS - started))
        if [ $((elapsed % 30)) -eq 0 ]; then
            # The modules the compiler is working on now (SwiftPM names a module when it is done).
            modules=$(ps -eo args= | grep -F -- "$(pwd)/$scratch/" | grep -oE -- '-module-name [A-Za-z0-9_]+' | awk '{ print $2 }' | sort -u | paste -sd ' ' -)
            line=$(grep -aE '^\[[0-9]+/[0-9]+\]' "$log" | tail -n 1 | grep -oE '^\[[0-9]+/[0-9]+\]')
            [ -n "$modules" ] && modules="compiling $modules" || modules="planning or linking"
            echo "fuzz: still building after ${elapsed}s: ${line:+step $line, }$modules" >&2
        fi
    done
    wait "$pid"
    local status=$?
    if [ "$status" -ne 0 ]; then
        grep -aE 'error:|warning: unreachable' "$log" | head -n 20 >&2
        echo "fuzz: the build failed (exit $status); its whole output: $log" >&2
        return 1
    fi
    rm -f "$log"
    echo "fuzz: built in $((SECONDS - started))s" >&2
    echo "$scratch/release"
}

# Checks a built binary: coverage instrumentation (__sancov_gen symbols, and libFuzzer counting
# at least 100 of its edges, OSS-Fuzz's threshold), AddressSanitizer when $2 is address, and a
# -runs=1 smoke run that prints libFuzzer's banner. Says what is wrong and fails otherwise.
fuzz_check_binary() {
    local bin=$1 sanitizer=$2 target symbols smoke edges
    target=$(basename "$bin")
    symbols=$(nm "$bin" 2>/dev/null)  # read whole: `nm | grep -q` would end nm early (SIGPIPE under pipefail)
    grep -q __sancov_gen <<<"$symbols" || { echo "fuzz: $target: BROKEN BUILD: $bin holds no __sancov_gen symbol (no coverage)" >&2; return 1; }
    if [ "$sanitizer" = address ]; then
        grep -q __asan_report <<<"$symbols" || { echo "fuzz: $target: BROKEN BUILD: $bin holds no __asan_report symbol (no ASan)" >&2; return 1; }
    fi
    smoke=$(mktemp -d)
    if ! "$bin" -runs=1 "$smoke" >"$smoke.log" 2>&1 || ! grep -q '^INFO: Seed: ' "$smoke.log" || ! grep -qE '^Done [0-9]+ runs' "$smoke.log"; then
        echo "fuzz: $target: BROKEN BUILD: a -runs=1 smoke run did not print libFuzzer's banner:" >&2
        sed 's/^/  /' "$smoke.log" >&2
        rm -rf "$smoke" "$smoke.log"
        return 1
    fi
    edges=$(grep -oE 'INFO: Loaded [0-9]+ modules? +\([0-9]+ inline 8-bit counters\)' "$smoke.log" | grep -oE '\([0-9]+' | tr -d '(')
    rm -rf "$smoke" "$smoke.log"
    if [ "${edges:-0}" -lt 100 ]; then
        echo "fuzz: $target: BROKEN BUILD: libFuzzer counts ${edges:-no} instrumented edges (fewer than 100)" >&2
        return 1
    fi
    local what="coverage ($edges edges)"
    [ "$sanitizer" = none ] || what+=", $sanitizer"
    echo "fuzz: $target: checked: $what, libFuzzer banner printed" >&2
}

# The libFuzzer flags of an options file ($1, OSS-Fuzz's .options form: Fuzz/options/<Target>.options,
# which .clusterfuzzlite/build.sh copies into $OUT): each `name = value` of its [libfuzzer]
# section as -name=value, a dictionary by its path in folder $2. One flag a line; none when
# there is no file.
fuzz_options() {
    [ -f "$1" ] || return 0
    awk -v dictionaries="$2" '
        /^\[/ { section = $0; next }
        section == "[libfuzzer]" && /=/ && !/^#/ {
            name = $1; value = $0; sub(/^[^=]*= */, "", value)
            if (name == "dict") value = dictionaries "/" value
            print "-" name "=" value
        }' "$1"
}

# The ASan options of an options file ($1): its [asan] section, joined by `:`.
fuzz_asan_options() {
    [ -f "$1" ] || return 0
    awk '/^\[/ { section = $0; next } section == "[asan]" && /=/ && !/^#/ { value = $0; sub(/^[^=]*= */, "", value); printf "%s%s=%s", sep, $1, value; sep = ":" }' "$1"
}
