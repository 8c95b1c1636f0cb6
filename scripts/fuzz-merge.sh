#!/usr/bin/env bash
# make fuzz-merge: minimizes each target's working corpus (Reports/fuzz/corpus/<Target>/, which
# make fuzz grows) into Corpus/fuzz/<Target>/merged/, a folder a team can commit, with libFuzzer's
# -merge=1: of the working inputs and those already merged, the fewest that reach every feature
# the committed seeds (the generated ones and found/) do not. merged/ is replaced; make fuzz copies
# it into the working corpus with the rest of the seeds, and the test suite replays it. An input
# that fails its target (a FuzzDifferential input of a class a run already had an artifact for)
# is left out: libFuzzer's merge skips inputs that crash.
#
#   FUZZ_TARGET  all (default), or a comma-separated list: FuzzDifferential,FuzzRESTJSON,FuzzSchemaJSON
#   SANITIZER    address (default) or none: the build whose coverage decides
#
# Exit status: 0 when every target merged, 1 when a merge failed, 2 on a broken build.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/fuzz-lib.sh

SWIFT=${SWIFT:-swift}
FUZZ_TARGET=${FUZZ_TARGET:-all}
SANITIZER=${SANITIZER:-address}

fuzz_select_targets fuzz-merge || exit 2
[[ "$SANITIZER" =~ ^(address|none)$ ]] || { echo "fuzz-merge: SANITIZER must be address or none, not '$SANITIZER'" >&2; exit 2; }

bin_dir=$(fuzz_build "$SANITIZER") || exit 2
status=0
for target in "${targets[@]}"; do
    bin=$bin_dir/$target
    fuzz_check_binary "$bin" "$SANITIZER" || exit 2
    working=Reports/fuzz/corpus/$target
    committed=Corpus/fuzz/$target
    if [ ! -d "$working" ]; then
        echo "fuzz-merge: $target: no working corpus in $working: run make fuzz first"
        continue
    fi
    scratch=$(mktemp -d)
    # The committed seeds, which the merged inputs must add to: the generated ones and found/.
    mkdir -p "$scratch/seeds"
    find "$committed" -path "$committed/merged" -prune -o -type f -print | while read -r file; do
        cp "$file" "$scratch/seeds/$(basename "$(dirname "$file")")-$(basename "$file")"
    done
    before=$(find "$scratch/seeds" -type f | sort)
    mkdir -p "$committed/merged"
    fuzz_export_asan_options "Fuzz/options/$target.options"
    echo "fuzz-merge: $target: $bin -merge=1 <the committed seeds> $committed/merged $working"
    if ! "$bin" -merge=1 -timeout=20 -rss_limit_mb=2048 -detect_leaks=0 "$scratch/seeds" "$committed/merged" "$working" >"$scratch/merge.log" 2>&1; then
        echo "fuzz-merge: $target: the merge failed; its output:"
        tail -n 20 "$scratch/merge.log" | sed 's/^/  /'
        status=1
        rm -rf "$scratch"
        continue
    fi
    offered=$(( $(find "$committed/merged" -type f | wc -l) + $(find "$working" -type f | wc -l) ))
    rm -rf "$committed/merged"
    mkdir -p "$committed/merged"
    comm -13 <(echo "$before") <(find "$scratch/seeds" -type f | sort) | while read -r file; do cp "$file" "$committed/merged/"; done
    kept=$(find "$committed/merged" -type f | wc -l)
    features=$(grep -aoE 'MERGE-OUTER: [0-9]+ new files with [0-9]+ new features' "$scratch/merge.log" | tail -n 1 | grep -oE '[0-9]+ new features')
    skipped=$(grep -acE '^==[0-9]+== ERROR: libFuzzer: deadly signal|^crossfire Fuzz' "$scratch/merge.log")
    echo "fuzz-merge: $target: kept $kept of $offered inputs in $committed/merged/ (${features:-0 new features} over the committed seeds; $skipped failing input(s) left out)"
    rm -rf "$scratch"
done
exit "$status"
