#!/usr/bin/env bash
# make fuzz: builds each libFuzzer target of the Fuzz/ package with libFuzzer and ASan, checks
# the build, and runs it on a working copy of its seed corpus.
#
#   FUZZ_TIME    seconds of fuzzing in all (default 300), shared by the targets run:
#                FuzzDifferential weighs 3, the others 1 each
#   FUZZ_TARGET  all (default), or a comma-separated list: FuzzDifferential,FuzzRESTJSON,FuzzSchemaJSON
#
# Per target: Reports/fuzz/corpus/<Target>/ (the working corpus: the seeds of
# Corpus/fuzz/<Target>/ copied in, kept from run to run), Reports/fuzz/<Target>/ (libFuzzer's
# crash-*/timeout-*/oom-* artifacts and fuzz.log, the whole libFuzzer output).
# FuzzDifferential fails only for a new unexpected finding class: each such artifact is named
# crash-<class key>-<digest>, the class joins Reports/fuzz/FuzzDifferential/known-classes.txt,
# and fuzzing goes on for the time left, so that a run gives one artifact per bug.
# Exit status: 0 when every target ran clean; else that of the first target that did not:
# 77 a failure (crash-*), 70 a timeout, 71 out of memory, 72 interrupted, 1 an ASan report,
# 2 a broken build (no coverage or ASan symbols, no libFuzzer banner).
# The recipe and why: Docs/fuzz-builds.md.
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
FUZZ_TIME=${FUZZ_TIME:-300}
FUZZ_TARGET=${FUZZ_TARGET:-all}
ALL_TARGETS=(FuzzDifferential FuzzRESTJSON FuzzSchemaJSON)
# Run every fuzz binary like this: the Swift backtracer would take a trap before libFuzzer
# (exit 132, no crash-* saved); hashing seeded per process would make a case's outcome (which
# dictionary entry an encoder names first) differ from the process `crossfire replay` runs in.
export SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1
# LeakSanitizer reports Swift globals as leaked when the process exits (a lazily made
# `static let` array of Data whose storage it cannot see referenced): a false alarm at the end
# of every run, so leak checking is off, in ASan (at exit) and in libFuzzer (-detect_leaks=0).
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0

weight() { [ "$1" = FuzzDifferential ] && echo 3 || echo 1; }

if [ "$FUZZ_TARGET" = all ]; then
    targets=("${ALL_TARGETS[@]}")
else
    IFS=, read -r -a targets <<<"$FUZZ_TARGET"
    for target in "${targets[@]}"; do
        [[ " ${ALL_TARGETS[*]} " == *" $target "* ]] || { echo "fuzz: unknown FUZZ_TARGET '$target' (known: ${ALL_TARGETS[*]})" >&2; exit 2; }
    done
fi
[[ "$FUZZ_TIME" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_TIME must be a whole number of seconds, not '$FUZZ_TIME'" >&2; exit 2; }
total_weight=0
for target in "${targets[@]}"; do total_weight=$((total_weight + $(weight "$target"))); done

build_flags=(-c release --package-path Fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)

# Builds a target and checks the binary; prints its path.
build() {
    local target=$1 bin
    echo "fuzz: building $target: $SWIFT build ${build_flags[*]} --product $target" >&2
    # The root package is a dependency here, and SwiftPM keeps a dependency's build plan when
    # files are added to or deleted from it (a new file is not compiled; a deleted one fails
    # the build "because of missing inputs"): drop the plan so that it is made again (0.3 s).
    rm -f Fuzz/.build/release.yaml
    "$SWIFT" build "${build_flags[@]}" --product "$target" >&2 || { echo "fuzz: $target: the build failed" >&2; return 1; }
    bin="$("$SWIFT" build "${build_flags[@]}" --show-bin-path)/$target"
    local symbols
    symbols=$(nm "$bin" 2>/dev/null)  # read whole: `nm | grep -q` would end nm early (SIGPIPE under pipefail)
    for symbol in __sancov_gen __asan_report; do
        grep -q "$symbol" <<<"$symbols" || { echo "fuzz: $target: BROKEN BUILD: $bin holds no $symbol symbol" >&2; return 1; }
    done
    local smoke
    smoke=$(mktemp -d)
    if ! "$bin" -runs=1 "$smoke" >"$smoke.log" 2>&1 || ! grep -q '^INFO: Seed: ' "$smoke.log" || ! grep -qE '^Done [0-9]+ runs' "$smoke.log"; then
        echo "fuzz: $target: BROKEN BUILD: a -runs=1 smoke run did not print libFuzzer's banner:" >&2
        sed 's/^/  /' "$smoke.log" >&2
        rm -rf "$smoke" "$smoke.log"
        return 1
    fi
    rm -rf "$smoke" "$smoke.log"
    echo "fuzz: $target: checked: __sancov_gen and __asan_report present, libFuzzer banner printed" >&2
    echo "$bin"
}

# The last value of a libFuzzer statistic in a log (`cov: 123`, `stat::average_exec_per_sec: 456`).
fuzz_stat() { grep -oE "$2:? +[0-9]+" "$1" | tail -n 1 | grep -oE '[0-9]+$'; }

summaries=()
first_failure=0
for target in "${targets[@]}"; do
    seconds=$((FUZZ_TIME * $(weight "$target") / total_weight))
    [ "$seconds" -ge 1 ] || seconds=1
    if ! bin=$(build "$target"); then
        summaries+=("$target: BROKEN BUILD (exit 2): not run")
        [ "$first_failure" -ne 0 ] || first_failure=2
        continue
    fi
    corpus=Reports/fuzz/corpus/$target
    artifacts=Reports/fuzz/$target
    log=$artifacts/fuzz.log
    mkdir -p "$corpus" "$artifacts"
    : >"$log"
    cp -R -n Corpus/fuzz/"$target"/. "$corpus"/ 2>/dev/null
    # FuzzDifferential fails an input only for a finding class it has no artifact for yet
    # (KnownClasses): after each failure the input's classes join the list, the artifact is
    # named by its class, and libFuzzer starts again for the time left — one bug, one artifact.
    known=$artifacts/known-classes.txt
    : >"$known"
    deadline=$((SECONDS + seconds))
    classes=()
    round=0
    while :; do
        left=$((deadline - SECONDS))
        [ "$left" -ge 1 ] || { status=0; break; }
        round=$((round + 1))
        round_log=$artifacts/fuzz-round.log
        options=(-max_total_time="$left" -timeout=20 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1
                 -error_exitcode=77 -timeout_exitcode=70 -oom_exitcode=71 -interrupted_exitcode=72
                 -artifact_prefix="$artifacts/")
        [ -f "Fuzz/dictionaries/$target.dict" ] && options+=(-dict="Fuzz/dictionaries/$target.dict")
        [ "$round" -gt 1 ] || echo "fuzz: $target: running for $seconds s: $bin ${options[*]} $corpus (log: $log)"
        CROSSFIRE_FUZZ_KNOWN_CLASSES="$known" "$bin" "${options[@]}" "$corpus" >"$round_log" 2>&1 &
        pid=$!
        trap 'kill -INT "$pid" 2>/dev/null' INT TERM
        elapsed=0
        while kill -0 "$pid" 2>/dev/null; do
            sleep 1
            elapsed=$((elapsed + 1))
            if [ $((elapsed % 15)) -eq 0 ]; then
                line=$(grep -aE '^#[0-9]+' "$round_log" | tail -n 1 | sed -E 's/ (NEW|REDUCE|pulse|INITED) +/ /; s/ lim: [0-9]+//; s/ L: .*//')
                [ -n "$line" ] && echo "fuzz: $target: $((seconds - deadline + SECONDS))s $line"
            fi
        done
        wait "$pid"
        status=$?
        trap - INT TERM
        cat "$round_log" >>"$log"
        artifact=$(grep -aoE "Test unit written to [^ ]+" "$round_log" | tail -n 1 | sed 's/Test unit written to //')
        name=$(grep -aoE '^  artifact: crash-[^ ]+' "$round_log" | head -n 1 | sed 's/^  artifact: //')
        if [ "$status" -eq 77 ] && [ -n "$name" ] && [ -f "$artifact" ]; then
            # A new unexpected class: the artifact takes the class's name, its classes join the
            # known ones, and fuzzing goes on.
            named=$artifacts/$name
            [ "$artifact" = "$named" ] || mv -f "$artifact" "$named"
            grep -aE '^  class key: ' "$round_log" | sed 's/^  class key: //' >>"$known"
            title=$(sed -n '/^crossfire FuzzDifferential/{n;p;q}' "$round_log")
            echo "fuzz: $target: new unexpected class: $title"
            sed -n '/^crossfire Fuzz/,/^==[0-9]*==/p' "$round_log" | grep -v '^==[0-9]*==' | sed 's/^/  /'
            echo "  reproduce: swift run crossfire replay $named; pin it: swift run crossfire promote $named"
            classes+=("$named")
            continue
        fi
        break
    done
    runs=$(fuzz_stat "$log" stat::number_of_executed_units)
    rate=$(fuzz_stat "$log" stat::average_exec_per_sec)
    cov=$(fuzz_stat "$log" cov)
    features=$(fuzz_stat "$log" ft)
    inputs=$(find "$corpus" -type f | wc -l)
    numbers="${runs:-?} runs (last round), ${rate:-?} exec/s, coverage ${cov:-?} edges, ${features:-?} features, corpus $inputs inputs"
    if [ "${#classes[@]}" -gt 0 ] && { [ "$status" -eq 0 ] || [ "$status" -eq 72 ]; }; then
        # The time ran out (or Ctrl-C) after one or more classes were found.
        status=77
        summary="$target: FAILED (exit 77): ${#classes[@]} unexpected class(es): ${classes[*]}; $numbers"
    else
        case $status in
            0)  summary="$target: clean: $numbers" ;;
            77) summary="$target: FAILED (exit 77): $artifact; $numbers" ;;
            70) summary="$target: TIMEOUT (exit 70): an input ran longer than 20 s: $artifact" ;;
            71) summary="$target: OUT OF MEMORY (exit 71): $artifact" ;;
            72) summary="$target: INTERRUPTED (exit 72): $numbers" ;;
            1)  summary="$target: ASAN REPORT (exit 1): $(grep -aE '^SUMMARY: AddressSanitizer' "$log" | head -n 1); $artifact" ;;
            *)  summary="$target: ENDED WITH STATUS $status: see $log" ;;
        esac
        [ "${#classes[@]}" -eq 0 ] || summary="$summary; and ${#classes[@]} unexpected class(es) before it: ${classes[*]}"
        if [ "$status" -ne 0 ] && [ "$status" -ne 72 ]; then
            # The target's own report (a paragraph starting "crossfire Fuzz…"), or ASan's.
            sed -n '/^crossfire Fuzz/,/^==[0-9]*==/p; /^==[0-9]*==ERROR: AddressSanitizer/,/^SUMMARY/p' "$round_log" | grep -v '^==[0-9]*== ERROR: libFuzzer' | sed 's/^/  /'
            if [ "$target" = FuzzDifferential ] && [ -n "$artifact" ]; then
                echo "  reproduce: swift run crossfire replay $artifact; pin it: swift run crossfire promote $artifact"
            elif [ -n "$artifact" ]; then
                echo "  reproduce: $bin $artifact; once fixed, add it to Corpus/fuzz/$target/found/"
            fi
        fi
    fi
    rm -f "$round_log"
    echo "fuzz: $summary"
    summaries+=("$summary")
    [ "$status" -eq 0 ] || [ "$first_failure" -ne 0 ] || first_failure=$status
    [ "$status" -ne 72 ] || break
done

echo "fuzz: summary"
for summary in "${summaries[@]}"; do echo "  $summary"; done
exit "$first_failure"
