// A pair: a label and a text on one line — a skill and its tools, a
// language and its level. Its keys, reader and writer: model.cpp; how it is
// set: compose.cpp; its plain text and Markdown: text.cpp.
#pragma once
#include "model/resume_values.hpp"

namespace cvpdf::model {

struct PairEntry {
  Localized label;
  Localized text;

  template <class Self, class Visit>
  static void fields(Self& self, Visit&& visit) {
    visit("label", self.label);
    visit("text", self.text);
  }
};

}  // namespace cvpdf::model
