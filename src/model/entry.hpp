// An entry of a section: one of the entry kinds (src/kinds/*/kind.hpp), with
// what every kind shares — where it was written and the variants it is in.
// EntryBody is the register of kinds: a kind is added by its folder under
// src/kinds/ and one line here (docs/architecture.md, "How to add an entry
// kind"); every stage visits the body, so a stage that forgets the new kind
// does not compile or link.
#pragma once
#include <type_traits>
#include <utility>
#include <variant>

#include "kinds/item/kind.hpp"
#include "kinds/numbered/kind.hpp"
#include "kinds/pair/kind.hpp"
#include "kinds/paragraph/kind.hpp"
#include "kinds/publication/kind.hpp"
#include "model/resume_values.hpp"

namespace cvpdf::model {

// The kinds, in the order the reader tries them and the JSON Schema lists them.
using EntryBody = std::variant<ItemEntry, PairEntry, PublicationEntry, ParagraphEntry, NumberedEntry>;

struct Entry {
  EntryBody body;
  SourceSpan span;
  Only only;

  template <class Kind>
  const Kind* as() const {
    return std::get_if<Kind>(&body);
  }
  template <class Kind>
  Kind* as() {
    return std::get_if<Kind>(&body);
  }
  template <class Kind>
  bool is() const {
    return std::holds_alternative<Kind>(body);
  }
  // Makes the entry a `Kind` (its fields empty) and gives it.
  template <class Kind>
  Kind& make() {
    return body.emplace<Kind>();
  }
  // Whether two entries are of one kind (a run of pairs is one list).
  bool same_kind(const Entry& other) const { return body.index() == other.body.index(); }
};

namespace detail {
template <class F, class... Kinds>
void for_each_kind_of(F& f, std::variant<Kinds...>*) {
  (f.template operator()<Kinds>(), ...);
}
}  // namespace detail

// Calls f.template operator()<Kind>() for every kind, in EntryBody's order:
// for_each_kind([&]<class Kind>() { … }).
template <class F>
void for_each_kind(F&& f) {
  detail::for_each_kind_of(f, static_cast<EntryBody*>(nullptr));
}

// Calls visit(FieldKey, member) for every field of the entry's kind, as the
// kind's fields() lists them; members are Localized, std::vector<Localized>,
// std::vector<Link>, DateRange, std::string (a plain value) or bool.
template <class Visit>
void for_each_field(const Entry& entry, Visit&& visit) {
  std::visit([&](const auto& kind) { std::decay_t<decltype(kind)>::fields(kind, visit); }, entry.body);
}
template <class Visit>
void for_each_field(Entry& entry, Visit&& visit) {
  std::visit([&](auto& kind) { std::decay_t<decltype(kind)>::fields(kind, visit); }, entry.body);
}

}  // namespace cvpdf::model
