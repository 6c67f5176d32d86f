// A paragraph: a plain text among a section's entries (`- Some text.` or
// `- {en: …, zh: …}`). Its keys, reader and writer: model.cpp; how it is
// set: compose.cpp; its plain text and Markdown: text.cpp.
#pragma once
#include "model/resume_values.hpp"

namespace cvpdf::model {

struct ParagraphEntry {
  Localized text;

  template <class Self, class Visit>
  static void fields(Self& self, Visit&& visit) {
    visit("text", self.text);
  }
};

}  // namespace cvpdf::model
