#!/usr/bin/env bash
# Runs one libFuzzer target for a while: tests/fuzz/run.sh TARGET SECONDS [libFuzzer args...]
# TARGET is loader, breaker, shaping, fonts, photos or pipeline. Builds build-fuzz (clang-14,
# ASan + UBSan + coverage) if needed, fuzzes with a working corpus in
# build-fuzz/fuzz/TARGET seeded from tests/fuzz/corpus/TARGET, and leaves
# crash/timeout inputs in build-fuzz/fuzz/TARGET-artifacts/. New interesting
# inputs are not committed by this script; merge them by hand:
#   build-fuzz/tests/fuzz/fuzz_TARGET -merge=1 tests/fuzz/corpus/TARGET build-fuzz/fuzz/TARGET
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:?usage: run.sh TARGET SECONDS [libFuzzer args]}
seconds=${2:?usage: run.sh TARGET SECONDS [libFuzzer args]}
shift 2

if [ ! -f build-fuzz/CMakeCache.txt ]; then
  cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
    -DCVPDF_SANITIZE=ON -DCVPDF_FUZZERS=ON -DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link >/dev/null
fi
cmake --build build-fuzz -j 1 --target "fuzz_$target"

work=build-fuzz/fuzz/$target
artifacts=build-fuzz/fuzz/$target-artifacts
mkdir -p "$work" "$artifacts"
dict=()
case $target in loader | pipeline) dict=(-dict=tests/fuzz/yaml.dict) ;; esac
case $target in
  pipeline) limits=(-max_len=8192 -timeout=20 -rss_limit_mb=3072) ;;
  shaping) limits=(-max_len=2048 -timeout=10) ;;
  *) limits=(-max_len=65536 -timeout=10) ;;
esac

export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/fuzz/lsan.supp}
exec "build-fuzz/tests/fuzz/fuzz_$target" "${dict[@]}" "${limits[@]}" \
  -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$artifacts/" \
  "$@" "$work" "tests/fuzz/corpus/$target"
