// What a variant shows: the one place that says whether a text, an entry or
// a section has anything to set in a language. The composer sets nothing it
// says is empty (no heading over nothing, no bare bullet symbol, no blank
// entry gap, no outline entry), and warn_nothing_to_show says so, at the
// section's or entry's place, for `cvpdf check` and every render.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "model/resume.hpp"

namespace cvpdf::model {

// Only white space: ASCII blanks and line breaks, no-break and other Unicode
// spaces (U+00A0, U+2000–U+200B, U+3000 and the like), the byte order mark.
bool blank(std::string_view text);

// The text of `value` in `language` (falling back as Localized::get does
// to the unlocalized text, then to `fallback_language`'s), or "" when that
// text is blank.
const std::string& visible_text(const Localized& value, const std::string& language,
                                const std::string& fallback_language);

// Whether `value` has visible text in the variant; whether one of `values`
// has; whether one of `links` has a visible label or an address.
bool visible(const Localized& value, const std::string& language, const std::string& fallback_language);
bool any_visible(const std::vector<Localized>& values, const std::string& language,
                 const std::string& fallback_language);
// A bullet shows when its text or one of its sub-bullets does.
bool any_visible(const std::vector<Bullet>& bullets, const std::string& language,
                 const std::string& fallback_language);
bool any_visible(const std::vector<Link>& links, const std::string& language, const std::string& fallback_language);

// Whether the entry sets anything in the variant: it is in the variant
// (`only:`), and some field of its kind has visible text (each kind's
// kind_has_content, entry_kinds.hpp) — for an item a name, role, location,
// date, text, bullet, tag or link; for a pair its label or text; for a
// publication its title, authors, venue, year or DOI; for a paragraph or a
// numbered entry its text.
bool entry_has_content(const Entry& entry, const std::string& language, const std::string& fallback_language);

// Whether the section sets anything in the variant: it is in the variant,
// and it has an entry with content, a visible bullet or visible text. A
// title alone is not content: a heading over nothing is not set.
bool section_has_content(const Section& section, const std::string& language, const std::string& fallback_language);

// A warning for each section of the variant with nothing to show ("section
// 'Awards' has nothing to show in zh; it is left out"), at the section's
// place, and for each entry of a shown section that is in the variant but
// has nothing to show, at the entry's place.
void warn_nothing_to_show(const Resume& resume, const std::string& language, Diagnostics& diags);

}  // namespace cvpdf::model
