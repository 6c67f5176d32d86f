// MarkupMemo (markup_memo.hpp): the read markup of each source text, for
// the layouts of one variant.
#include "compose/markup_memo.hpp"

namespace cvpdf::compose {

const markup::Parsed& MarkupMemo::read(const std::string& source, const std::vector<std::string>& bold_keywords,
                                       const std::string& language, bool corner_quotes) {
  // One variant's layouts read with one context; anything else (a memo
  // handed to another style) must not see their runs.
  if (language != language_ || corner_quotes != corner_quotes_ || bold_keywords != bold_keywords_) {
    parsed_.clear();
    if (bold_keywords != bold_keywords_) keywords_ = markup::BoldKeywords(bold_keywords);
    bold_keywords_ = bold_keywords;
    language_ = language;
    corner_quotes_ = corner_quotes;
  }
  auto it = parsed_.find(source);
  if (it != parsed_.end()) return it->second;
  markup::Parsed parsed = markup::parse(source);
  markup::apply_bold_keywords(parsed.runs, keywords_);
  markup::apply_typography(parsed.runs, language, corner_quotes);
  return parsed_.emplace(source, std::move(parsed)).first->second;
}

}  // namespace cvpdf::compose
