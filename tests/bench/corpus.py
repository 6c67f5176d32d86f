#!/usr/bin/env python3
"""A corpus of PDFs to compare two builds by what a reader gets: the same
text and the same pixels. For changes that must not change the output
(a library swapped under the writer, a stage rewritten): render the corpus
with the old binary and the new one, then compare.

    tests/bench/corpus.py render DIR [CVPDF]   (default build/cvpdf)
    tests/bench/corpus.py compare OLD_DIR NEW_DIR

The corpus: resume.yaml and every example in every built-in theme and
every language it declares; resume.yaml with --pdfa in every theme, with
--debug-layout, and with photos of every kind pdftoppm and cvpdf make
(JPEG colour and grey, PNG colour, grey and cvpdf's own); a 1200-
publication CV (tests/bench/make_academic_cv.py). `render` writes each PDF
with, beside it, its text (pdftotext), a hash of each page's pixels
(pdftoppm -r 80) and qpdf --check's verdict. `compare` lists every PDF
whose text or pixels differ, any qpdf failure, and each side's total
bytes; exit 1 on a difference.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENV = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")


def run(argv, **kw):
    return subprocess.run(argv, env=ENV, capture_output=True, **kw)


def themes(binary):
    out = run([binary, "themes"], check=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def photos(binary, work):
    """Photo files of several kinds, made from a page of resume.yaml."""
    seed = os.path.join(work, "seed.pdf")
    run([binary, os.path.join(ROOT, "resume.yaml"), "-o", seed], check=True)
    made = {}
    for name, args in {
        "jpeg": ["-jpeg"],
        "jpeg-grey": ["-jpeg", "-gray"],
        "png": ["-png"],
        "png-grey": ["-png", "-gray"],
    }.items():
        base = os.path.join(work, name)
        run(["pdftoppm", "-r", "12", "-singlefile", "-f", "1", "-l", "1", *args, seed, base], check=True)
        made[name] = base + (".jpg" if "jpeg" in name else ".png")
    own = os.path.join(work, "own-{page}.png")
    run([binary, os.path.join(ROOT, "examples", "minimal.yaml"), "--dpi", "15", "-o", own], check=True)
    made["png-cvpdf"] = own.replace("{page}", "1")
    return made


def with_photo(work, photo):
    """resume.yaml with `photo:` set, written next to the photo."""
    text = open(os.path.join(ROOT, "resume.yaml"), encoding="utf-8").read()
    lines = text.splitlines(keepends=True)
    out = []
    for line in lines:
        out.append(line)
        if line.startswith("person:"):
            out.append(f"  photo: {os.path.basename(photo)}\n")
    path = os.path.join(os.path.dirname(photo), os.path.basename(photo) + ".yaml")
    open(path, "w", encoding="utf-8").write("".join(out))
    return path


def cases(binary, work):
    """(name, argv tail) for every PDF of the corpus."""
    inputs = [os.path.join(ROOT, "resume.yaml")]
    inputs += sorted(
        os.path.join(ROOT, "examples", f)
        for f in os.listdir(os.path.join(ROOT, "examples"))
        if f.endswith((".yaml", ".json"))
    )
    out = []
    for theme in themes(binary):
        for path in inputs:
            stem = os.path.splitext(os.path.basename(path))[0]
            out.append((f"{stem}-{theme}-{{lang}}", [path, "--theme", theme, "--all"]))
        out.append((f"pdfa-{theme}-{{lang}}", [inputs[0], "--theme", theme, "--all", "--pdfa"]))
    out.append(("debug-{lang}", [inputs[0], "--all", "--debug-layout"]))
    for kind, photo in photos(binary, work).items():
        out.append((f"photo-{kind}-{{lang}}", [with_photo(work, photo), "--all"]))
    long_cv = os.path.join(work, "academic-1200.yaml")
    with open(long_cv, "w", encoding="utf-8") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "tests/bench/make_academic_cv.py"), "1200"], stdout=f,
                       check=True)
    out.append(("academic-1200-{lang}", [long_cv]))
    return out


def describe(pdf):
    text = run(["pdftotext", "-enc", "UTF-8", pdf, "-"]).stdout
    with tempfile.TemporaryDirectory() as pages:
        run(["pdftoppm", "-r", "80", "-png", pdf, os.path.join(pages, "p")], check=True)
        pixels = [hashlib.sha256(open(os.path.join(pages, p), "rb").read()).hexdigest() for p in sorted(os.listdir(pages))]
    check = run(["qpdf", "--check", pdf])
    return {
        "text": hashlib.sha256(text).hexdigest(),
        "pixels": pixels,
        "qpdf": check.returncode == 0 and b"No syntax or stream encoding errors" in check.stdout,
        "bytes": os.path.getsize(pdf),
    }, text


def render(out_dir, binary):
    binary = os.path.abspath(binary)
    os.makedirs(out_dir, exist_ok=True)
    manifest = {}
    with tempfile.TemporaryDirectory() as work:
        for name, args in cases(binary, work):
            target = os.path.join(out_dir, name + ".pdf")
            r = run([binary, *args, "-q", "-o", target])
            if r.returncode != 0:
                sys.exit(f"{name}: cvpdf failed ({r.returncode}): {r.stderr.decode(errors='replace')}")
        for pdf in sorted(f for f in os.listdir(out_dir) if f.endswith(".pdf")):
            facts, text = describe(os.path.join(out_dir, pdf))
            open(os.path.join(out_dir, pdf[:-4] + ".txt"), "wb").write(text)
            manifest[pdf] = facts
    json.dump(manifest, open(os.path.join(out_dir, "manifest.json"), "w"), indent=1, sort_keys=True)
    print(f"{len(manifest)} PDFs in {out_dir}, {sum(m['bytes'] for m in manifest.values())} bytes")


def compare(old_dir, new_dir):
    old = json.load(open(os.path.join(old_dir, "manifest.json")))
    new = json.load(open(os.path.join(new_dir, "manifest.json")))
    problems = []
    for name in sorted(set(old) | set(new)):
        if name not in old or name not in new:
            problems.append(f"{name}: only in {'new' if name in new else 'old'}")
            continue
        if old[name]["text"] != new[name]["text"]:
            problems.append(f"{name}: text differs")
        if old[name]["pixels"] != new[name]["pixels"]:
            problems.append(f"{name}: pixels differ ({len(old[name]['pixels'])} → {len(new[name]['pixels'])} pages)")
        if not new[name]["qpdf"]:
            problems.append(f"{name}: qpdf --check fails")
    for line in problems:
        print(line)
    total_old = sum(m["bytes"] for m in old.values())
    total_new = sum(m["bytes"] for m in new.values())
    print(f"{len(new)} PDFs; bytes {total_old} → {total_new} ({100.0 * (total_new - total_old) / total_old:+.1f}%)")
    big = [(n, old[n]["bytes"], new[n]["bytes"]) for n in new if n in old and new[n]["bytes"] > 1.1 * old[n]["bytes"]]
    for n, a, b in sorted(big):
        print(f"  {n}: {a} → {b} bytes (+{100.0 * (b - a) / a:.1f}%)")
    print("same text and pixels" if not problems else f"{len(problems)} differences")
    return 1 if problems else 0


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "render":
        render(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, "build", "cvpdf"))
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == "compare":
        return compare(sys.argv[2], sys.argv[3])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
