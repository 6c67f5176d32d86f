#!/usr/bin/env python3
"""Makes the photo files of the bad-input cases (tests/cli/bad/photos/) and
the photo fuzz corpus (tests/fuzz/corpus/photos/): small valid JPEGs and
PNGs of every kind cvpdf embeds, and malformed ones. PNGs are written here
(zlib); JPEGs come from cjpeg (libjpeg-turbo-progs) and, for Adobe CMYK,
pdftoppm -jpegcmyk, then are damaged by editing bytes. Run it from anywhere;
the files are committed, so tests need neither tool."""
import os
import struct
import subprocess
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "..", "fuzz", "corpus", "photos")


def chunk(kind, data, crc=None):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) if crc is None else crc)


def png(width, height, colour_type, depth, rows, palette=None, trns=None, interlace=0):
    """rows: the raw scanlines (without filter bytes) in file order."""
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, interlace))
    if palette:
        out += chunk(b"PLTE", palette)
    if trns:
        out += chunk(b"tRNS", trns)
    raw = b"".join(b"\0" + r for r in rows)
    return out + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def rgb_rows(w, h, alpha=False):
    rows = []
    for y in range(h):
        r = b""
        for x in range(w):
            r += bytes([255 * x // w, 120, 255 * y // h]) + (bytes([255 if x < w // 2 else 80]) if alpha else b"")
        rows.append(r)
    return rows


def adam7_rows(w, h, bytes_per_pixel, pixel):
    """The scanlines of an Adam7-interlaced image, pass by pass."""
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    rows = []
    for x0, y0, dx, dy in passes:
        xs = range(x0, w, dx)
        if not xs:
            continue
        for y in range(y0, h, dy):
            rows.append(b"".join(pixel(x, y) for x in xs))
    return rows


def valid_pngs():
    w, h = 16, 12
    yield "rgb.png", png(w, h, 2, 8, rgb_rows(w, h))
    yield "rgba.png", png(w, h, 6, 8, rgb_rows(w, h, alpha=True))
    yield "gray.png", png(w, h, 0, 8, [bytes(17 * (x % 16) for x in range(w)) for _ in range(h)])
    yield "gray-1bit.png", png(w, h, 0, 1, [bytes([0b10101010, 0b11001100]) for _ in range(h)])
    palette = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
    yield "palette-trns.png", png(w, h, 3, 8, [bytes((x + y) % 4 for x in range(w)) for y in range(h)],
                                  palette=palette, trns=bytes([0, 128, 255]))
    yield "palette-4bit.png", png(w, h, 3, 4, [bytes(((x % 4) << 4) | ((x + 1) % 4) for x in range(w // 2)) for _ in range(h)],
                                  palette=palette)
    yield "rgb16.png", png(w, h, 2, 16, [b"".join(struct.pack(">HHH", 4000 * x, 30000, 5000 * y) for x in range(w)) for y in range(h)])
    yield "gray-alpha16.png", png(w, h, 4, 16, [b"".join(struct.pack(">HH", 4000 * x, 60000 - 3000 * y) for x in range(w)) for y in range(h)])
    yield "interlaced.png", png(w, h, 2, 8, adam7_rows(w, h, 3, lambda x, y: bytes([16 * x, 20 * y, 90])), interlace=1)
    yield "rgb-trns.png", png(w, h, 2, 8, rgb_rows(w, h), trns=struct.pack(">HHH", 0, 120, 0))


def ppm(w, h):
    data = b"".join(bytes([255 * x // w, 200 - 10 * y, 60]) for y in range(h) for x in range(w))
    return b"P6\n%d %d\n255\n" % (w, h) + data


def cjpeg(options, w=16, h=12):
    return subprocess.run(["cjpeg", "-quality", "80"] + options, input=ppm(w, h), stdout=subprocess.PIPE, check=True).stdout


def cmyk_jpeg():
    page = b"1 0.2 0.1 rg 0 0 40 30 re f 0.1 0.3 0.9 rg 10 5 20 20 re f"
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 40 30] /Contents 4 0 R >>",
            b"<< /Length %d >>\nstream\n%s\nendstream" % (len(page), page)]
    pdf, offsets = b"%PDF-1.4\n", []
    for i, o in enumerate(objs, 1):
        offsets.append(len(pdf))
        pdf += b"%d 0 obj\n%s\nendobj\n" % (i, o)
    xref = len(pdf)
    pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    pdf += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "p.pdf"), "wb") as f:
            f.write(pdf)
        subprocess.run(["pdftoppm", "-jpegcmyk", "-r", "36", "-singlefile", os.path.join(tmp, "p.pdf"), os.path.join(tmp, "c")], check=True)
        with open(os.path.join(tmp, "c.jpg"), "rb") as f:
            return f.read()


def sof_offset(jpeg):
    """The offset of the first start-of-frame marker (FF C0 or FF C2)."""
    at = 2
    while True:
        marker, length = jpeg[at + 1], struct.unpack(">H", jpeg[at + 2:at + 4])[0]
        if marker in (0xC0, 0xC2):
            return at
        at += 2 + length


def with_byte(data, at, value):
    return data[:at] + bytes([value]) + data[at + 1:]


def sos_offset(jpeg):
    return jpeg.index(b"\xff\xda")


def photos():
    good = dict(valid_pngs())
    base = cjpeg(["-baseline"])
    good["baseline.jpg"] = base
    good["progressive.jpg"] = cjpeg(["-progressive"])
    good["gray.jpg"] = cjpeg(["-grayscale"])
    good["cmyk-adobe.jpg"] = cmyk_jpeg()
    bad = {}
    sof = sof_offset(base)
    bad["truncated.jpg"] = base[: len(base) * 2 // 3]
    bad["header-only.jpg"] = base[: sos_offset(base)] + b"\xff\xd9"
    bad["lossless-sof3.jpg"] = with_byte(base, sof + 1, 0xC3)
    bad["12-bit.jpg"] = with_byte(base, sof + 4, 12)
    bad["arithmetic.jpg"] = cjpeg(["-arithmetic"])
    bad["zero-width.jpg"] = base[: sof + 7] + b"\0\0" + base[sof + 9:]
    # 60000 x 60000 declared in the frame header, and nothing after it.
    bad["huge-dimensions.jpg"] = base[: sof + 5] + struct.pack(">HH", 60000, 60000) + base[sof + 9: sos_offset(base)]
    rgb = good["rgb.png"]
    bad["truncated.png"] = rgb[: len(rgb) - 30]
    palette = good["palette-trns.png"]
    bad["palette-truncated.png"] = palette[: len(palette) - 25]
    bad["bad-crc.png"] = rgb[:29] + b"\0\0\0\0" + rgb[33:]  # IHDR's CRC
    bad["zero-size.png"] = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 0, 12, 8, 2, 0, 0, 0)) + rgb[33:]
    # 60000 x 60000 RGBA declared (10.6 GB decoded) and the file ends there.
    bad["huge-dimensions.png"] = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 60000, 60000, 8, 6, 0, 0, 0))
    # A strip wider than the cap, and one at the cap (black, one row).
    bad["strip-65535x1.png"] = png(65535, 1, 0, 1, [bytes(8192)])
    good["strip-10000x1.png"] = png(10000, 1, 0, 1, [bytes(1250)])
    bad["damaged-png-named.jpg"] = rgb[:50] + bytes(40) + rgb[90:]
    bad["gif-named.jpg"] = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"
    return good, bad


def main():
    good, bad = photos()
    os.makedirs(CORPUS, exist_ok=True)
    for name, data in {**good, **bad}.items():
        if name != "strip-65535x1.png":
            with open(os.path.join(CORPUS, name), "wb") as f:
                f.write(data)
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
