// Output name templates: `-o 'out/{name}-{lang}.pdf'` expanded for one
// input and variant.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace cvpdf::app {

// Expands every `{key}` of `values` in one left-to-right pass: substituted
// text is never scanned again, so a value that contains a key (an input
// named `{name}.yaml`) is copied as it is. Braces that name no key stay.
std::string expand_template(const std::string& pattern,
                            const std::vector<std::pair<std::string, std::string>>& values);

}  // namespace cvpdf::app
