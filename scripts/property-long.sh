#!/usr/bin/env bash
# The long run of the random-résumé property test (tests/e2e/random_resume_test.cpp):
#   scripts/property-long.sh [CASES] [JOBS]
# CASES seeds (default 5000) from CVPDF_RANDOM_SEED (default 1), over JOBS
# processes (default 2), then a summary of the failures by property: how
# many cases failed each, expected ones (the test's kExpectedFailures table)
# apart, with the first seeds of each. Exit 1 when any failure was not
# expected. Needs a built tree (scripts/build.sh); every failing input is
# kept in ${CVPDF_RANDOM_OUT:-/tmp/cvpdf-random}.
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-5000}"
jobs="${2:-2}"
binary=build/tests/e2e/test_e2e
if [[ ! -x "$binary" ]]; then
  echo "property-long: $binary is not built; run scripts/build.sh first" >&2
  exit 2
fi
logs="$(mktemp -d "${TMPDIR:-/tmp}/cvpdf-property-long-XXXXXX")"
echo "property-long: $cases cases from seed ${CVPDF_RANDOM_SEED:-1} in $jobs processes; logs in $logs"
start=$(date +%s)
pids=()
# gtest's own sharding deals the test's shards (Shards/RandomResumes.*) out
# to the processes.
for ((i = 0; i < jobs; i++)); do
  CVPDF_RANDOM_CASES="$cases" GTEST_TOTAL_SHARDS="$jobs" GTEST_SHARD_INDEX="$i" \
    "$binary" --gtest_filter='Shards/RandomResumes.*' >"$logs/job-$i.log" 2>&1 &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
elapsed=$(( $(date +%s) - start ))

# One line per failing case and property: "FAILURE property=P seed=S theme=T lang=L"
# or "EXPECTED-FAILURE property=P … (fixed by …)".
cat "$logs"/job-*.log | grep -E '^(EXPECTED-)?FAILURE property=' >"$logs/failures.txt" || true
ran=$(cat "$logs"/job-*.log | sed -n 's/^random-resume shard [0-9]*: \([0-9]*\) cases.*/\1/p' | awk '{n += $1} END {print n + 0}')
echo
echo "property-long: $ran cases in ${elapsed}s"
summary() {  # $1: the line prefix, $2: a heading
  local lines
  lines=$(grep -E "^$1 " "$logs/failures.txt" | sort -t= -k3,3n || true)
  [[ -z "$lines" ]] && return
  echo "$2 (cases failing each property; the first seeds, as seed/theme/lang):"
  echo "$lines" | sed -E 's/^[A-Z-]+ property=([^ ]+) seed=([0-9]+) theme=([^ ]+) lang=([^ ]+).*/\1 \2\/\3\/\4/' |
    awk '{count[$1]++; if (count[$1] <= 12) seeds[$1] = seeds[$1] " " $2}
         END {for (p in count) printf "  %-20s %6d  (%5.1f%%)  %s\n", p, count[p], 100 * count[p] / '"${ran:-1}"', seeds[p]}' |
    sort -k2,2nr
}
summary FAILURE "UNEXPECTED failures"
summary EXPECTED-FAILURE "Expected failures (kExpectedFailures; each fixed by an issue-11 item)"
if [[ "$status" -ne 0 ]] || grep -q '^FAILURE ' "$logs/failures.txt"; then
  echo "property-long: FAILED (see $logs/job-*.log for the boxes and strings)"
  exit 1
fi
echo "property-long: no unexpected failure"
