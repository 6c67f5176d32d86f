// The structure tree as qpdf's JSON holds it (StructTreeRoot, StructElem,
// MCR and OBJR kids, RoleMap, ParentTree) and as poppler prints it
// (pdfinfo -struct-text).
#include <set>
#include <sstream>

#include "pdf_structure.hpp"

namespace cvpdf::test {

// ---- the structure tree ----------------------------------------------------------

bool is_standard_role(const std::string& role) {
  static const std::set<std::string> roles = {
      "Document", "Part",  "Art",   "Sect",  "Div",    "BlockQuote", "Caption", "TOC",     "TOCI",  "Index",
      "NonStruct", "Private", "P",  "H",     "H1",     "H2",         "H3",      "H4",      "H5",    "H6",
      "L",        "LI",    "Lbl",   "LBody", "Table",  "TR",         "TH",      "TD",      "THead", "TBody",
      "TFoot",    "Span",  "Quote", "Note",  "Reference", "BibEntry", "Code",   "Link",    "Annot", "Ruby",
      "RB",       "RT",    "RP",    "Warichu", "WT",   "WP",         "Figure",  "Formula", "Form"};
  return roles.count(role) > 0;
}

int StructTree::find(const std::string& ref) const {
  for (std::size_t i = 0; i < elements.size(); ++i)
    if (elements[i].ref == ref) return static_cast<int>(i);
  return -1;
}

namespace {

void flatten_number_tree(const PdfFile& file, const PdfJson* node, std::map<long, PdfJson>& out,
                         std::vector<std::string>& errors, int depth) {
  node = file.resolve(node);
  if (!node || depth > 16) {
    errors.push_back("the ParentTree has a dangling or too deep node");
    return;
  }
  if (const PdfJson* nums = file.get(node, "/Nums")) {
    for (std::size_t i = 0; i + 1 < nums->array.size(); i += 2)
      out[static_cast<long>(nums->array[i].number)] = nums->array[i + 1];
  }
  if (const PdfJson* kids = file.get(node, "/Kids"))
    for (const PdfJson& kid : kids->array) flatten_number_tree(file, &kid, out, errors, depth + 1);
}

std::string name_of(const PdfJson* v) { return v && v->is_name() ? v->string.substr(1) : std::string(); }

struct TreeReader {
  const PdfFile& file;
  StructTree& tree;
  std::set<std::string> seen;

  // A kid of `parent` (-1: the root): a StructElem, an MCID, an MCR or an OBJR.
  void kid(const PdfJson& k, int parent, const std::string& page) {
    if (k.kind == PdfJson::Kind::Number) {
      add_content(parent, page, static_cast<int>(k.number));
      return;
    }
    const PdfJson* d = file.resolve(&k);
    if (!d || d->kind != PdfJson::Kind::Object) {
      tree.errors.push_back("a /K of " + where(parent) + " is neither a number nor a dictionary");
      return;
    }
    const std::string type = name_of(file.get(d, "/Type"));
    if (type == "MCR") {
      const PdfJson* pg = d->get("/Pg");
      const PdfJson* mcid = file.get(d, "/MCID");
      add_content(parent, pg && pg->is_ref() ? pg->string : page, mcid ? static_cast<int>(mcid->number) : -1);
    } else if (type == "OBJR") {
      if (parent < 0) return;
      StructKid o;
      o.kind = StructKid::Kind::Object;
      const PdfJson* obj = d->get("/Obj");
      o.object = obj && obj->is_ref() ? obj->string : std::string();
      if (o.object.empty()) tree.errors.push_back("an OBJR of " + where(parent) + " has no /Obj reference");
      tree.elements[static_cast<std::size_t>(parent)].kids.push_back(o);
    } else if (k.is_ref()) {
      element(k.string, parent);
    } else {
      tree.errors.push_back("a kid of " + where(parent) + " is a direct dictionary, not a StructElem reference");
    }
  }

  void add_content(int parent, const std::string& page, int mcid) {
    if (parent < 0) {
      tree.errors.push_back("the StructTreeRoot has marked content as a kid");
      return;
    }
    if (page.empty()) tree.errors.push_back("an MCID kid of " + where(parent) + " has no /Pg");
    StructKid c;
    c.kind = StructKid::Kind::Content;
    c.page = page;
    c.mcid = mcid;
    tree.elements[static_cast<std::size_t>(parent)].kids.push_back(c);
  }

  void element(const std::string& ref, int parent) {
    if (!seen.insert(ref).second) {
      tree.errors.push_back("StructElem " + ref + " is reached twice (a cycle or a shared kid)");
      return;
    }
    const PdfJson* d = file.object(ref);
    if (!d || d->kind != PdfJson::Kind::Object) {
      tree.errors.push_back("StructElem " + ref + " does not exist");
      return;
    }
    StructElement e;
    e.ref = ref;
    e.role = name_of(file.get(d, "/S"));
    e.parent = parent;
    if (const PdfJson* alt = file.get(d, "/Alt")) e.alt = text_of(alt), e.has_alt = true;
    e.actual_text = text_of(file.get(d, "/ActualText"));
    e.lang = text_of(file.get(d, "/Lang"));
    if (parent >= 0) {
      const PdfJson* p = d->get("/P");
      if (!p || p->string != tree.elements[static_cast<std::size_t>(parent)].ref)
        tree.errors.push_back("StructElem " + ref + " (" + e.role + ")'s /P is not its parent " +
                              tree.elements[static_cast<std::size_t>(parent)].ref);
    }
    const int index = static_cast<int>(tree.elements.size());
    tree.elements.push_back(e);
    if (parent >= 0) {
      StructKid k;
      k.element = index;
      tree.elements[static_cast<std::size_t>(parent)].kids.push_back(k);
    } else {
      tree.top.push_back(index);
    }
    const PdfJson* pg = d->get("/Pg");
    const std::string page = pg && pg->is_ref() ? pg->string : std::string();
    const PdfJson* kids = d->get("/K");
    const PdfJson* resolved = kids && kids->is_ref() ? file.resolve(kids) : kids;
    if (resolved && resolved->kind == PdfJson::Kind::Array) {
      for (const PdfJson& k : resolved->array) kid(k, index, page);
    } else if (kids) {
      kid(*kids, index, page);
    }
  }

  std::string where(int parent) const {
    return parent < 0 ? std::string("the StructTreeRoot")
                      : tree.elements[static_cast<std::size_t>(parent)].ref + " (" +
                            tree.elements[static_cast<std::size_t>(parent)].role + ")";
  }
};

}  // namespace

StructTree read_struct_tree(const PdfFile& file) {
  StructTree tree;
  const PdfJson* root = file.get(file.root(), "/StructTreeRoot");
  if (!root) return tree;
  tree.present = true;
  if (const PdfJson* map = file.get(root, "/RoleMap"))
    for (std::size_t i = 0; i < map->keys.size(); ++i)
      tree.role_map[map->keys[i].substr(1)] = name_of(file.resolve(&map->values[i]));
  if (const PdfJson* pt = root->get("/ParentTree")) flatten_number_tree(file, pt, tree.parent_tree, tree.errors, 0);
  TreeReader reader{file, tree, {}};
  const PdfJson* k = root->get("/K");
  const PdfJson* resolved = k && !k->is_ref() ? k : nullptr;
  if (k && k->is_ref()) {
    // One StructElem, or an array object of them.
    const PdfJson* target = file.resolve(k);
    if (target && target->kind == PdfJson::Kind::Array)
      resolved = target;
    else
      reader.element(k->string, -1);
  }
  if (resolved && resolved->kind == PdfJson::Kind::Array)
    for (const PdfJson& kid : resolved->array) reader.kid(kid, -1, {});
  for (StructElement& e : tree.elements) {
    std::string role = e.role;
    for (int hops = 0; !is_standard_role(role) && tree.role_map.count(role) && hops < 8; ++hops) role = tree.role_map[role];
    e.standard = role;
  }
  return tree;
}

// ---- pdfinfo -struct-text ----------------------------------------------------------

std::vector<StructTextNode> parse_struct_text(std::string_view text) {
  std::vector<StructTextNode> nodes;
  std::vector<std::pair<int, int>> open;  // (indent, node) of the elements above the line
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t first = line.find_first_not_of(' ');
    if (first == std::string::npos) continue;
    const int indent = static_cast<int>(first);
    std::string body = line.substr(first);
    while (!open.empty() && open.back().first >= indent) open.pop_back();
    const int parent = open.empty() ? -1 : open.back().second;
    if (body[0] == '"') {
      // Content text; a newline inside it continues on the next lines.
      while ((body.size() < 2 || body.back() != '"') && std::getline(in, line)) body += "\n" + line;
      if (parent >= 0) {
        StructTextNode& n = nodes[static_cast<std::size_t>(parent)];
        n.sequence.push_back(-1 - static_cast<int>(n.texts.size()));
        n.texts.push_back(body.substr(1, body.size() - 2));
      }
      // Keep the element open for its next content line at the same indent.
      continue;
    }
    if (body.rfind("Object ", 0) == 0) {
      if (parent >= 0) ++nodes[static_cast<std::size_t>(parent)].objects;
      continue;
    }
    if (body[0] == '/') continue;  // an attribute line
    StructTextNode node;
    node.role = body.substr(0, body.find_first_of(" :"));
    node.parent = parent;
    const int index = static_cast<int>(nodes.size());
    if (parent >= 0) {
      nodes[static_cast<std::size_t>(parent)].children.push_back(index);
      nodes[static_cast<std::size_t>(parent)].sequence.push_back(index);
    }
    nodes.push_back(node);
    open.emplace_back(indent, index);
  }
  return nodes;
}

std::string subtree_text(const std::vector<StructTextNode>& nodes, int node) {
  std::string out;
  const StructTextNode& n = nodes[static_cast<std::size_t>(node)];
  for (int kid : n.sequence) out += kid < 0 ? n.texts[static_cast<std::size_t>(-1 - kid)] : subtree_text(nodes, kid);
  return out;
}

}  // namespace cvpdf::test
