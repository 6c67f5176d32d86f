#!/usr/bin/env python3
"""Makes the photos whose colours are not sRGB of tests/e2e/pdfa_validation_test.cpp:
PNGs that carry an ICC profile (iCCP) from Debian's icc-profiles-free, or a
gamma only (gAMA), of each kind cvpdf embeds (8-bit RGB, 16-bit RGB with
alpha, a palette with a transparent entry, gray with alpha). Each is two
flat patches side by side (left, right), so that a rendering of the PDF has
whole areas of one colour to read; the photos with alpha are transparent in
their lower half. The PNGs are written by tests/cli/bad/photos/make_photos.py's
writer; the files are committed, so the tests need neither this script nor
the profiles' package. Run it from anywhere with Debian's python3 and
python3-pil (for the printed values) and icc-profiles-free installed.

The sRGB values each patch must come out as are printed: lcms2's (through
Pillow's ImageCms, relative colorimetric with black point compensation, as
cvpdf converts), and the test states them."""
import importlib.util
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ICC = "/usr/share/color/icc/"
spec = importlib.util.spec_from_file_location("make_photos", os.path.join(HERE, "..", "..", "cli", "bad", "photos", "make_photos.py"))
make_photos = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_photos)
chunk, png = make_photos.chunk, make_photos.png

W, H = 32, 32
# Adobe RGB (1998) patches whose sRGB values differ from their numbers by
# 30 levels or more (a pure green would not do: it lies outside sRGB and
# clips to sRGB's own 0, 255, 0).
RED, BLUE = (200, 60, 40), (60, 160, 200)
GRAY = 128


def with_chunks(data, *chunks):
    """`data` with `chunks` right after IHDR (8 bytes of signature, 25 of IHDR)."""
    return data[:33] + b"".join(chunks) + data[33:]


def iccp(name, profile_file):
    with open(ICC + profile_file, "rb") as f:
        return chunk(b"iCCP", name + b"\0\0" + zlib.compress(f.read(), 9))


def patches(pixel, alpha=None):
    """Rows of the left patch's `pixel(RED)` and the right one's `pixel(BLUE)`,
    with `alpha(y)` bytes after each pixel when given."""
    rows = []
    for y in range(H):
        a = alpha(y) if alpha else b""
        rows.append(b"".join(pixel(RED if x < W // 2 else BLUE) + a for x in range(W)))
    return rows


def photos():
    adobe = iccp(b"Adobe RGB (1998)", "compatibleWithAdobeRGB1998.icc")
    yield "adobe-rgb.png", with_chunks(png(W, H, 2, 8, patches(bytes)), adobe)
    wide = lambda c: struct.pack(">HHH", *(257 * v for v in c))
    lower_clear = lambda y: struct.pack(">H", 65535 if y < H // 2 else 0)
    yield "adobe-rgba16.png", with_chunks(png(W, H, 6, 16, patches(wide, lower_clear)), adobe)
    palette = bytes(RED + BLUE + (255, 255, 255))
    rows = [bytes((0 if x < W // 2 else 1) if y < H // 2 else 2 for x in range(W)) for y in range(H)]
    yield "adobe-palette-trns.png", with_chunks(png(W, H, 3, 8, rows, palette=palette, trns=bytes([255, 255, 0])), adobe)
    # Gray.icc is linear gray (gamma 1.0): a gray of 128 is sRGB's 188.
    gray = lambda c: bytes([GRAY if c == RED else 64])
    yield "gray-linear-alpha.png", with_chunks(png(W, H, 4, 8, patches(gray, lambda y: bytes([255 if y < H // 2 else 0]))),
                                               iccp(b"Gray", "Gray.icc"))
    # gAMA 1.0 and no cHRM: linear light in sRGB's primaries, as browsers read it.
    yield "gamma-linear.png", with_chunks(png(W, H, 2, 8, patches(bytes)), chunk(b"gAMA", struct.pack(">I", 100000)))


def expected():
    from PIL import Image, ImageCms
    srgb = ImageCms.createProfile("sRGB")
    adobe = ImageCms.getOpenProfile(ICC + "compatibleWithAdobeRGB1998.icc")
    to_srgb = ImageCms.buildTransform(adobe, srgb, "RGB", "RGB", renderingIntent=1, flags=0x2000)
    for c in (RED, BLUE):
        print("Adobe RGB", c, "-> sRGB", ImageCms.applyTransform(Image.new("RGB", (1, 1), c), to_srgb).getpixel((0, 0)))
    gray = ImageCms.getOpenProfile(ICC + "Gray.icc")
    gray_to_srgb = ImageCms.buildTransform(gray, srgb, "L", "RGB", renderingIntent=1, flags=0x2000)
    for v in (GRAY, 64):
        print("linear gray", v, "-> sRGB", ImageCms.applyTransform(Image.new("L", (1, 1), v), gray_to_srgb).getpixel((0, 0)))
    encode = lambda v: round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))
    for c in (RED, BLUE):
        print("linear RGB", c, "-> sRGB", tuple(encode(v / 255) for v in c))


def main():
    for name, data in photos():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
    expected()


if __name__ == "__main__":
    main()
