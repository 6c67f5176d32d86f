// BCP 47 helpers shared by the style reader, the composer and the app.
#pragma once
#include <string>

namespace cvpdf::model {

std::string primary_language(const std::string& tag);      // "zh-Hant-TW" → "zh"
std::string cjk_font_key(const std::string& language);    // "ja" → "fonts.cjk-ja", "zh" → "fonts.cjk"
std::string pdf_language_tag(const std::string& tag);      // "zh" → "zh-Hans", "en" → "en"
// After a label ("GitHub: ada"): Chinese and Japanese set the colon
// full-width, with its own white ("GitHub：ada"); every other language ": ".
// One colon for a language, wherever a label is made.
std::string label_colon(const std::string& language);

}  // namespace cvpdf::model
