// What a tagged PDF tells a screen reader or an applicant-tracking system,
// read with the tools they resemble, and the machine-checkable failure
// conditions of the Matterhorn Protocol (PDF/UA-1) that apply to cvpdf's
// output. Debian has no veraPDF, so the checks are built on qpdf's JSON (the
// object graph, every stream decoded), poppler's `pdfinfo -struct-text`
// (the structure's text in logical order), pdftotext and pdffonts.
//
// Each check returns its violations as readable sentences, so a failing
// test says what is wrong where; an empty list is a pass. A PDF that cannot
// be read is a violation, never a pass.
#pragma once
#include <cmath>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cvpdf::test {

// ---- qpdf's JSON (version 2) ---------------------------------------------
//
// A value as qpdf writes it: names are strings "/Name", references
// "12 0 R", text strings "u:…", binary strings "b:<hex>"; a stream is an
// object {"stream": {"dict": …, "data": base64}}.
struct PdfJson {
  enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  double number = 0;
  bool boolean = false;
  std::string string;
  std::vector<PdfJson> array;
  // An object's members as two lists (a map of PdfJson inside PdfJson
  // needs the type complete: clang's libstdc++ objects).
  std::vector<std::string> keys;
  std::vector<PdfJson> values;

  const PdfJson* get(std::string_view key) const;
  void erase(std::string_view key);
  void set(const std::string& key, PdfJson value);
  bool is_ref() const;   // "12 0 R"
  bool is_name() const;  // "/Name"
};

bool parse_json(std::string_view text, PdfJson& out);
std::string to_json(const PdfJson& value);  // compact, qpdf reads it back

struct PdfFile {
  std::map<std::string, PdfJson> objects;  // "12 0 R" → {"value": …} or {"stream": …}
  PdfJson trailer;                         // the trailer dictionary
  std::vector<std::string> pages;          // page objects, in page order
  std::string error;                       // why it could not be read; empty when read

  // `value` itself, or the object it refers to; nullptr for a dangling
  // reference. A stream resolves to its dictionary.
  const PdfJson* resolve(const PdfJson* value) const;
  // `dict[key]`, resolved.
  const PdfJson* get(const PdfJson* dict, std::string_view key) const;
  const PdfJson* object(const std::string& ref) const;  // resolved
  const PdfJson* root() const;                          // the catalog
  // A stream's data, decoded as far as qpdf decodes (Flate); "" if none.
  std::string stream_data(const std::string& ref) const;
};

// `qpdf --json --json-stream-data=inline --decode-level=generalized`.
PdfFile read_pdf_file(const std::string& pdf);
PdfFile parse_pdf_json(std::string_view json);

std::string text_of(const PdfJson* string_value);  // a "u:"/"b:" string as UTF-8 (UTF-16BE decoded)

// ---- content streams -------------------------------------------------------

// A painting operator (text shown, a path painted, an image or form drawn,
// shading) and the marked content it is drawn in.
struct ContentItem {
  std::string op;       // "Tj", "TJ", "'", "\"", "f", "S", "Do", "BI", …
  std::size_t offset = 0;  // byte offset of the operator in the page's content
  bool artifact = false;   // inside /Artifact marked content (the innermost decisive one)
  int mcid = -1;           // inside marked content with this /MCID; -1: none
  std::string tag;         // that marked content's tag (/P, /Span, /Artifact)
  // Text shown: the origin (e, f) of the last text matrix set (Tm) before
  // it in its BT, PDF user space (y up); NaN without one. cvpdf sets one
  // matrix a run and no `cm` around text, so it is where the run's line
  // begins, on its baseline.
  double x = std::nan(""), y = std::nan("");
};

struct PageContent {
  std::string content;               // the page's content streams, joined
  std::vector<ContentItem> items;    // painting operators in order
  std::vector<int> mcids;            // every /MCID a BDC gives, in order
  std::vector<std::string> errors;   // unbalanced BMC/BDC/EMC, unreadable tokens
};

// Tokenises `content` (properties named in BDC are looked up in
// `properties`, the page's /Resources /Properties: name → MCID).
PageContent read_content(std::string content, const std::map<std::string, int>& properties = {});

enum class MarkedEdit {
  DropArtifacts,       // empty the strings an /Artifact's text shows (its operators stay)
  UnwrapFirstTagged,   // remove the first BDC with an /MCID and its EMC, keep the content
};
// `content` with `edit` applied; unchanged when nothing matches.
std::string edit_marked_content(const std::string& content, MarkedEdit edit);

// ---- the structure tree ---------------------------------------------------

struct StructKid {
  enum class Kind { Element, Content, Object } kind = Kind::Element;
  int element = -1;      // Element: index into StructTree::elements
  std::string page;      // Content: the page object ("3 0 R")
  int mcid = -1;         // Content
  std::string object;    // Object (OBJR): the annotation ("12 0 R")
};

struct StructElement {
  std::string ref;       // its object
  std::string role;      // /S, without the slash
  std::string standard;  // `role` through the RoleMap (itself when standard)
  int parent = -1;       // index; -1 for a kid of the StructTreeRoot
  std::vector<StructKid> kids;
  std::string alt, actual_text, lang;
  bool has_alt = false;
};

struct StructTree {
  bool present = false;  // the catalog has a /StructTreeRoot
  std::vector<StructElement> elements;  // depth first, in the order of /K
  std::vector<int> top;                 // the root's kids
  std::map<std::string, std::string> role_map;  // custom → what it maps to
  std::map<long, PdfJson> parent_tree;          // flattened number tree
  std::vector<std::string> errors;              // dangling refs, cycles, bad kids

  int find(const std::string& ref) const;  // element index or -1
};

StructTree read_struct_tree(const PdfFile& file);
bool is_standard_role(const std::string& role);

// ---- pdfinfo -struct-text ----------------------------------------------------
//
// Poppler prints the tree indented two spaces a level: an element as its
// role ("H1 (block)"), its content as quoted text lines, an OBJR as
// "Object 7 0". Poppler ignores /ActualText here: a hyphenated word shows as
// its two pieces ("train-", "ing").

struct StructTextNode {
  std::string role;
  int parent = -1;
  std::vector<int> children;
  std::vector<std::string> texts;  // its own content lines, in order
  int objects = 0;                 // its OBJR kids
  // Its kids in the order poppler printed them: a child's index, or
  // -1 - i for texts[i].
  std::vector<int> sequence;
};

std::vector<StructTextNode> parse_struct_text(std::string_view text);
// The text of the node's subtree in its order, joined without separators.
std::string subtree_text(const std::vector<StructTextNode>& nodes, int node);

// ---- everything a check needs, read once ------------------------------------

struct TaggedPdf {
  std::string path;
  PdfFile file;
  std::vector<PageContent> pages;  // as PdfFile::pages
  StructTree tree;
  std::string struct_text;         // pdfinfo -struct-text
  std::vector<StructTextNode> struct_nodes;
  std::string fonts;               // pdffonts
  std::string info;                // pdfinfo
  std::string error;               // why it could not be read
};

TaggedPdf read_tagged_pdf(const std::string& pdf);
// Its objects, content and structure tree only (qpdf), not poppler's
// readings: what the page checks need of the structure.
TaggedPdf read_tagged_structure(const std::string& pdf);

// "Tagged: yes" in pdfinfo.
bool pdfinfo_says_tagged(const TaggedPdf& pdf);
// The XMP claims PDF/UA (pdfuaid:part).
bool claims_pdfua(const TaggedPdf& pdf);

// ---- the checks (Matterhorn numbers in brackets) ---------------------------

using Violations = std::vector<std::string>;

// [01-003, 01-004, 01-005] Every painting operator in marked content that
// is an /Artifact or has an /MCID the ParentTree maps to a StructElem that
// has that MCID as a kid on that page; artifacts and tagged content do not
// nest; every structure MCR names content that exists; MCIDs are unique
// on a page, ParentTree keys unique in the file; BDC/BMC/EMC balance;
// /ActualText only on /Span marked content (ISO 32000-1 14.9.4: poppler
// ignores it on any other tag, and a hyphenated word reads in pieces).
Violations check_marked_content(const TaggedPdf& pdf);
// [01-007, 06-001, 06-003, 07-001, 07-002, 11-001] /MarkInfo /Marked true
// (no /Suspects true), /Lang, /Metadata with a dc:title, pdfuaid:part 1
// when PDF/UA is claimed, /DisplayDocTitle true.
Violations check_catalog(const TaggedPdf& pdf);
// [28-002, 28-004, 28-008, 28-009, 28-011, 28-012] Every annotation has
// /StructParent, is the OBJR kid of a Link StructElem (an Annot for other
// subtypes) through the ParentTree, has /Contents; a page with
// annotations has /Tabs /S.
Violations check_annotations(const TaggedPdf& pdf);
// [10-001, 31-009] Every font embedded and with ToUnicode (pdffonts).
Violations check_fonts(const TaggedPdf& pdf);
// [13-004] Every Figure has /Alt (or /ActualText).
Violations check_figures(const TaggedPdf& pdf);
// [14-002, 14-003] An H1 exists, the first heading is H1, and levels don't
// skip going down (H1 → H3 without an H2 between).
Violations check_headings(const TaggedPdf& pdf);
// [02-001, 02-003, 02-004, 09-004, 09-005] Every role standard or
// role-mapped to a standard one (no cycles, no remapping a standard role);
// L kids LI, Caption (or a nested L), LI kids Lbl or LBody; Table kids TR,
// THead, TBody, TFoot or Caption, those hold TR, TR kids TH or TD.
Violations check_roles(const TaggedPdf& pdf);
// No text lost: the characters of the structure's text (pdfinfo
// -struct-text) are the characters pdftotext shows once the artifacts are
// removed from the content, as multisets, white space and hyphens (U+002D,
// U+00AD, U+2010) aside: poppler's structure text ignores /ActualText
// (where a hyphenated word reads whole), and pdftotext's page order is not
// the logical order of a two-column page, so neither order nor word
// boundaries can be compared, only what is there.
Violations check_text_kept(const TaggedPdf& pdf);

// Every check above; each violation prefixed with the check's name.
Violations check_all(const TaggedPdf& pdf);

// ---- spoiling a PDF for the checker's own tests ------------------------------

// Writes `out`: `in` with the objects in `replaced` ("12 0 R" → new JSON
// value in qpdf's form, a {"value": …} or a {"stream": …} object) replaced,
// through `qpdf --update-from-json`. False (with `why`) on failure.
bool rewrite_pdf(const std::string& in, const std::string& out,
                 const std::vector<std::pair<std::string, PdfJson>>& replaced, std::string& why);
// A {"stream": {"dict": {}, "data": …}} object holding `data` uncompressed.
PdfJson stream_object(const std::string& data);
// `in` with each page's content edited by `edit` into `out`.
bool rewrite_contents(const std::string& in, const std::string& out, MarkedEdit edit, std::string& why);
// The same with `in` already read.
bool rewrite_contents(const PdfFile& file, const std::string& in, const std::string& out, MarkedEdit edit,
                      std::string& why);

std::string base64_encode(std::string_view bytes);
std::string base64_decode(std::string_view text);

}  // namespace cvpdf::test
