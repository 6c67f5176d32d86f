// What the YAML parser does not do for us, kept apart from the tree builder
// (yaml_tree.cpp) and free of the parser's types: combining UTF-16 surrogate
// pair escapes before the parser sees them (and mapping columns back), YAML
// 1.1 merge keys, and removing the control characters that escapes put into
// text values (they would print as nothing, or worse, in the PDF).
#include <algorithm>
#include <cstdint>
#include <iterator>

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "model/yaml_tree.hpp"

namespace cvpdf::model::detail {

namespace {

std::string escape_name(char32_t unit) { return fmt::format("\\u{:04X}", static_cast<std::uint32_t>(unit)); }

}  // namespace

std::optional<SurrogateEdits> SurrogateEdits::make(const Document& doc, const std::vector<SurrogateEscape>& escapes,
                                                   Diagnostics& diags) {
  SurrogateEdits edits;
  if (escapes.empty()) return edits;
  constexpr std::size_t kEscape = 6;  // \uXXXX, rewritten as \UXXXXXXXX: two bytes fewer
  std::string out;
  out.reserve(doc.text.size());
  std::size_t copied = 0;
  bool ok = true;
  for (std::size_t i = 0; i < escapes.size(); ++i) {
    const SurrogateEscape& high = escapes[i];
    const SurrogateEscape* low = i + 1 < escapes.size() ? &escapes[i + 1] : nullptr;
    if (high.unit < 0xDC00 && low && low->line == high.line && low->byte == high.byte + kEscape &&
        low->unit >= 0xDC00) {
      char32_t cp = 0x10000 + ((high.unit - 0xD800) << 10) + (low->unit - 0xDC00);
      std::size_t at = doc.line_starts[static_cast<std::size_t>(high.line - 1)] + high.byte;
      out.append(doc.text, copied, at - copied);
      fmt::format_to(std::back_inserter(out), "\\U{:08X}", static_cast<std::uint32_t>(cp));
      copied = at + 2 * kEscape;
      edits.ends_.push_back(out.size());
      ++i;
      continue;
    }
    std::string_view text = doc.line_text(high.line);
    Pos at{high.line, 1 + static_cast<int>(utf8::length(text.substr(0, high.byte)))};
    bool is_high = high.unit < 0xDC00;
    diags.error(doc.span(at),
                "a lone UTF-16 surrogate " + escape_name(high.unit) + " in a quoted text (" +
                    (is_high ? "a high surrogate with no low one after it" : "a low surrogate with no high one before it") +
                    ")",
                "a character beyond U+FFFF is written as a pair, high then low (\\uD83D\\uDE00 is 😀), or as "
                "\\U0001F600, or typed as itself; fix or remove this escape");
    ok = false;
  }
  if (!ok) return std::nullopt;
  out.append(doc.text, copied);
  edits.text_ = std::move(out);
  return edits;
}

std::size_t SurrogateEdits::shift(std::size_t offset) const {
  return 2 * static_cast<std::size_t>(std::upper_bound(ends_.begin(), ends_.end(), offset) - ends_.begin());
}

namespace {
bool control_character(char32_t cp) { return (cp < 0x20 && cp != '\n' && cp != '\t') || (cp >= 0x7F && cp < 0xA0); }
}  // namespace

std::size_t first_control_character(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t start = pos;
    if (control_character(utf8::decode(text, pos))) return start;
  }
  return text.size();
}

std::pair<char32_t, std::size_t> remove_control_characters(std::string& text) {
  // Fast path: most texts have nothing to remove. C1 controls are C2 80–9F.
  bool any = false;
  for (std::size_t i = 0; i < text.size() && !any; ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    any = (c < 0x20 && c != '\n') || c == 0x7F ||
          (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xA0);
  }
  if (!any) return {0, 0};
  std::string out;
  out.reserve(text.size());
  char32_t first = 0;
  std::size_t removed = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t start = pos;
    char32_t cp = utf8::decode(text, pos);
    if (cp == '\t') {
      out += ' ';  // a tab has no width of its own in a paragraph
    } else if (control_character(cp)) {
      if (removed++ == 0) first = cp;
    } else {
      out.append(text, start, pos - start);
    }
  }
  text = std::move(out);
  return {first, removed};
}

void merge_keys(YNode& map, std::vector<YNode>& sources, std::size_t index,
                std::unordered_map<std::string_view, Pos>& seen) {
  std::vector<YNode> merged;
  for (auto& source : sources)
    for (auto& child : source.children)
      if (seen.emplace(child.key(), child.key_pos).second) merged.push_back(std::move(child));
  index = std::min(index, map.children.size());
  map.children.insert(map.children.begin() + static_cast<std::ptrdiff_t>(index),
                      std::make_move_iterator(merged.begin()), std::make_move_iterator(merged.end()));
}

}  // namespace cvpdf::model::detail
