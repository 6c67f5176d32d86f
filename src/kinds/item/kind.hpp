// An item: an organisation or project, the role in it, where and when, a
// paragraph, bullets, links and tags — a job, a degree, a project, an award.
// Its keys, reader and writer: model.cpp; how it is set: compose.cpp; its
// plain text and Markdown: text.cpp.
#pragma once
#include <vector>

#include "model/resume_values.hpp"

namespace cvpdf::model {

struct ItemEntry {
  Localized org;
  Localized role;
  Localized location;
  DateRange date;
  Localized text;  // a paragraph under the head
  std::vector<Bullet> bullets;
  std::vector<Link> links;
  std::vector<Localized> tags;  // e.g. status tags "Live", "In development"

  template <class Self, class Visit>
  static void fields(Self& self, Visit&& visit) {
    visit("org", self.org);
    visit("role", self.role);
    visit("location", self.location);
    visit("date", self.date);
    visit("text", self.text);
    visit("bullets", self.bullets);
    visit("links", self.links);
    visit("tags", self.tags);
  }
};

}  // namespace cvpdf::model
