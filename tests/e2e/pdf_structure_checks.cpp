// The Matterhorn Protocol's machine-checkable failure conditions that apply
// to cvpdf's output, on what pdf_structure.cpp reads. Each check explains
// every violation in a sentence that names the page, object or role.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "core/utf8.hpp"
#include "pdf_structure.hpp"
#include "run.hpp"

namespace cvpdf::test {

namespace {

std::string page_name(std::size_t index) { return "page " + std::to_string(index + 1); }

bool unreadable(const TaggedPdf& pdf, Violations& out) {
  if (!pdf.error.empty()) {
    out.push_back("the PDF could not be read: " + pdf.error);
    return true;
  }
  return false;
}

// The element the ParentTree gives for `key` (a page's /StructParents and
// an MCID, or an annotation's /StructParent with mcid -1), as an index.
int parent_tree_element(const TaggedPdf& pdf, long key, int mcid) {
  auto it = pdf.tree.parent_tree.find(key);
  if (it == pdf.tree.parent_tree.end()) return -1;
  const PdfJson* entry = pdf.file.resolve(&it->second);
  if (mcid >= 0) {
    if (!entry || entry->kind != PdfJson::Kind::Array || static_cast<std::size_t>(mcid) >= entry->array.size())
      return -1;
    const PdfJson& e = entry->array[static_cast<std::size_t>(mcid)];
    return e.is_ref() ? pdf.tree.find(e.string) : -1;
  }
  return it->second.is_ref() ? pdf.tree.find(it->second.string) : -1;
}

std::string element_name(const TaggedPdf& pdf, int index) {
  if (index < 0) return "nothing";
  const StructElement& e = pdf.tree.elements[static_cast<std::size_t>(index)];
  return e.role + " " + e.ref;
}

// A few bytes of content around `offset`, on one line.
std::string context(const std::string& content, std::size_t offset) {
  const std::size_t begin = offset > 40 ? offset - 40 : 0;
  std::string s = content.substr(begin, 60);
  std::replace(s.begin(), s.end(), '\n', ' ');
  std::replace(s.begin(), s.end(), '\r', ' ');
  return "\"" + s + "\"";
}

bool is_hyphen_or_space(char32_t c) {
  return c == U'-' || c == 0x00AD || c == 0x2010 || c == U' ' || c == U'\n' || c == U'\t' || c == U'\r' ||
         c == U'\f' || c == 0x00A0 || (c >= 0x2000 && c <= 0x200B) || c == 0x202F || c == 0x205F || c == 0x3000;
}

std::map<char32_t, int> character_counts(const std::string& text) {
  std::map<char32_t, int> counts;
  for (std::size_t at = 0; at < text.size();) {
    const char32_t c = utf8::decode(text, at);
    if (!is_hyphen_or_space(c)) ++counts[c];
  }
  return counts;
}

std::string character(char32_t c) {
  std::string s;
  utf8::append(s, c);
  return s;
}

}  // namespace

Violations check_marked_content(const TaggedPdf& pdf) {
  Violations out;
  if (unreadable(pdf, out)) return out;
  if (!pdf.tree.present) out.push_back("the catalog has no /StructTreeRoot: the document is not tagged");
  for (const std::string& e : pdf.tree.errors) out.push_back("structure tree: " + e);
  for (std::size_t p = 0; p < pdf.pages.size(); ++p) {
    const PageContent& page = pdf.pages[p];
    for (std::size_t e = 0; e < page.errors.size() && e < 5; ++e) out.push_back(page_name(p) + ": " + page.errors[e]);
    if (page.errors.size() > 5)
      out.push_back(page_name(p) + ": " + std::to_string(page.errors.size() - 5) + " more such problems");
    const PdfJson* dict = pdf.file.object(pdf.file.pages[p]);
    const PdfJson* sp = pdf.file.get(dict, "/StructParents");
    int untagged = 0;
    for (const ContentItem& item : page.items) {
      if (item.artifact || item.mcid >= 0) continue;
      // One message per page for the first few: an untagged page has hundreds.
      if (++untagged <= 3)
        out.push_back(page_name(p) + ": " + item.op + " at byte " + std::to_string(item.offset) +
                      " is neither tagged nor an artifact: " + context(page.content, item.offset));
    }
    if (untagged > 3)
      out.push_back(page_name(p) + ": " + std::to_string(untagged - 3) + " more painting operators neither tagged nor artifacts");
    std::set<int> seen;
    for (int mcid : page.mcids)
      if (!seen.insert(mcid).second) out.push_back(page_name(p) + ": MCID " + std::to_string(mcid) + " is used twice");
    if (!seen.empty() && !sp) out.push_back(page_name(p) + " has marked content with MCIDs but no /StructParents");
    if (!sp) continue;
    const long key = static_cast<long>(sp->number);
    for (int mcid : seen) {
      const int element = parent_tree_element(pdf, key, mcid);
      if (element < 0) {
        out.push_back(page_name(p) + ": the ParentTree maps MCID " + std::to_string(mcid) + " (key " +
                      std::to_string(key) + ") to no StructElem");
        continue;
      }
      const StructElement& e = pdf.tree.elements[static_cast<std::size_t>(element)];
      const bool has = std::any_of(e.kids.begin(), e.kids.end(), [&](const StructKid& k) {
        return k.kind == StructKid::Kind::Content && k.mcid == mcid && k.page == pdf.file.pages[p];
      });
      if (!has)
        out.push_back(page_name(p) + ": the ParentTree maps MCID " + std::to_string(mcid) + " to " +
                      element_name(pdf, element) + ", which does not have it as a kid");
    }
  }
  // The ParentTree's keys are each page's and each annotation's own.
  std::map<long, std::string> owners;
  for (std::size_t p = 0; p < pdf.file.pages.size(); ++p) {
    const PdfJson* dict = pdf.file.object(pdf.file.pages[p]);
    std::vector<std::pair<long, std::string>> keys;
    if (const PdfJson* sp = pdf.file.get(dict, "/StructParents")) keys.emplace_back(static_cast<long>(sp->number), page_name(p));
    if (const PdfJson* annots = pdf.file.get(dict, "/Annots"))
      for (const PdfJson& a : annots->array)
        if (const PdfJson* sp = pdf.file.get(&a, "/StructParent"))
          keys.emplace_back(static_cast<long>(sp->number), "annotation " + a.string);
    for (const auto& [key, owner] : keys) {
      auto [it, fresh] = owners.emplace(key, owner);
      if (!fresh) out.push_back("ParentTree key " + std::to_string(key) + " is both " + it->second + "'s and " + owner + "'s");
    }
  }
  // The other way: structure that points at content that is not there.
  for (const StructElement& e : pdf.tree.elements)
    for (const StructKid& k : e.kids) {
      if (k.kind != StructKid::Kind::Content) continue;
      auto page = std::find(pdf.file.pages.begin(), pdf.file.pages.end(), k.page);
      if (page == pdf.file.pages.end()) {
        out.push_back(e.role + " " + e.ref + " has MCID " + std::to_string(k.mcid) + " on " + k.page + ", which is not a page");
        continue;
      }
      const PageContent& content = pdf.pages[static_cast<std::size_t>(page - pdf.file.pages.begin())];
      if (std::find(content.mcids.begin(), content.mcids.end(), k.mcid) == content.mcids.end())
        out.push_back(e.role + " " + e.ref + " has MCID " + std::to_string(k.mcid) + " on " +
                      page_name(static_cast<std::size_t>(page - pdf.file.pages.begin())) +
                      ", which has no such marked content");
    }
  return out;
}

Violations check_catalog(const TaggedPdf& pdf) {
  Violations out;
  if (unreadable(pdf, out)) return out;
  const PdfFile& f = pdf.file;
  const PdfJson* root = f.root();
  const PdfJson* marked = f.get(f.get(root, "/MarkInfo"), "/Marked");
  if (!marked || marked->kind != PdfJson::Kind::Bool || !marked->boolean)
    out.push_back("the catalog's /MarkInfo does not say /Marked true");
  const PdfJson* suspects = f.get(f.get(root, "/MarkInfo"), "/Suspects");
  if (suspects && suspects->boolean) out.push_back("the catalog's /MarkInfo says /Suspects true");
  if (text_of(f.get(root, "/Lang")).empty()) out.push_back("the catalog has no /Lang");
  const PdfJson* display = f.get(f.get(root, "/ViewerPreferences"), "/DisplayDocTitle");
  if (!display || display->kind != PdfJson::Kind::Bool || !display->boolean)
    out.push_back("the catalog's /ViewerPreferences do not say /DisplayDocTitle true");
  const PdfJson* md = root ? root->get("/Metadata") : nullptr;
  if (!md || !md->is_ref() || !f.objects.count(md->string)) {
    out.push_back("the catalog has no /Metadata stream");
    return out;
  }
  const std::string xmp = f.stream_data(md->string);
  // dc:title holds an rdf:Alt of rdf:li; a title is there when some li
  // inside it has text.
  const std::size_t title = xmp.find("<dc:title");
  const std::size_t title_end = xmp.find("</dc:title>");
  bool has_title = false;
  if (title != std::string::npos && title_end != std::string::npos) {
    const std::string inside = xmp.substr(title, title_end - title);
    for (std::size_t li = inside.find("<rdf:li"); li != std::string::npos; li = inside.find("<rdf:li", li + 1)) {
      const std::size_t open_end = inside.find('>', li);
      const std::size_t close = inside.find("</rdf:li>", li);
      if (open_end != std::string::npos && close != std::string::npos && close > open_end + 1) has_title = true;
    }
  }
  if (!has_title) out.push_back("the XMP metadata has no dc:title with text");
  const std::size_t ua = xmp.find("pdfuaid:part");
  if (ua != std::string::npos) {
    // As an element (<pdfuaid:part>1</pdfuaid:part>) or an attribute (pdfuaid:part="1").
    const std::size_t value = xmp.find_first_of(">\"'", ua);
    if (value == std::string::npos || xmp.compare(value + 1, 1, "1") != 0 ||
        std::isdigit(static_cast<unsigned char>(value + 2 < xmp.size() ? xmp[value + 2] : ' ')))
      out.push_back("the XMP claims PDF/UA with a part other than 1");
  }
  return out;
}

Violations check_annotations(const TaggedPdf& pdf) {
  Violations out;
  if (unreadable(pdf, out)) return out;
  const PdfFile& f = pdf.file;
  for (std::size_t p = 0; p < f.pages.size(); ++p) {
    const PdfJson* page = f.object(f.pages[p]);
    const PdfJson* annots = f.get(page, "/Annots");
    if (!annots || annots->array.empty()) continue;
    const PdfJson* tabs = f.get(page, "/Tabs");
    if (!tabs || tabs->string != "/S") out.push_back(page_name(p) + " has annotations but no /Tabs /S");
    for (const PdfJson& a : annots->array) {
      const std::string ref = a.is_ref() ? a.string : std::string("a direct annotation");
      const PdfJson* annot = f.resolve(&a);
      const std::string subtype = annot && annot->get("/Subtype") ? annot->get("/Subtype")->string : "";
      if (subtype == "/Popup" || subtype == "/PrinterMark") continue;  // outside the structure by design
      const std::string what = page_name(p) + ": annotation " + ref + " (" + subtype + ")";
      if (text_of(f.get(annot, "/Contents")).empty()) out.push_back(what + " has no /Contents");
      const PdfJson* sp = f.get(annot, "/StructParent");
      if (!sp || sp->kind != PdfJson::Kind::Number) {
        out.push_back(what + " has no /StructParent");
        continue;
      }
      const int element = parent_tree_element(pdf, static_cast<long>(sp->number), -1);
      if (element < 0) {
        out.push_back(what + "'s /StructParent " + std::to_string(static_cast<long>(sp->number)) +
                      " maps to no StructElem in the ParentTree");
        continue;
      }
      const StructElement& e = pdf.tree.elements[static_cast<std::size_t>(element)];
      const std::string wanted = subtype == "/Link" ? "Link" : "Annot";
      if (e.standard != wanted) out.push_back(what + " belongs to " + element_name(pdf, element) + ", not a " + wanted);
      const bool has = std::any_of(e.kids.begin(), e.kids.end(), [&](const StructKid& k) {
        return k.kind == StructKid::Kind::Object && k.object == ref;
      });
      if (!has) out.push_back(what + " is not an OBJR kid of " + element_name(pdf, element));
    }
  }
  return out;
}

Violations check_fonts(const TaggedPdf& pdf) {
  Violations out;
  if (unreadable(pdf, out)) return out;
  // pdffonts pads its columns, but a long name ("…NotoSansCJKsc-Regular-
  // Identity-H") pushes the rest of its row right, and the type and
  // encoding may hold spaces ("CID Type 0C"): read each row from its end,
  // "… emb sub uni object-number generation".
  std::istringstream in(pdf.fonts);
  std::string header, dashes, line;
  std::getline(in, header);
  std::getline(in, dashes);
  if (header.find("emb") == std::string::npos || dashes.rfind("---", 0) != 0) {
    out.push_back("pdffonts printed no font table");
    return out;
  }
  int fonts = 0;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::vector<std::string> cells;
    for (std::string w; words >> w;) cells.push_back(w);
    if (cells.empty()) continue;
    ++fonts;
    if (cells.size() < 7) {
      out.push_back("pdffonts row \"" + line + "\" does not read as a font");
      continue;
    }
    const std::size_t n = cells.size();
    if (cells[n - 5] != "yes") out.push_back("font " + cells[0] + " is not embedded");
    if (cells[n - 3] != "yes") out.push_back("font " + cells[0] + " has no ToUnicode map");
  }
  if (fonts == 0 && std::any_of(pdf.pages.begin(), pdf.pages.end(), [](const PageContent& p) {
        return std::any_of(p.items.begin(), p.items.end(), [](const ContentItem& i) { return i.op == "Tj" || i.op == "TJ"; });
      }))
    out.push_back("text is shown but pdffonts lists no font");
  return out;
}

Violations check_figures(const TaggedPdf& pdf) {
  Violations out;
  if (unreadable(pdf, out)) return out;
  for (const StructElement& e : pdf.tree.elements)
    if (e.standard == "Figure" && e.alt.empty() && e.actual_text.empty())
      out.push_back("Figure " + e.ref + " has no /Alt" + (e.has_alt ? " text (it is empty)" : ""));
  return out;
}

Violations check_headings(const TaggedPdf& pdf) {
  Violations out;
  if (unreadable(pdf, out)) return out;
  int previous = 0;
  bool h1 = false;
  // Elements are stored depth first in /K order: the logical order.
  for (const StructElement& e : pdf.tree.elements) {
    const std::string& r = e.standard;
    if (r.size() != 2 || r[0] != 'H' || r[1] < '1' || r[1] > '6') continue;
    const int level = r[1] - '0';
    h1 = h1 || level == 1;
    if (level > previous + 1)
      out.push_back(r + " " + e.ref + " follows " + (previous ? "H" + std::to_string(previous) : std::string("no heading")) +
                    ": heading levels skip");
    previous = level;
  }
  if (!h1) out.push_back("there is no H1");
  return out;
}

Violations check_roles(const TaggedPdf& pdf) {
  Violations out;
  if (unreadable(pdf, out)) return out;
  for (const auto& [custom, target] : pdf.tree.role_map)
    if (is_standard_role(custom)) out.push_back("the RoleMap remaps the standard role " + custom + " to " + target);
  auto kid_roles = [&](const StructElement& e) {
    std::vector<std::string> roles;
    for (const StructKid& k : e.kids)
      if (k.kind == StructKid::Kind::Element) roles.push_back(pdf.tree.elements[static_cast<std::size_t>(k.element)].standard);
    return roles;
  };
  auto allow = [&](const StructElement& e, const std::set<std::string>& allowed) {
    for (const std::string& r : kid_roles(e))
      if (!allowed.count(r)) out.push_back(e.role + " " + e.ref + " has a " + r + " kid");
  };
  for (const StructElement& e : pdf.tree.elements) {
    if (!is_standard_role(e.standard))
      out.push_back("role " + e.role + " (" + e.ref + ") is neither standard nor role-mapped to a standard type");
    const std::string& r = e.standard;
    if (r == "L") allow(e, {"LI", "Caption", "L"});
    if (r == "LI") allow(e, {"Lbl", "LBody"});
    if (r == "Table") allow(e, {"TR", "THead", "TBody", "TFoot", "Caption"});
    if (r == "THead" || r == "TBody" || r == "TFoot") allow(e, {"TR"});
    if (r == "TR") allow(e, {"TH", "TD"});
    if (r == "TR" || r == "THead" || r == "TBody" || r == "TFoot" || r == "Table" || r == "L") {
      for (const StructKid& k : e.kids)
        if (k.kind == StructKid::Kind::Content) {
          out.push_back(e.role + " " + e.ref + " holds content directly (MCID " + std::to_string(k.mcid) + ")");
          break;
        }
    }
  }
  return out;
}

Violations check_text_kept(const TaggedPdf& pdf) {
  Violations out;
  if (unreadable(pdf, out)) return out;
  std::string structure;
  for (const StructTextNode& n : pdf.struct_nodes)
    for (const std::string& t : n.texts) structure += t + "\n";
  const std::string stripped = temp_dir() + "/no-artifacts.pdf";
  std::string why;
  if (!rewrite_contents(pdf.file, pdf.path, stripped, MarkedEdit::DropArtifacts, why)) {
    out.push_back("could not remove the artifacts: " + why);
    return out;
  }
  const Result shown = run("pdftotext -enc UTF-8 '" + stripped + "' -");
  if (shown.status != 0) {
    out.push_back("pdftotext failed: " + shown.err);
    return out;
  }
  const auto in_structure = character_counts(structure);
  const auto on_page = character_counts(shown.out);
  // "a×2 b×1 …": what `have` holds more of than `other`, the first 30 kinds.
  auto surplus = [](const std::map<char32_t, int>& have, const std::map<char32_t, int>& other) {
    std::string list;
    int kinds = 0, total = 0;
    for (const auto& [c, n] : have) {
      auto it = other.find(c);
      const int there = it == other.end() ? 0 : it->second;
      if (there >= n) continue;
      total += n - there;
      if (++kinds <= 30) list += character(c) + "×" + std::to_string(n - there) + " ";
    }
    if (kinds > 30) list += "… (" + std::to_string(total) + " characters in all)";
    return list;
  };
  const std::string lost = surplus(on_page, in_structure);
  const std::string extra = surplus(in_structure, on_page);
  if (!lost.empty())
    out.push_back("text shown on the page (artifacts removed) is missing from the structure's text: " + lost);
  if (!extra.empty())
    out.push_back("the structure's text has characters pdftotext does not show (artifacts removed): " + extra);
  return out;
}

Violations check_all(const TaggedPdf& pdf) {
  Violations all;
  auto add = [&](const char* name, const Violations& v) {
    for (const std::string& s : v) all.push_back(std::string(name) + ": " + s);
  };
  add("marked content", check_marked_content(pdf));
  add("catalog", check_catalog(pdf));
  add("annotations", check_annotations(pdf));
  add("fonts", check_fonts(pdf));
  add("figures", check_figures(pdf));
  add("headings", check_headings(pdf));
  add("roles", check_roles(pdf));
  add("text", check_text_kept(pdf));
  return all;
}

}  // namespace cvpdf::test
