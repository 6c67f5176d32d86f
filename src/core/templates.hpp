// The one `{key}` templater behind every pattern a user writes: output
// names (`-o 'out/{name}-{lang}.pdf'`), the footer's "Page {page} of
// {pages}", the layout's date patterns ("{month} {year}").
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cvpdf {

using TemplateValues = std::vector<std::pair<std::string_view, std::string>>;

// Expands every `{key}` of `values` in one left-to-right pass: substituted
// text is never scanned again, so a value that contains a key (an input
// named `{name}.yaml`) is copied as it is. `{{` and `}}` are a literal `{`
// and `}`, as in fmt. A `{word}` that names no key is kept as written;
// where that is a mistake, the caller asks unknown_template_keys().
std::string expand_template(std::string_view pattern, const TemplateValues& values);

// The `{word}` placeholders of `pattern` that `values` has no key for, in
// order of appearance, without braces; escaped braces are not placeholders.
std::vector<std::string> unknown_template_keys(std::string_view pattern, const TemplateValues& values);

// "the keys are {name}, {lang}" — a hint for an unknown key.
std::string template_keys_hint(const TemplateValues& values);

}  // namespace cvpdf
