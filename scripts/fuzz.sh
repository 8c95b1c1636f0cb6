#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets of the Fuzz/ package (all three in one `swift build`),
# checks each binary, and fuzzes each target on a working copy of its seed corpus.
#
#   FUZZ_TIME    seconds of fuzzing in all (default 300), shared by the targets run:
#                FuzzDifferential weighs 3, the others 1 each
#   FUZZ_TARGET  all (default), or a comma-separated list: FuzzDifferential,FuzzRESTJSON,FuzzSchemaJSON
#   JOBS         fuzzing processes per target (default: the number of cores); above 1, libFuzzer's
#                -fork=JOBS: one parent keeps the corpus, JOBS children fuzz at once
#   SANITIZER    address (default: AddressSanitizer) or none (coverage only, for throughput runs)
#
# Per target: Reports/fuzz/corpus/<Target>/ (the working corpus: the seeds of
# Corpus/fuzz/<Target>/ copied in, kept from run to run; `make fuzz-merge` minimizes it back
# into Corpus/fuzz/<Target>/merged/), Reports/fuzz/<Target>/ (libFuzzer's crash-*/timeout-*/
# oom-* artifacts and fuzz.log, the whole libFuzzer output). Each target's libFuzzer and ASan
# options are in Fuzz/options/<Target>.options.
# FuzzDifferential fails an input only for a new unexpected finding class: each such artifact is
# named crash-<class key>-<digest>, the class joins Reports/fuzz/FuzzDifferential/known-classes.txt,
# and fuzzing goes on for the time left, so that a run gives one artifact per bug. A crash (a
# mapper that traps) ends the target.
# Exit status: 0 when every target ran clean; else that of the first target that did not:
# 77 a failure (crash-*: an unexpected class, a trap or another deadly signal), 70 a timeout,
# 71 out of memory, 72 interrupted, 1 an ASan report, 2 a broken build. libFuzzer exits 77 for a
# crash and 70 for a timeout as told (-error_exitcode, -timeout_exitcode); it has no option for
# the other two (it ignores -oom_exitcode and -interrupted_exitcode as unknown flags), and its
# -fork parent exits 0 when interrupted, so those are read from its output and from this
# script's own Ctrl-C.
# The recipe and why: Docs/fuzz-builds.md.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/fuzz-lib.sh

SWIFT=${SWIFT:-swift}
FUZZ_TIME=${FUZZ_TIME:-300}
FUZZ_TARGET=${FUZZ_TARGET:-all}
JOBS=${JOBS:-$(nproc)}
SANITIZER=${SANITIZER:-address}

weight() { [ "$1" = FuzzDifferential ] && echo 3 || echo 1; }

fuzz_select_targets fuzz || exit 2
[[ "$FUZZ_TIME" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_TIME must be a whole number of seconds, not '$FUZZ_TIME'" >&2; exit 2; }
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: JOBS must be a whole number of processes, not '$JOBS'" >&2; exit 2; }
[[ "$SANITIZER" =~ ^(address|none)$ ]] || { echo "fuzz: SANITIZER must be address or none, not '$SANITIZER'" >&2; exit 2; }
total_weight=0
for target in "${targets[@]}"; do total_weight=$((total_weight + $(weight "$target"))); done

# How a printed command runs crossfire from the repository root: the installed one, else a
# release build through SwiftPM (built on first use).
if command -v crossfire >/dev/null 2>&1; then crossfire=crossfire; else crossfire="swift run -c release crossfire"; fi

# The last value of a statistic in a log (`stat::average_exec_per_sec: 456`, `cov: 123`).
last_stat() { grep -aoE "$2:? +[0-9]+" "$1" | tail -n 1 | grep -oE '[0-9]+$'; }
# The first coverage libFuzzer reports in a log: once the seeds have run.
first_cov() { grep -aE '(INITED|^#[0-9]+:) .*cov: [0-9]+' "$1" | head -n 1 | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+'; }
# The runs of a round: libFuzzer's final statistic, or (-fork) the parent's last status line.
round_runs() { last_stat "$1" stat::number_of_executed_units || grep -aoE '^#[0-9]+:' "$1" | tail -n 1 | tr -d '#:'; }
# 12345 as 12,345.
grouped() { sed -E ':a; s/([0-9])([0-9]{3})($|,)/\1,\2\3/; ta' <<<"$1"; }

if ! bin_dir=$(fuzz_build "$SANITIZER"); then
    echo "fuzz: summary"
    echo "  BROKEN BUILD (exit 2): the fuzz targets did not build"
    exit 2
fi

summaries=()
first_failure=0
for target in "${targets[@]}"; do
    seconds=$((FUZZ_TIME * $(weight "$target") / total_weight))
    [ "$seconds" -ge 1 ] || seconds=1
    bin=$bin_dir/$target
    if ! fuzz_check_binary "$bin" "$SANITIZER"; then
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
    inputs_before=$(find "$corpus" -type f | wc -l)
    fuzz_export_asan_options "Fuzz/options/$target.options"
    mapfile -t target_options < <(fuzz_options "Fuzz/options/$target.options" Fuzz/dictionaries)
    # FuzzDifferential fails an input only for a finding class it has no artifact for yet
    # (KnownClasses): after each failure the input's classes join the list, the artifact is
    # named by its class, and libFuzzer starts again for the time left — one bug, one artifact.
    known=$artifacts/known-classes.txt
    : >"$known"
    deadline=$((SECONDS + seconds))
    classes=()
    round=0
    runs=0
    fuzzed=0
    while :; do
        left=$((deadline - SECONDS))
        [ "$left" -ge 1 ] || { status=0; break; }
        round=$((round + 1))
        round_log=$artifacts/fuzz-round.log
        options=(-max_total_time="$left" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1
                 -error_exitcode=77 -timeout_exitcode=70 -artifact_prefix="$artifacts/" "${target_options[@]}")
        # -fork: a child's timeout or out-of-memory ends the run, as it does with one process.
        [ "$JOBS" -eq 1 ] || options+=(-fork="$JOBS" -ignore_timeouts=0 -ignore_ooms=0)
        [ "$round" -gt 1 ] || echo "fuzz: $target: running for $seconds s on $JOBS core(s): $bin ${options[*]} $corpus (log: $log)"
        started=$SECONDS
        CROSSFIRE_FUZZ_KNOWN_CLASSES="$known" "$bin" "${options[@]}" "$corpus" >"$round_log" 2>&1 &
        pid=$!
        interrupted=0
        trap 'interrupted=1; kill -INT "$pid" 2>/dev/null' INT TERM
        elapsed=0
        while kill -0 "$pid" 2>/dev/null; do
            sleep 1
            elapsed=$((elapsed + 1))
            if [ $((elapsed % 15)) -eq 0 ]; then
                line=$(grep -aE '^#[0-9]+' "$round_log" | tail -n 1 | sed -E 's/ (NEW|REDUCE|pulse|INITED) +/ /; s/ lim: [0-9]+//; s/ L: .*//; s/ dft_time: [0-9]+//')
                [ -n "$line" ] && echo "fuzz: $target: $((seconds - deadline + SECONDS))s $line"
            fi
        done
        wait "$pid"
        status=$?
        trap - INT TERM
        fuzzed=$((fuzzed + SECONDS - started))
        runs=$((runs + $(round_runs "$round_log" || echo 0)))
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
            echo "  reproduce: $crossfire replay $named"
            echo "  pin it:    $crossfire promote $named"
            classes+=("$named")
            continue
        fi
        # What ended the round, told by libFuzzer's output (its exit status does not say it for
        # running out of memory or being interrupted in every mode).
        if grep -aqE 'ERROR: libFuzzer: out-of-memory' "$round_log"; then
            status=71
        elif [ "$interrupted" -eq 1 ] || grep -aqE 'libFuzzer: run interrupted' "$round_log"; then
            status=72
        elif grep -aqE '^==[0-9]+==ERROR: AddressSanitizer' "$round_log"; then
            status=1
        elif grep -aqE 'ERROR: libFuzzer: timeout' "$round_log"; then
            status=70
        fi
        break
    done
    cov=$(last_stat "$log" cov)
    cov_start=$(first_cov "$log")
    features=$(last_stat "$log" ft)
    inputs=$(find "$corpus" -type f | wc -l)
    rate=$((fuzzed > 0 ? runs / fuzzed : runs))
    numbers="$(grouped "$runs") runs in ${fuzzed} s: $(grouped "$rate") exec/s ($(grouped $((rate / JOBS))) per core, $JOBS core(s))"
    if [ -n "$cov" ] && [ -n "$cov_start" ]; then
        numbers+=", coverage $(grouped "$cov_start") -> $(grouped "$cov") edges (+$(grouped $((cov - cov_start)))), $(grouped "${features:-0}") features"
    else
        numbers+=", no coverage reported (it stopped while running its corpus)"
    fi
    numbers+=", corpus $(grouped "$inputs_before") -> $(grouped "$inputs") inputs, ${#classes[@]} unexpected class(es)"
    if [ "${#classes[@]}" -gt 0 ] && { [ "$status" -eq 0 ] || [ "$status" -eq 72 ]; }; then
        # The time ran out (or Ctrl-C) after one or more classes were found.
        status=77
        summary="$target: FAILED (exit 77): ${#classes[@]} unexpected class(es): ${classes[*]}; $numbers"
    else
        case $status in
            0)  summary="$target: clean: $numbers" ;;
            77) summary="$target: CRASHED (exit 77): $artifact; $numbers" ;;
            70) summary="$target: TIMEOUT (exit 70): an input ran longer than 20 s: $artifact" ;;
            71) summary="$target: OUT OF MEMORY (exit 71): an input went over 2048 MB: $artifact" ;;
            72) summary="$target: INTERRUPTED (exit 72): $numbers" ;;
            1)  summary="$target: ASAN REPORT (exit 1): $(grep -aE '^SUMMARY: AddressSanitizer' "$log" | head -n 1); $artifact" ;;
            *)  summary="$target: ENDED WITH STATUS $status: see $log" ;;
        esac
        [ "${#classes[@]}" -eq 0 ] || summary="$summary; and ${#classes[@]} unexpected class(es) before it: ${classes[*]}"
        if [ "$status" -ne 0 ] && [ "$status" -ne 72 ]; then
            # The target's own report (a paragraph starting "crossfire Fuzz…"), the runtime's
            # message of a trap, or ASan's report.
            sed -n '/^crossfire Fuzz/,/^==[0-9]*==/p; /Fatal error/p; /^==[0-9]*==ERROR: AddressSanitizer/,/^SUMMARY/p' "$round_log" \
                | grep -v '^==[0-9]*== ERROR: libFuzzer' | sed 's/^/  /'
            if [ "$target" = FuzzDifferential ] && [ -n "$artifact" ]; then
                echo "  reproduce: $crossfire replay $artifact"
                echo "  pin it:    $crossfire promote $artifact"
            elif [ -n "$artifact" ]; then
                echo "  reproduce: $bin $artifact"
                echo "  once fixed, keep it: mkdir -p Corpus/fuzz/$target/found && cp $artifact Corpus/fuzz/$target/found/"
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
