// The structure builder (structure.hpp): elements of the logical tree, and
// the tagging of set lines into them in reading order.
#include "compose/structure.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "core/utf8.hpp"
#include "model/language_detect.hpp"
#include "text/line_breaks.hpp"
#include "text/script_language.hpp"

namespace cvpdf::compose {

namespace {

bool has_cjk(const std::string& s) {
  for (std::size_t pos = 0; pos < s.size();)
    if (text::is_cjk(utf8::decode(s, pos))) return true;
  return false;
}

[[noreturn]] void bug(const std::string& what) {
  throw FatalError({Severity::Error, SourceSpan{}, what, "this is a bug in cvpdf; please report it"});
}

std::string run_text(const frame::GlyphRun& run) {
  std::string out;
  for (const auto& g : run.glyphs) out += g.text;
  return out;
}

}  // namespace

StructureBuilder::StructureBuilder(std::vector<frame::StructNode>& nodes, std::string language,
                                   std::vector<std::string> cjk_languages, std::uint32_t seq_base)
    : nodes_(nodes), language_(std::move(language)), cjk_languages_(std::move(cjk_languages)), next_(seq_base) {
  const std::string primary = model::primary_language(language_);
  latin_document_ = primary != "zh" && primary != "ja" && primary != "ko";
  make_root(nodes_);
}

void StructureBuilder::make_root(std::vector<frame::StructNode>& nodes) {
  if (!nodes.empty()) return;
  frame::StructNode root;
  root.role = "Document";
  nodes.push_back(std::move(root));
}

StructId StructureBuilder::add(const std::string& role, StructId parent) {
  if (parent == kArtifact) parent = current_;
  if (parent < 0 || static_cast<std::size_t>(parent) >= nodes_.size())
    bug("a structure element's parent " + std::to_string(parent) + " does not exist");
  frame::StructNode node;
  node.role = role;
  node.parent = parent;
  nodes_.push_back(std::move(node));
  return static_cast<StructId>(nodes_.size() - 1);
}

StructId StructureBuilder::open(const std::string& role) {
  current_ = add(role);
  return current_;
}

void StructureBuilder::close() {
  if (current_ <= 0)
    bug("a structure element was closed that was never opened");
  current_ = nodes_[static_cast<std::size_t>(current_)].parent;
}

// The language of a Span of CJK text in a Latin-script document: the
// résumé's own Chinese, Japanese or Korean language when the script allows
// it (Han is written in Chinese and Japanese, kana only in Japanese,
// Hangul only in Korean), else what the script says.
std::string StructureBuilder::span_language(const std::string& text) const {
  const std::string detected = model::detect_language_of_text(text);
  const std::string script = model::primary_language(detected);
  for (const auto& declared : cjk_languages_) {
    const std::string primary = model::primary_language(declared);
    if (primary == script || (script == "zh" && primary == "ja")) return declared;
  }
  return detected;
}

bool StructureBuilder::readable(const std::vector<frame::Element>& elements) const {
  return std::any_of(elements.begin(), elements.end(),
                     [](const frame::Element& e) { return std::holds_alternative<frame::GlyphRun>(e); });
}

void StructureBuilder::tag(std::vector<SetLine>& lines, StructId node) {
  if (node < 0 || static_cast<std::size_t>(node) >= nodes_.size())
    bug("content was tagged into structure element " + std::to_string(node) + ", which does not exist");
  auto is_icon = [&](const frame::GlyphRun& run) { return icon_face_ != text::kNoFace && run.face == icon_face_; };
  // A link whose runs are all icons shows only its icon: the icon is
  // what the link says, so it is read, not an artifact.
  std::map<std::uint16_t, bool> has_words;
  for (auto& line : lines)
    for (auto& e : line.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e); run && run->link != 0)
        has_words[run->link] = has_words[run->link] || !is_icon(*run);

  struct Link {
    StructId node = kArtifact;
    std::vector<const frame::GlyphRun*> runs;
    std::vector<frame::LinkArea*> areas;
  };
  std::map<std::uint16_t, Link> links;
  auto link_node = [&](std::uint16_t number) -> Link& {
    Link& link = links[number];
    if (link.node == kArtifact) link.node = add("Link", node);
    return link;
  };
  // Consecutive runs of CJK text in a Latin-script document share one
  // Span with their language, and so do runs in a script the document's
  // language is not written in (Arabic, Devanagari, Thai… in an English
  // résumé: text/script_language.hpp), with the spaces between them. The
  // reverse — every Latin technical term in Chinese text — is left alone:
  // such terms are read as written in any language, and a Span per term
  // would bloat the tree for nothing.
  StructId span = kArtifact, span_owner = kArtifact;
  bool foreign_span = false;  // the open Span is of a script, not CJK
  for (auto& line : lines) {
    for (auto& [number, link] : links) {
      (void)number;
      if (!link.runs.empty() && link.runs.back()) link.runs.push_back(nullptr);  // a line break inside the link
    }
    for (auto& element : line.elements) {
      if (auto* run = std::get_if<frame::GlyphRun>(&element)) {
        const bool icon = is_icon(*run);
        if (icon && !(run->link != 0 && !has_words[run->link])) {
          // Drawn beside its words: an artifact; what it reads as ("Email:")
          // still tells a screen reader's user what the link is.
          if (run->link != 0) links[run->link].runs.push_back(run);
          span = kArtifact;
          continue;
        }
        StructId owner = node;
        if (run->link != 0) {
          Link& link = link_node(run->link);
          owner = link.node;
          link.runs.push_back(run);
        }
        const std::string text = icon ? std::string() : run_text(*run);
        const bool cjk = latin_document_ && has_cjk(text);
        const std::string lang = cjk ? span_language(text) : text::foreign_script_language(text, language_);
        const bool spaces = !text.empty() && text.find_first_not_of(' ') == std::string::npos;
        if (!lang.empty()) {
          if (span == kArtifact || span_owner != owner || nodes_[static_cast<std::size_t>(span)].lang != lang) {
            span = add("Span", owner);
            nodes_[static_cast<std::size_t>(span)].lang = lang;
            span_owner = owner;
          }
          foreign_span = !cjk;
          owner = span;
        } else if (spaces && foreign_span && span != kArtifact && span_owner == owner) {
          owner = span;  // a space between two words of the phrase
        } else {
          span = kArtifact;
        }
        run->tag = {owner, next_++};
      } else if (auto* area = std::get_if<frame::LinkArea>(&element)) {
        Link& link = link_node(area->link);
        area->tag = {link.node, next_++};
        link.areas.push_back(area);
      }
    }
  }
  // What a link says is known once all its lines are seen.
  for (auto& [number, link] : links) {
    (void)number;
    if (link.areas.empty()) continue;
    const std::string contents = link_contents(link.runs, link.areas.front()->uri);
    for (auto* area : link.areas) area->contents = contents;
  }
}

StructId StructureBuilder::paragraph(std::vector<SetLine>& lines, const std::string& role, StructId parent) {
  bool any = false;
  for (const auto& line : lines) any = any || readable(line.elements);
  if (!any) return kArtifact;
  const StructId node = add(role, parent);
  tag(lines, node);
  return node;
}

StructureBuilder structure_builder(frame::Document& doc, const model::Resume& resume, const std::string& language,
                                   text::FaceId icon_face, std::uint32_t seq_base) {
  std::vector<std::string> cjk;
  for (const auto& declared : resume.languages) {
    const std::string primary = model::primary_language(declared);
    if (primary == "zh" || primary == "ja" || primary == "ko") cjk.push_back(model::pdf_language_tag(declared));
  }
  StructureBuilder builder(doc.structure, language, std::move(cjk), seq_base);
  builder.set_icon_face(icon_face);
  return builder;
}

std::string link_contents(const std::vector<const frame::GlyphRun*>& runs, const std::string& uri) {
  std::string raw;
  bool in_span = false;
  for (const auto* run : runs) {
    if (!run) {
      raw += '\n';
      continue;
    }
    for (const auto& g : run->glyphs) {
      if (g.reads_as) {
        raw += *g.reads_as;
        in_span = !g.reads_as_end;
        continue;
      }
      if (in_span) {
        in_span = !g.reads_as_end;
        continue;
      }
      raw += g.text;
    }
  }
  // White space collapsed (a no-break space counts), soft hyphens dropped.
  // A line break inside a link was a word space, unless it falls inside
  // an address ("example.org/\npapers") or between CJK characters, which
  // join without one.
  auto joins = [](char32_t cp) {
    return cp == '/' || cp == '-' || cp == '.' || cp == '_' || cp == '~' || cp == '?' || cp == '#' || cp == '&' ||
           cp == '=' || cp == ':' || text::is_cjk(cp);
  };
  std::string out;
  bool space = false, line_break = false;
  char32_t last = 0;
  for (std::size_t pos = 0; pos < raw.size();) {
    const char32_t cp = utf8::decode(raw, pos);
    if (cp == 0xAD) continue;
    if (cp == '\n') {
      line_break = !out.empty();
      continue;
    }
    if (cp == ' ' || cp == 0xA0 || cp == '\t') {
      space = !out.empty();
      continue;
    }
    if (space || (line_break && !joins(last) && !joins(cp))) out += ' ';
    space = line_break = false;
    utf8::append(out, cp);
    last = cp;
  }
  if (out.empty()) out = uri;
  if (out.size() > kMaxLinkContentsBytes) {
    std::size_t cut = kMaxLinkContentsBytes - std::string_view("…").size();
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    out.resize(cut);
    out += "…";
  }
  return out;
}

}  // namespace cvpdf::compose
