#!/usr/bin/python3
"""PDF/UA-1 checks read with pikepdf (a reader that is not cvpdf's, nor the
C++ checker's qpdf JSON): the machine-checkable Matterhorn Protocol 1.1
points that apply to cvpdf's output.

    pdf_ua_check.py FILE.pdf...          one line per violation:
                                         "FILE: POINT: what", exit 1 if any
    pdf_ua_check.py --spoil GOOD.pdf DIR writes DIR/N.pdf, GOOD spoiled to
                                         break one point each, and prints
                                         "DIR/N.pdf: POINT" for each

Many files in one process: Python's start-up per file is too slow for CI.
Run by tests/e2e/pdf_ua_test.cpp; docs/accessibility.md lists the points.
"""
import itertools
import re
import sys
import xml.etree.ElementTree as ET

import pikepdf
from pikepdf import Array, Dictionary, Name

# ISO 32000-1 14.8.4: the standard structure types.
STANDARD = {
    "Document", "Part", "Art", "Sect", "Div", "BlockQuote", "Caption", "TOC", "TOCI", "Index",
    "NonStruct", "Private", "P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "L", "LI", "Lbl",
    "LBody", "Table", "TR", "TH", "TD", "THead", "TBody", "TFoot", "Span", "Quote", "Note",
    "Reference", "BibEntry", "Code", "Link", "Annot", "Ruby", "RB", "RT", "RP", "Warichu", "WT",
    "WP", "Figure", "Formula", "Form",
}
TEXT_SHOWING = {"Tj", "TJ", "'", '"'}
PAINTING = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "sh", "Do", "INLINE IMAGE"}
NS_DC = "{http://purl.org/dc/elements/1.1/}"
NS_RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
NS_PDFUAID = "{http://www.aiim.org/pdfua/ns/id/}"


_direct = itertools.count()


def key(obj):
    """An indirect object's identity (pikepdf objects compare by value). A
    direct object cannot be referred to from elsewhere (a ParentTree, an
    OBJR), so it gets a key that matches nothing."""
    return obj.objgen if obj.is_indirect else ("direct", next(_direct))


HEX = rb"<([0-9A-Fa-f]+)>"


def unicode_codes(font):
    """The codes `font`'s ToUnicode maps, as a set and a list of ranges."""
    text = font.ToUnicode.read_bytes()
    single, ranges = set(), []
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(HEX + rb"\s*" + HEX, block):
            if int(dst, 16) not in (0, 0xFEFF, 0xFFFE):
                single.add(int(src, 16))
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi in re.findall(HEX + rb"\s*" + HEX + rb"\s*(?:<[0-9A-Fa-f]*>|\[[^\]]*\])", block):
            ranges.append((int(lo, 16), int(hi, 16)))
    return single, ranges


def codes(font, data):
    """The character codes of a string shown with `font`: two bytes each for
    a Type0 font with an Identity encoding (cvpdf's), else one."""
    if font.get("/Subtype") == Name.Type0:
        return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data) - 1, 2)]
    return list(data)


def number_tree(node, out, depth=0):
    if depth > 32:
        return
    if "/Nums" in node:
        nums = node.Nums
        for i in range(0, len(nums) - 1, 2):
            out[int(nums[i])] = nums[i + 1]
    for kid in node.get("/Kids", []):
        number_tree(kid, out, depth + 1)


class Checker:
    def __init__(self, path):
        self.path = path
        self.lines = []

    def fail(self, point, what):
        self.lines.append(f"{self.path}: {point}: {what}")

    # ---- structure tree -----------------------------------------------------
    def role(self, s):
        """The standard type `s` maps to through the RoleMap, None if none."""
        seen = set()
        while s not in STANDARD:
            if s in seen or s not in self.rolemap:
                return None
            seen.add(s)
            s = str(self.rolemap[s])[1:]
        return s

    def walk(self, elem, parent_page, depth=0):
        if depth > 200 or not isinstance(elem, Dictionary) or "/S" not in elem:
            return
        raw = str(elem.S)[1:]
        s = self.role(raw)
        if s is None:
            self.fail("02-004 role map", f"structure type /{raw} is not standard and maps to no standard type")
            s = raw
        page = elem.get("/Pg", parent_page)
        self.order.append((s, elem))
        kids = elem.get("/K")
        if kids is None:
            kids = []
        elif not isinstance(kids, Array):
            kids = [kids]
        kid_types = []
        for kid in kids:
            if isinstance(kid, int):
                if page is not None:
                    self.tree_mcids.setdefault((key(page), kid), key(elem))
                kid_types.append("MCID")
            elif isinstance(kid, Dictionary) and kid.get("/Type") == Name.MCR:
                pg = kid.get("/Pg", page)
                if pg is not None:
                    self.tree_mcids.setdefault((key(pg), int(kid.MCID)), key(elem))
                kid_types.append("MCID")
            elif isinstance(kid, Dictionary) and kid.get("/Type") == Name.OBJR:
                self.objrs[key(kid.Obj)] = (s, key(elem))
                kid_types.append("OBJR")
            elif isinstance(kid, Dictionary):
                kid_types.append(self.role(str(kid.get("/S", "/?"))[1:]) or str(kid.get("/S", "/?"))[1:])
                self.walk(kid, page, depth + 1)
        if s == "Figure" and not str(elem.get("/Alt", "")).strip():
            self.fail("13-004 Figure", "a Figure has no /Alt")
        if s == "L":
            for t in kid_types:
                if t not in ("LI", "Caption", "L"):
                    self.fail("09-004 list", f"an L holds {t}, not LI")
        if s == "LI":
            for t in kid_types:
                if t not in ("Lbl", "LBody"):
                    self.fail("09-005 list", f"an LI holds {t}, not Lbl or LBody")

    def check_headings(self):
        previous = None
        for s, _ in self.order:
            m = re.fullmatch(r"H([1-6])", s)
            if not m:
                continue
            level = int(m.group(1))
            if previous is None and level != 1:
                self.fail("14-002 headings", f"the first heading is H{level}, not H1")
            elif previous is not None and level > previous + 1:
                self.fail("14-003 headings", f"H{previous} is followed by H{level}: a level is skipped")
            previous = level

    # ---- page content ---------------------------------------------------------
    def shown(self, font, operands):
        """Counts the codes of a text-showing operator's strings that `font`'s
        ToUnicode does not map (10-001: every glyph maps to Unicode)."""
        if font is None or "/ToUnicode" not in font:
            return  # no font (reported by pikepdf's parse) or no map (check_fonts)
        k = key(font)
        if k not in self.maps:
            self.maps[k] = unicode_codes(font)
        single, ranges = self.maps[k]
        strings = []
        for o in operands:
            if isinstance(o, pikepdf.String):
                strings.append(bytes(o))
            elif isinstance(o, Array):
                strings += [bytes(x) for x in o if isinstance(x, pikepdf.String)]
        for data in strings:
            for c in codes(font, data):
                if c not in single and not any(lo <= c <= hi for lo, hi in ranges):
                    self.unmapped.setdefault(str(font.get("/BaseFont", "?")), set()).add(c)

    def content_mcids(self, page, number):
        props = page.get("/Resources", Dictionary()).get("/Properties", Dictionary())
        fonts = page.get("/Resources", Dictionary()).get("/Font", Dictionary())
        font = None
        stack = []  # per open marked content: "artifact", "mcid" or "other"
        mcids = set()
        outside = 0
        for operands, op in pikepdf.parse_content_stream(page):
            op = str(op)
            if op in ("BDC", "BMC"):
                tag = str(operands[0])
                kind = "other"
                if tag == "/Artifact":
                    kind = "artifact"
                elif op == "BDC":
                    d = operands[1]
                    if isinstance(d, Name):
                        d = props.get(str(d), Dictionary())
                    if isinstance(d, Dictionary) and "/MCID" in d:
                        kind = "mcid"
                        mcid = int(d.MCID)
                        if mcid in mcids:
                            self.fail("MCID twice", f"page {number}: MCID {mcid} is used twice")
                        mcids.add(mcid)
                stack.append(kind)
            elif op == "EMC":
                if stack:
                    stack.pop()
                else:
                    self.fail("01-005 content", f"page {number}: EMC without BDC/BMC")
            elif op == "Tf":
                font = fonts.get(str(operands[0]))
            if op in TEXT_SHOWING:
                self.shown(font, operands)
            if op in TEXT_SHOWING or op in PAINTING:
                if not any(k in ("artifact", "mcid") for k in stack):
                    outside += 1
        if stack:
            self.fail("01-005 content", f"page {number}: {len(stack)} marked content sequences left open")
        if outside:
            self.fail("01-005 content", f"page {number}: {outside} text-showing or painting operators "
                                        "outside tagged marked content and /Artifact")
        return mcids

    # ---- fonts ---------------------------------------------------------------
    def check_fonts(self, pdf):
        seen = set()
        for number, page in enumerate(pdf.pages, 1):
            fonts = page.get("/Resources", Dictionary()).get("/Font", Dictionary())
            for name, font in fonts.items():
                if key(font) in seen:
                    continue
                seen.add(key(font))
                base = str(font.get("/BaseFont", name))
                if "/ToUnicode" not in font:
                    self.fail("10-001 fonts", f"font {base} has no ToUnicode map")
                if font.get("/Subtype") == Name.Type3:
                    continue  # glyphs are content streams, nothing to embed
                desc_font = font.DescendantFonts[0] if font.get("/Subtype") == Name.Type0 else font
                fd = desc_font.get("/FontDescriptor", Dictionary())
                if not any(f in fd for f in ("/FontFile", "/FontFile2", "/FontFile3")):
                    self.fail("31-009 fonts", f"font {base} is not embedded")

    # ---- metadata ----------------------------------------------------------
    def check_xmp(self, root):
        if "/Metadata" not in root:
            self.fail("06-001 metadata", "the catalog has no XMP /Metadata")
            return
        try:
            xmp = ET.fromstring(root.Metadata.read_bytes())
        except ET.ParseError as e:
            self.fail("06-001 metadata", f"the XMP does not parse: {e}")
            return
        titles = [li.text for t in xmp.iter(NS_DC + "title") for li in t.iter(NS_RDF + "li") if (li.text or "").strip()]
        if not titles:
            self.fail("06-003 metadata", "the XMP has no dc:title")
        parts = [e.text for e in xmp.iter(NS_PDFUAID + "part")]
        parts += [d.get(NS_PDFUAID + "part") for d in xmp.iter(NS_RDF + "Description") if d.get(NS_PDFUAID + "part")]
        if [p.strip() for p in parts if p] != ["1"]:
            self.fail("06-002 metadata", f"the XMP's pdfuaid:part is {parts or 'missing'}, not 1")

    # ---- the file ------------------------------------------------------------
    def check(self):
        try:
            pdf = pikepdf.open(self.path)
        except Exception as e:  # noqa: BLE001 - any failure to read is one violation
            self.fail("open", str(e))
            return self.lines
        root = pdf.Root
        mark = root.get("/MarkInfo", Dictionary())
        if mark.get("/Marked") is not True:
            self.fail("01-007 MarkInfo", "the catalog's /MarkInfo has no /Marked true")
        if not str(root.get("/Lang", "")).strip():
            self.fail("11-001 Lang", "the catalog has no /Lang")
        vp = root.get("/ViewerPreferences", Dictionary())
        if vp.get("/DisplayDocTitle") is not True:
            self.fail("07-001 DisplayDocTitle", "/ViewerPreferences has no /DisplayDocTitle true")
        self.check_xmp(root)
        self.check_fonts(pdf)

        self.rolemap, self.tree_mcids, self.objrs, self.order = {}, {}, {}, []
        parent_tree = {}
        if "/StructTreeRoot" not in root:
            self.fail("01-006 structure", "the catalog has no /StructTreeRoot")
        else:
            tree = root.StructTreeRoot
            self.rolemap = {str(k)[1:]: v for k, v in tree.get("/RoleMap", Dictionary()).items()}
            kids = tree.get("/K", Array())
            for kid in kids if isinstance(kids, Array) else [kids]:
                self.walk(kid, None)
            self.check_headings()
            if "/ParentTree" in tree:
                number_tree(tree.ParentTree, parent_tree)
            else:
                self.fail("ParentTree", "the structure tree has no /ParentTree")

        tagged = "/StructTreeRoot" in root  # else the tree's absence is the one violation
        content = set()
        self.maps, self.unmapped = {}, {}
        for number, page in enumerate(pdf.pages, 1):
            pk = key(page.obj)
            mcids = self.content_mcids(page.obj, number)
            entry = parent_tree.get(int(page.obj.get("/StructParents", -1)))
            for mcid in sorted(mcids) if tagged else []:
                content.add((pk, mcid))
                if (pk, mcid) not in self.tree_mcids:
                    self.fail("MCID unreached", f"page {number}: MCID {mcid} is reached from no structure element")
                elif entry is None or mcid >= len(entry) or key(entry[mcid]) != self.tree_mcids[(pk, mcid)]:
                    self.fail("ParentTree", f"page {number}: the ParentTree does not map MCID {mcid} to its element")
            annots = page.obj.get("/Annots", Array())
            if len(annots) and page.obj.get("/Tabs") != Name.S:
                self.fail("28-008 Tabs", f"page {number} has annotations and no /Tabs /S")
            for a in annots:
                if a.get("/Subtype") != Name.Link or not tagged:
                    continue
                owner = self.objrs.get(key(a))
                if owner is None or owner[0] != "Link":
                    self.fail("28-011 Link",
                              f"page {number}: a Link annotation is reached by no OBJR of a Link element")
                elif key(parent_tree.get(int(a.get("/StructParent", -1)), Dictionary())) != owner[1]:
                    self.fail("ParentTree",
                              f"page {number}: the ParentTree does not map a Link annotation to its element")
                if not str(a.get("/Contents", "")).strip():
                    self.fail("28-012 Link", f"page {number}: a Link annotation has no /Contents")
        for base, missing in sorted(self.unmapped.items()):
            self.fail("10-001 glyphs", f"font {base} shows {len(missing)} codes its ToUnicode does not map: "
                                      + " ".join(f"{c:04X}" for c in sorted(missing)[:8]))
        pages = {key(p.obj): n for n, p in enumerate(pdf.pages, 1)}
        for pk, mcid in sorted(set(self.tree_mcids) - content, key=str):
            self.fail("MCID missing", f"page {pages.get(pk, '?')}: the structure names MCID {mcid}, not in the content")
        return self.lines


# ---- spoiled files, one point each ---------------------------------------------
def elements(pdf):
    out = []

    def go(e):
        if isinstance(e, Dictionary) and "/S" in e:
            out.append(e)
            k = e.get("/K")
            for kid in (k if isinstance(k, Array) else [k] if k is not None else []):
                go(kid)

    k = pdf.Root.StructTreeRoot.K
    for kid in k if isinstance(k, Array) else [k]:
        go(kid)
    return out


def first(pdf, s):
    return next(e for e in elements(pdf) if e.S == Name("/" + s))


def with_kids(e):
    k = e.K
    return k if isinstance(k, Array) else Array([k])


def spoil_mcid_unreached(pdf):
    e = next(e for e in elements(pdf) if any(not isinstance(k, Dictionary) for k in with_kids(e)))
    e.K = Array([k for k in with_kids(e) if isinstance(k, Dictionary)])


def spoil_mcid_missing(pdf):
    e = first(pdf, "P")
    e.K = Array(list(with_kids(e)) + [Dictionary(Type=Name.MCR, MCID=9999, Pg=pdf.pages[0].obj)])


def spoil_untagged(pdf):
    pdf.pages[0].contents_add(pdf.make_stream(b"BT (x) Tj ET"), prepend=False)


def spoil_rolemap(pdf):
    first(pdf, "P").S = Name("/Paragraph")
    pdf.Root.StructTreeRoot.RoleMap = Dictionary()


def spoil_figure(pdf):
    doc = first(pdf, "Document")
    fig = pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name.Figure, P=doc))
    doc.K = Array(list(with_kids(doc)) + [fig])


def spoil_link_objr(pdf):
    link = first(pdf, "Link")
    link.K = Array([k for k in with_kids(link) if not (isinstance(k, Dictionary) and k.get("/Type") == Name.OBJR)])


def spoil_link_contents(pdf):
    for p in pdf.pages:
        for a in p.obj.get("/Annots", []):
            if "/Contents" in a:
                del a["/Contents"]


def spoil_tabs(pdf):
    for p in pdf.pages:
        if "/Tabs" in p.obj:
            del p.obj["/Tabs"]


def spoil_heading(pdf):
    for e in elements(pdf):
        if e.S == Name.H2:
            e.S = Name.H3


def spoil_list(pdf):
    first(pdf, "LBody").S = Name.P


def spoil_font_embedded(pdf):
    for p in pdf.pages:
        for _, font in p.obj.Resources.Font.items():
            d = font.DescendantFonts[0] if font.get("/Subtype") == Name.Type0 else font
            for f in ("/FontFile", "/FontFile2", "/FontFile3"):
                if f in d.get("/FontDescriptor", {}):
                    del d.FontDescriptor[f]


def spoil_tounicode(pdf):
    for p in pdf.pages:
        for _, font in p.obj.Resources.Font.items():
            if "/ToUnicode" in font:
                del font["/ToUnicode"]


def xmp_without(pattern):
    def spoil(pdf):
        xmp = pdf.Root.Metadata.read_bytes()
        pdf.Root.Metadata.write(re.sub(pattern, b"", xmp, flags=re.S))
    return spoil


def spoil_parent_tree(pdf):
    tree = {}
    number_tree(pdf.Root.StructTreeRoot.ParentTree, tree)
    page = int(pdf.pages[0].obj.StructParents)
    tree[page] = Array(list(tree[page])[:-1])
    nums = Array()
    for k in sorted(tree):
        nums.extend([k, tree[k]])
    pdf.Root.StructTreeRoot.ParentTree = Dictionary(Nums=nums)


def spoil_tounicode_empty(pdf):
    empty = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Empty def "
             b"1 begincodespacerange <0000> <FFFF> endcodespacerange endcmap "
             b"CMapName currentdict /CMap defineresource pop end end")
    for p in pdf.pages:
        for _, font in p.obj.Resources.Font.items():
            if "/ToUnicode" in font:
                font.ToUnicode = pdf.make_stream(empty)


def delete(*path):
    def spoil(pdf):
        obj = pdf.Root
        for k in path[:-1]:
            obj = obj[k]
        del obj[path[-1]]
    return spoil


SPOILS = {
    "01-006 structure": delete("/StructTreeRoot"),
    "01-007 MarkInfo": delete("/MarkInfo"),
    "11-001 Lang": delete("/Lang"),
    "07-001 DisplayDocTitle": delete("/ViewerPreferences", "/DisplayDocTitle"),
    "06-003 metadata": xmp_without(rb"<dc:title>.*?</dc:title>"),
    "06-002 metadata": xmp_without(rb"<pdfuaid:part>1</pdfuaid:part>|pdfuaid:part=\"1\""),
    "MCID unreached": spoil_mcid_unreached,
    "MCID missing": spoil_mcid_missing,
    "ParentTree": spoil_parent_tree,
    "01-005 content": spoil_untagged,
    "02-004 role map": spoil_rolemap,
    "13-004 Figure": spoil_figure,
    "28-011 Link": spoil_link_objr,
    "28-012 Link": spoil_link_contents,
    "28-008 Tabs": spoil_tabs,
    "14-003 headings": spoil_heading,
    "14-002 headings": lambda pdf: setattr(first(pdf, "H1"), "S", Name.H2),
    "09-005 list": spoil_list,
    "09-004 list": lambda pdf: setattr(first(pdf, "LI"), "S", Name.P),
    "31-009 fonts": spoil_font_embedded,
    "10-001 fonts": spoil_tounicode,
    "10-001 glyphs": spoil_tounicode_empty,
}


def spoil_all(good, directory):
    for n, (point, spoil) in enumerate(SPOILS.items()):
        with pikepdf.open(good) as pdf:
            spoil(pdf)
            pdf.save(f"{directory}/{n}.pdf")
        print(f"{directory}/{n}.pdf: {point}")


def main(argv):
    if len(argv) == 3 and argv[0] == "--spoil":
        spoil_all(argv[1], argv[2])
        return 0
    bad = False
    for path in argv:
        lines = Checker(path).check()
        for line in lines:
            print(line)
        bad = bad or bool(lines)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
