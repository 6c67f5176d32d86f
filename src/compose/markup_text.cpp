// Résumé text into rich text: the one place the composer reads inline
// markup (inline_markup.hpp) — runs to spans in the faces they ask for,
// the layout's bold keywords, links checked, malformed markup warned of.
#include <algorithm>

#include "compose/composer.hpp"
#include "compose/inline_markup.hpp"
#include "model/link_policy.hpp"

namespace cvpdf::compose {

namespace {

// `base` with bold and/or italic added, or the mono face of its weight.
FontVariant face(FontVariant base, bool bold, bool italic, bool code) {
  const bool base_bold = base == FontVariant::Bold || base == FontVariant::BoldItalic || base == FontVariant::MonoBold;
  const bool base_italic = base == FontVariant::Italic || base == FontVariant::BoldItalic;
  const bool b = base_bold || bold;
  if (code || base == FontVariant::Mono || base == FontVariant::MonoBold) return b ? FontVariant::MonoBold : FontVariant::Mono;
  const bool i = base_italic || italic;
  if (b && i) return FontVariant::BoldItalic;
  if (b) return FontVariant::Bold;
  if (i) return FontVariant::Italic;
  return FontVariant::Regular;
}

// The source from `offset` on, short, for a message that shows where.
std::string excerpt(const std::string& text, std::size_t offset) {
  constexpr std::size_t kMax = 32;
  std::size_t end = std::min(text.size(), offset + kMax);
  while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
  std::string out = text.substr(offset, end - offset);
  if (end < text.size()) out += "…";
  return out;
}

}  // namespace

void Composer::add_text(RichText& rich, const std::string& text, const SpanStyle& base, const model::TextPlace& source,
                        const std::string& link) const {
  // Read once per variant (markup_memo.hpp): the layouts --fit-pages tries
  // all read the same texts.
  const markup::Parsed& parsed =
      typesetter.memo().markup.read(text, style.bold_keywords, language, style.ja_quotes == theme::JaQuotes::Corner);
  // A text shared by several variants is read once per variant: its
  // warning is said once. Each at its marker when the text can be placed
  // so (model/scalar_source.hpp), else at the value's start.
  auto warn_at = [&](std::size_t offset, std::string message, const std::string& hint) {
    diags.warning_once(source.at(text, offset), std::move(message), hint);
  };
  auto warn = [&](std::string message, const std::string& hint) {
    diags.warning_once(source.span, std::move(message), hint);
  };
  // The first few problems of a text, then how many more: a field of
  // thousands of stray brackets is one mistake repeated, not thousands.
  constexpr std::size_t kShown = 3;
  for (std::size_t i = 0; i < parsed.problems.size() && i < kShown; ++i) {
    const auto& problem = parsed.problems[i];
    warn_at(problem.offset, "markup: " + problem.message + " (at '" + excerpt(text, problem.offset) + "')",
            problem.hint);
  }
  if (parsed.problems.size() > kShown)
    warn("markup: " + std::to_string(parsed.problems.size() - kShown) + " more problems of markup in this text",
         "they are set as written; write \\* \\[ \\` for literal marks");
  // A link's label in several runs (a bold keyword inside it) is one link:
  // a refused one is warned of once, at its first run.
  const std::string* refused = nullptr;
  for (const auto& run : parsed.runs) {
    SpanStyle s = base;
    s.variant = face(base.variant, run.bold, run.italic, run.code);
    std::string target = link;
    if (!run.link.empty()) {
      bool allowed = true;
      std::string uri = markup::link_target(run.link, &allowed);
      if (allowed) {
        target = std::move(uri);
        s.color = style.accent_color;
      } else if (!refused || *refused != run.link) {
        model::RefusedLink why = model::refused_link(run.link, true);
        warn_at(run.offset, std::move(why.message), std::move(why.hint));
      }
      refused = allowed ? nullptr : &run.link;
    } else {
      refused = nullptr;
    }
    rich.add(run.text, s, std::move(target), source.span);
  }
}

}  // namespace cvpdf::compose
