#!/usr/bin/env bash
# The sanitizer suite: builds cvpdf and every test with clang-14, AddressSanitizer
# and UndefinedBehaviorSanitizer (-DCVPDF_SANITIZE=ON) in build-asan/, then runs
# ctest there. Any report stops its process with a failure (halt_on_error);
# leaks are checked, except fontconfig's cache, which it keeps for the process
# (tests/fuzz/lsan.supp). The fuzz corpus replayers run here too.
# scripts/test.sh (and so CI) runs it after the normal suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

root=$PWD
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$root/tests/fuzz/lsan.supp:print_suppressions=0"
if [ -x /usr/lib/llvm-14/bin/llvm-symbolizer ]; then
  export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
fi
# The CLI tests give each run of the (slower) sanitized binary more time.
export CVPDF_CLI_TIMEOUT_SCALE=4
# The random résumés' layout properties are held by the normal suite's 200;
# here 32 of them (and every kept seed) look for memory and UB errors, which
# keeps the whole CI run inside its time budget.
export CVPDF_RANDOM_CASES=${CVPDF_RANDOM_CASES:-32}
# Likewise the 100000-entry résumé (its time is the normal suite's to hold):
# 20000 entries take the same paths in a fifth of the time.
export CVPDF_GENERATED_ENTRIES=${CVPDF_GENERATED_ENTRIES:-20000}

# -O1 with line tables: the usual sanitizer build, quick to compile and still
# giving file:line in reports.
cmake -S . -B build-asan -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" \
  -DCVPDF_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$(nproc)"
# Not here: the packaging tests (a .deb of the sanitized binary, lintian)
# and the schema's validation by yaml-language-server judge files, not our
# memory; the normal suite holds them, and they cost the CI run minutes.
# Nor the tests whose time goes to an outside program judging output other
# tests make here too: the tight-symbol checks (poppler at 600 dpi) and the
# PDF/UA checker run on files spoiled on purpose (pikepdf).
ctest --test-dir build-asan --output-on-failure -j "$(nproc)" -LE 'packaging|schema' \
  -E '^(TightSymbols\.|PdfUa\.EachCheckFailsOnAFileSpoiledToBreakIt$)' "$@"
