#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets of the Fuzz/ package (all three in one `swift build`),
# checks each binary, and fuzzes each target on a working copy of its seed corpus.
#
#   FUZZ_TIME    seconds of fuzzing in all (default 300), shared by the targets run:
#                FuzzDifferential weighs 3, the others 1 each
#   FUZZ_TARGET  all (default), or a comma-separated list: FuzzDifferential,FuzzRESTJSON,FuzzSchemaJSON
#   JOBS         libFuzzer processes per target (default: the number of cores), fuzzing one corpus
#                at once, each reading what the others add to it
#   SANITIZER    address (default: AddressSanitizer) or none (coverage only, for throughput runs)
#
# Per target: Reports/fuzz/corpus/<Target>/ (the working corpus: the seeds of
# Corpus/fuzz/<Target>/ copied in, kept from run to run; `make fuzz-merge` minimizes it back
# into Corpus/fuzz/<Target>/merged/), Reports/fuzz/<Target>/ (libFuzzer's crash-*/timeout-*/
# oom-* artifacts and fuzz.log, the whole libFuzzer output). Each target's libFuzzer and ASan
# options are in Fuzz/options/<Target>.options.
# FuzzDifferential fails an input only for a new unexpected finding class: each such artifact is
# named crash-<cause>-<digest> (an input that shows several new classes is saved once per
# class, under each name its report prints), its causes join
# Reports/fuzz/FuzzDifferential/known-classes.txt, and that process starts again for the time
# left, so that a run gives one artifact per class, and its summary counts classes as its lines
# did. A crash (a mapper that traps) ends the target.
# Exit status: 0 when every target ran clean; else that of the first target that did not:
# 77 a failure (crash-*: an unexpected class, a trap or another deadly signal), 70 a timeout,
# 71 out of memory, 72 interrupted, 1 an ASan report, 2 a broken build. libFuzzer exits 77 for a
# crash and 70 for a timeout as told (-error_exitcode, -timeout_exitcode); for the other two it
# has no option (it ignores -oom_exitcode and -interrupted_exitcode as unknown flags) and keeps
# codes of its own (71, 72, but 0 for an interrupted -fork parent), so those are read from its
# output. A failure of one process (not a class: a trap, a timeout …) stops the others.
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
first_cov() { grep -aE 'INITED .*cov: [0-9]+' "$1" | head -n 1 | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+'; }
# The largest value of a statistic in a log (`cov: 123`): the best of all workers.
most_stat() { grep -aoE "$2: +[0-9]+" "$1" | grep -oE '[0-9]+$' | sort -n | tail -n 1; }
# 12345 as 12,345.
grouped() { sed -E ':a; s/([0-9])([0-9]{3})($|,)/\1,\2\3/; ta' <<<"$1"; }

if ! bin_dir=$(fuzz_build "$SANITIZER"); then
    echo "fuzz: summary"
    echo "  BROKEN BUILD (exit 2): the fuzz targets did not build"
    exit 2
fi

# One worker of a target: libFuzzer run after run on the target's corpus, shared with the other
# workers (each reads what the others add: -reload), until the deadline or a stop. A run that
# ends in a new unexpected class renames its artifact after the class, adds the class to the
# known ones and starts again; any other end stops the worker. It leaves $artifacts/worker-<n>.*:
# .log (every run's output), .round (the last run's), .pid (the libFuzzer running now),
# .classes (its named artifacts, one per class) and, when it ends, .result ("<status> <runs>").
fuzz_worker() {
    local prefix=$artifacts/worker-$1 status=0 runs=0 left pid artifact name named title report
    : >"$prefix.log"
    : >"$prefix.classes"
    while :; do
        left=$((deadline - $(date +%s)))
        if [ "$left" -lt 1 ] || [ -e "$stop" ]; then status=0; break; fi
        CROSSFIRE_FUZZ_KNOWN_CLASSES="$known" "$bin" "${options[@]}" -max_total_time="$left" "$corpus" >"$prefix.round" 2>&1 &
        pid=$!
        echo "$pid" >"$prefix.pid"
        wait "$pid"
        status=$?
        rm -f "$prefix.pid"
        runs=$((runs + $(last_stat "$prefix.round" stat::number_of_executed_units || echo 0)))
        cat "$prefix.round" >>"$prefix.log"
        artifact=$(grep -aoE "Test unit written to [^ ]+" "$prefix.round" | tail -n 1 | sed 's/Test unit written to //')
        mapfile -t names < <(grep -aoE '^  artifact: crash-[^ ]+' "$prefix.round" | sed 's/^  artifact: //')
        if [ "$status" -eq 77 ] && [ "${#names[@]}" -gt 0 ] && [ -f "$artifact" ]; then
            # One input may show several new unexpected classes (the target's report names
            # each, with its title just before its `fix:` line): each class gets the
            # artifact the report names, a copy of the one input, so that every name printed
            # is a file and the summary counts what the lines above it counted. A class another
            # worker found meanwhile has the same name, and is told once.
            mapfile -t titles < <(awk '/^  fix: /{print previous} {previous=$0}' "$prefix.round")
            grep -aE '^  cause: ' "$prefix.round" | sed 's/^  cause: //' >>"$known"
            new=()
            for index in "${!names[@]}"; do
                named=$artifacts/${names[$index]}
                [ "$artifact" = "$named" ] || cp -f "$artifact" "$named"
                grep -qxF "$named" "$artifacts"/worker-*.classes || new+=("$index")
                echo "$named" >>"$prefix.classes"
            done
            grep -qxF "$artifact" "$prefix.classes" || rm -f "$artifact"
            if [ "${#new[@]}" -gt 0 ]; then
                [ "${#new[@]}" -eq 1 ] && report="fuzz: $target: 1 new unexpected class:"$'\n' || report="fuzz: $target: ${#new[@]} new unexpected classes:"$'\n'
                for index in "${new[@]}"; do report+="  ${titles[$index]:-(untitled)}"$'\n'; done
                report+=$(sed -n '/^crossfire Fuzz/,/^==[0-9]*==/p' "$prefix.round" | grep -v '^==[0-9]*==' | sed 's/^/  /')$'\n'
                for index in "${new[@]}"; do
                    named=$artifacts/${names[$index]}
                    report+="  reproduce: $crossfire replay $named"$'\n'"  pin it:    $crossfire promote $named"$'\n'
                done
                printf '%s' "$report"
            fi
            continue
        fi
        # What ended the run, told by libFuzzer's output (its exit status does not say it for
        # running out of memory or being interrupted in every mode).
        if grep -aqE 'ERROR: libFuzzer: out-of-memory' "$prefix.round"; then
            status=71
        elif grep -aqE 'libFuzzer: run interrupted' "$prefix.round"; then
            status=72
        elif grep -aqE '^==[0-9]+==ERROR: AddressSanitizer' "$prefix.round"; then
            status=1
        elif grep -aqE 'ERROR: libFuzzer: timeout' "$prefix.round"; then
            status=70
        fi
        break
    done
    echo "$status $runs" >"$prefix.result"
}

# Asks every worker's running libFuzzer to stop (it writes its statistics and exits 72).
stop_workers() {
    touch "$stop"
    local file
    for file in "$artifacts"/worker-*.pid; do
        [ -f "$file" ] && kill -INT "$(cat "$file")" 2>/dev/null
    done
}

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
    rm -f "$artifacts"/worker-* "$artifacts/stop"
    cp -R -n Corpus/fuzz/"$target"/. "$corpus"/ 2>/dev/null
    inputs_before=$(find "$corpus" -type f | wc -l)
    fuzz_export_asan_options "Fuzz/options/$target.options"
    mapfile -t target_options < <(fuzz_options "Fuzz/options/$target.options" Fuzz/dictionaries)
    options=(-timeout=20 -rss_limit_mb=2048 -print_final_stats=1 -error_exitcode=77 -timeout_exitcode=70
             -artifact_prefix="$artifacts/" "${target_options[@]}")
    # FuzzDifferential fails an input only for a finding class it has no artifact for yet
    # (KnownClasses): after each failure the input's classes join the list, the artifact is
    # named by its class, and that worker starts again for the time left — one bug, one artifact.
    known=$artifacts/known-classes.txt
    stop=$artifacts/stop
    : >"$known"
    echo "fuzz: $target: running for $seconds s, $JOBS process(es) on one corpus: $bin ${options[*]} -max_total_time=$seconds $corpus (log: $log)"
    started=$SECONDS
    deadline=$(($(date +%s) + seconds))
    workers=()
    for worker in $(seq 1 "$JOBS"); do
        fuzz_worker "$worker" &
        workers+=($!)
    done
    interrupted=0
    trap 'interrupted=1; stop_workers' INT TERM
    stopping=0
    while :; do
        running=0
        for pid in "${workers[@]}"; do kill -0 "$pid" 2>/dev/null && running=1; done
        [ "$running" -eq 1 ] || break
        sleep 1
        # A worker that ended on anything but time or a class stops the others.
        if [ "$stopping" -eq 0 ] && grep -lvE '^(0|72) ' "$artifacts"/worker-*.result >/dev/null 2>&1; then
            stopping=1
            stop_workers
        fi
        if [ $(((SECONDS - started) % 15)) -eq 0 ]; then
            now=0 cov=0 features=0
            for file in "$artifacts"/worker-*.round; do
                line=$(grep -aE '^#[0-9]+' "$file" 2>/dev/null | tail -n 1)
                [ -n "$line" ] || continue
                now=$((now + $(grep -oE '^#[0-9]+' <<<"$line" | tr -d '#')))
                value=$(grep -oE 'cov: [0-9]+' <<<"$line" | grep -oE '[0-9]+'); [ "${value:-0}" -le "$cov" ] || cov=$value
                value=$(grep -oE 'ft: [0-9]+' <<<"$line" | grep -oE '[0-9]+'); [ "${value:-0}" -le "$features" ] || features=$value
            done
            echo "fuzz: $target: $((SECONDS - started))s: $(grouped "$now") runs so far, coverage $(grouped "$cov") edges, $(grouped "$features") features, corpus $(grouped "$(find "$corpus" -type f | wc -l)") inputs"
        fi
    done
    wait
    trap - INT TERM
    fuzzed=$((SECONDS - started))
    # The target's end: the first worker that ended on a failure; else interrupted or clean.
    status=0 runs=0 failing=
    : >"$log"
    for worker in $(seq 1 "$JOBS"); do
        prefix=$artifacts/worker-$worker
        read -r worker_status worker_runs <"$prefix.result"
        runs=$((runs + worker_runs))
        { echo "==== worker $worker"; cat "$prefix.log"; } >>"$log"
        if [ -z "$failing" ] && [ "$worker_status" -ne 0 ] && [ "$worker_status" -ne 72 ]; then
            failing=$prefix
            status=$worker_status
        fi
    done
    [ -n "$failing" ] || [ "$interrupted" -eq 0 ] || status=72
    mapfile -t classes < <(sort -u "$artifacts"/worker-*.classes)
    round_log=${failing:-$artifacts/worker-1}.round
    artifact=$(grep -aoE "Test unit written to [^ ]+" "$round_log" | tail -n 1 | sed 's/Test unit written to //')
    cov=$(most_stat "$log" cov)
    cov_start=$(first_cov "$log")
    features=$(most_stat "$log" ft)
    inputs=$(find "$corpus" -type f | wc -l)
    rate=$((fuzzed > 0 ? runs / fuzzed : runs))
    numbers="$(grouped "$runs") runs in ${fuzzed} s: $(grouped "$rate") exec/s ($(grouped $((rate / JOBS))) per process, $JOBS process(es))"
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
            77) # The other processes may have crashed too before they were stopped.
                others=$(find "$artifacts" -maxdepth 1 -regextype posix-extended -regex '.*/crash-[0-9a-f]{40}' ! -path "$artifact" | wc -l)
                summary="$target: CRASHED (exit 77): $artifact"
                [ "$others" -eq 0 ] || summary+=" (and $others more crash-* beside it, from the other processes)"
                summary+="; $numbers" ;;
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
    rm -f "$artifacts"/worker-* "$stop"
    echo "fuzz: $summary"
    summaries+=("$summary")
    [ "$status" -eq 0 ] || [ "$first_failure" -ne 0 ] || first_failure=$status
    [ "$status" -ne 72 ] || break
done

echo "fuzz: summary"
for summary in "${summaries[@]}"; do echo "  $summary"; done
exit "$first_failure"
