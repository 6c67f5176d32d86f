#!/usr/bin/env python3
"""The speed and size targets of docs/performance.md, measured: one row per
case, the median and the minimum wall time of RUNS runs, the peak resident
memory (the largest of the runs) and the bytes written.

Each run is one process, started with posix_spawn and reaped with wait4,
which gives that process's own peak RSS; the wall time is taken around the
two. Not run by ctest: timings on a shared machine are noise. Run it on a
quiet machine, after a Release build:

    tests/bench/targets.py [RUNS]          (default 21; CVPDF=path/to/cvpdf)
    tests/bench/targets.py --instructions  (one run each under callgrind)
    tests/bench/targets.py --against OLD [RUNS]
                                           (OLD's runs and this build's in
                                            turns, so both meet the same load)

--instructions counts each case's instructions instead (valgrind
--tool=callgrind, the whole process): a figure the machine's load does not
move, which is what changes are judged by on a shared machine.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARGS = sys.argv[1:]
INSTRUCTIONS = ARGS[:1] == ["--instructions"]
AGAINST = os.path.abspath(ARGS[1]) if ARGS[:1] == ["--against"] and len(ARGS) > 1 else None
if INSTRUCTIONS or AGAINST:
    ARGS = ARGS[1 if INSTRUCTIONS else 2:]
RUNS = int(ARGS[0]) if ARGS else 21
BINARY = os.path.abspath(os.environ.get("CVPDF", os.path.join(ROOT, "build", "cvpdf")))


def run_once(argv):
    """Wall time (ms) and peak RSS (MB) of one run of argv."""
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter_ns() - start) / 1e6
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed ({os.waitstatus_to_exitcode(status)}): {' '.join(argv)}")
    return wall, usage.ru_maxrss / 1024


def measure(argv, outputs):
    walls, rss = [], []
    run_once(argv)  # warm the page cache and fontconfig's
    for _ in range(RUNS):
        wall, peak = run_once(argv)
        walls.append(wall)
        rss.append(peak)
    size = sum(os.path.getsize(p) for p in outputs)
    return statistics.median(walls), min(walls), max(rss), size


def instructions(argv):
    """Instructions (millions) of one run of argv under callgrind: every
    process (--all forks one for its later languages) and thread summed,
    the work of the run whichever core did it."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.findall(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or not found:
        sys.exit(f"callgrind failed ({done.returncode}): {' '.join(argv)}\n{done.stderr[-2000:]}")
    return sum(int(n.replace(",", "")) for n in found) / 1e6


def compare(cases):
    """Each case run by AGAINST and by BINARY in turns (which goes first
    alternates): a shared host's load then falls on both alike."""
    print(f"{RUNS} runs each, in turns, of {AGAINST} (old) and {BINARY} (new)\n")
    header = f"{'case':26} {'median old':>11} {'new':>7} {'min old':>8} {'new':>7} {'RSS MB old':>11} {'new':>6}"
    print(header)
    print("-" * len(header))
    for name, argv, _, _ in cases:
        runs = {AGAINST: [], BINARY: []}
        for binary in runs:
            run_once([binary] + argv[1:])  # warm the page cache
        for i in range(RUNS):
            for binary in ([AGAINST, BINARY] if i % 2 == 0 else [BINARY, AGAINST]):
                runs[binary].append(run_once([binary] + argv[1:]))
        old, new = runs[AGAINST], runs[BINARY]
        median = lambda r: statistics.median(w for w, _ in r)
        least = lambda r: min(w for w, _ in r)
        peak = lambda r: max(m for _, m in r)
        print(f"{name:26} {median(old):11.1f} {median(new):7.1f} {least(old):8.1f} {least(new):7.1f}"
              f" {peak(old):11.1f} {peak(new):6.1f}")


def main():
    if not os.access(BINARY, os.X_OK):
        sys.exit("build first: bash scripts/build.sh (or set CVPDF=path/to/cvpdf)")
    with tempfile.TemporaryDirectory() as out:
        long_cv = os.path.join(out, "academic-1200.yaml")
        with open(long_cv, "w") as f:
            subprocess.run([sys.executable, os.path.join(ROOT, "tests/bench/make_academic_cv.py"), "1200"],
                           stdout=f, check=True)
        resume = os.path.join(ROOT, "resume.yaml")
        academic = os.path.join(ROOT, "examples/academic.yaml")
        pdf = os.path.join(out, "cv.pdf")
        cases = [
            # name, argv, outputs, targets (wall ms, RSS MB, KB): those of
            # docs/performance.md; a PDF may grow by 10% at most
            ("resume.yaml en", [BINARY, "-q", resume, "--lang", "en", "-o", pdf], [pdf], (50, 30, 38)),
            ("resume.yaml zh", [BINARY, "-q", resume, "--lang", "zh", "-o", pdf], [pdf], (65, 40, 114)),
            ("--all (en + zh)", [BINARY, "-q", resume, "--all", "-o", os.path.join(out, "cv-{lang}.pdf")],
             [os.path.join(out, "cv-en.pdf"), os.path.join(out, "cv-zh.pdf")], (110, None, None)),
            ("academic.yaml (150 pubs)", [BINARY, "-q", academic, "-o", pdf], [pdf], (None, None, None)),
            # Its last page is short: without the --set it is fitted to one
            # page fewer, a few layouts more (docs/performance.md says so).
            ("1200 publications", [BINARY, "-q", long_cv, "--set", "fit.short-page=0", "-o", pdf], [pdf],
             (400, None, 607)),
            ("check resume.yaml", [BINARY, "check", "-q", resume], [], (None, None, None)),
        ]
        if INSTRUCTIONS:
            if not shutil.which("valgrind"):
                sys.exit("--instructions needs valgrind (apt-get install valgrind)")
            print(f"instructions of one run each of {BINARY} (callgrind)\n")
            for name, argv, _, _ in cases + [("--version (start-up)", [BINARY, "--version"], [], None)]:
                print(f"{name:26} {instructions(argv):10.1f} M")
            return
        if AGAINST:
            compare(cases)
            return
        print(f"{RUNS} runs each of {BINARY}\n")
        header = f"{'case':26} {'median ms':>10} {'min ms':>8} {'target':>7} {'RSS MB':>7} {'target':>7} {'KB':>7} {'target':>7}"
        print(header)
        print("-" * len(header))
        for name, argv, outputs, (t_wall, t_rss, t_kb) in cases:
            median, least, rss, size = measure(argv, outputs)
            show = lambda target: "" if target is None else f"≤{target}"
            kb = f"{size / 1024:.1f}" if outputs else ""
            print(f"{name:26} {median:10.1f} {least:8.1f} {show(t_wall):>7} {rss:7.1f} {show(t_rss):>7} {kb:>7} {show(t_kb):>7}")


if __name__ == "__main__":
    main()
