// BCP 47 helpers: the primary subtag, the CJK font key a language reads,
// and the tag written into the PDF.
#include "model/language_tags.hpp"

#include <cctype>

namespace cvpdf::model {

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::string primary_language(const std::string& tag) {
  std::string l = lower(tag);
  auto dash = l.find_first_of("-_");
  return dash == std::string::npos ? l : l.substr(0, dash);
}

std::string label_colon(const std::string& language) {
  const std::string primary = primary_language(language);
  return primary == "zh" || primary == "ja" ? "\uFF1A" : ": ";
}

std::string cjk_font_key(const std::string& language) {
  std::string l = lower(language);
  std::string primary = primary_language(l);
  if (primary == "ja") return "fonts.cjk-ja";
  if (primary == "ko") return "fonts.cjk-ko";
  if (primary == "zh" && (l.find("hant") != std::string::npos || l.find("-tw") != std::string::npos ||
                          l.find("-hk") != std::string::npos || l.find("-mo") != std::string::npos))
    return "fonts.cjk-hant";
  return "fonts.cjk";
}

std::string pdf_language_tag(const std::string& tag) {
  std::string l = lower(tag);
  if (l == "zh" || l == "zh-cn" || l == "zh-sg") return "zh-Hans";
  if (l == "zh-tw" || l == "zh-hk" || l == "zh-mo") return "zh-Hant";
  if (l == "zh-hans") return "zh-Hans";
  if (l == "zh-hant") return "zh-Hant";
  return tag;
}

}  // namespace cvpdf::model
