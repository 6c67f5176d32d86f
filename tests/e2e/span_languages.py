#!/usr/bin/python3
"""The text under each structure element that sets a /Lang, read with
pikepdf (not cvpdf's own code): the marked content of the element's MCIDs,
its codes decoded through each font's ToUnicode CMap.

    span_languages.py FILE.pdf    one line per element with /Lang:
                                  "LANG<TAB>its text"

Run by tests/e2e/scripts_test.cpp (a run in another script than the
document's gets its own /Lang).
"""
import re
import sys

import pikepdf
from pikepdf import Array, Dictionary, Name

HEX = rb"<([0-9A-Fa-f]*)>"


def utf16(hexstr):
    return bytes.fromhex(hexstr.decode()).decode("utf-16-be", "replace")


def to_unicode(font):
    """code → text of a Type0 font's ToUnicode (bfchar and bfrange)."""
    out = {}
    if "/ToUnicode" not in font:
        return out
    text = font.ToUnicode.read_bytes()
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(HEX + rb"\s*" + HEX, block):
            out[int(src, 16)] = utf16(dst)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi, dst in re.findall(HEX + rb"\s*" + HEX + rb"\s*" + HEX, block):
            first = utf16(dst)
            for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                out[code] = first[:-1] + chr(ord(first[-1]) + i)
    return out


def page_mcid_text(page):
    """MCID → the text shown inside it on `page`."""
    fonts = page.Resources.get("/Font", Dictionary())
    maps = {}
    texts, stack, font = {}, [], None
    for operands, op in pikepdf.parse_content_stream(page):
        op = str(op)
        if op in ("BDC", "BMC"):
            mcid = None
            if op == "BDC" and isinstance(operands[1], Dictionary) and "/MCID" in operands[1]:
                mcid = int(operands[1].MCID)
            stack.append(mcid if mcid is not None else (stack[-1] if stack else None))
        elif op == "EMC":
            if stack:
                stack.pop()
        elif op == "Tf":
            name = str(operands[0])
            if name not in maps:
                maps[name] = to_unicode(fonts[name])
            font = maps[name]
        elif op in ("Tj", "TJ") and stack and stack[-1] is not None:
            items = operands[0] if op == "TJ" else [operands[0]]
            for item in items:
                if isinstance(item, pikepdf.String):
                    data = bytes(item)
                    for i in range(0, len(data) - 1, 2):
                        texts[stack[-1]] = texts.get(stack[-1], "") + font.get(int.from_bytes(data[i:i + 2], "big"), "")
    return texts


def main(path):
    pdf = pikepdf.open(path)
    pages = {page.objgen: page_mcid_text(page) for page in pdf.pages}

    def text_of(elem, page, depth=0):
        if depth > 200:
            return ""
        page = elem.get("/Pg", page) if isinstance(elem, Dictionary) else page
        kids = elem.get("/K", []) if isinstance(elem, Dictionary) else []
        if not isinstance(kids, Array):
            kids = [kids]
        out = ""
        for kid in kids:
            if isinstance(kid, int) and page is not None:
                out += pages.get(page.objgen, {}).get(int(kid), "")
            elif isinstance(kid, Dictionary) and kid.get("/Type") == Name.MCR:
                pg = kid.get("/Pg", page)
                out += pages.get(pg.objgen, {}).get(int(kid.MCID), "")
            elif isinstance(kid, Dictionary) and "/S" in kid:
                out += text_of(kid, page, depth + 1)
        return out

    def walk(elem, page, depth=0):
        if depth > 200 or not isinstance(elem, Dictionary):
            return
        page = elem.get("/Pg", page)
        if "/Lang" in elem and "/S" in elem:
            print(f"{elem.Lang}\t{text_of(elem, page)}")
        kids = elem.get("/K", [])
        if not isinstance(kids, Array):
            kids = [kids]
        for kid in kids:
            if isinstance(kid, Dictionary) and "/S" in kid:
                walk(kid, page, depth + 1)

    walk(pdf.Root.StructTreeRoot, None)


if __name__ == "__main__":
    main(sys.argv[1])
