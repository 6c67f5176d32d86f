// The inline markup of résumé texts, read once per variant: parsed, the
// bold keywords marked and the language's typography applied
// (inline_markup.hpp), kept by source text. --fit-pages lays a résumé out
// up to eight times and every layout reads every text again; what the
// markup makes of a text depends on the text, the keywords, the language
// and the quote style alone, none of which a fitted setting changes.
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

#include "compose/inline_markup.hpp"

namespace cvpdf::compose {

class MarkupMemo {
 public:
  // What markup::parse, apply_bold_keywords and apply_typography (in that
  // order) make of `source`. The reference lives until the next call with
  // another keyword list, language or quote style, which starts afresh.
  const markup::Parsed& read(const std::string& source, const std::vector<std::string>& bold_keywords,
                             const std::string& language, bool corner_quotes);
  std::size_t size() const { return parsed_.size(); }

 private:
  std::unordered_map<std::string, markup::Parsed> parsed_;
  // What every entry of parsed_ was read with; the keywords also made
  // ready once, for every text.
  std::vector<std::string> bold_keywords_;
  markup::BoldKeywords keywords_;
  std::string language_;
  bool corner_quotes_ = false;
};

}  // namespace cvpdf::compose
