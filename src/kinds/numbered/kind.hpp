// A numbered entry: one item of a numbered list, its number hanging in a
// label column — `- number: …` counts 1, 2, 3 down the section's numbered
// entries, `- reversed_number: …` counts down to 1 (RenderCV's NumberedEntry
// and ReversedNumberedEntry, kept as they are). Its keys, reader and writer:
// model.cpp; how it is set: compose.cpp; its plain text and Markdown: text.cpp.
#pragma once
#include "model/resume_values.hpp"

namespace cvpdf::model {

struct NumberedEntry {
  Localized text;
  bool reversed = false;  // written as reversed_number: counts down

  template <class Self, class Visit>
  static void fields(Self& self, Visit&& visit) {
    visit(self.reversed ? "reversed_number" : "number", self.text);
  }
};

}  // namespace cvpdf::model
