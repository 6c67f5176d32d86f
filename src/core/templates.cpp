// The `{key}` templater (see templates.hpp).
#include "core/templates.hpp"

namespace cvpdf {

namespace {

// Walks `pattern` once, giving literal text to `literal` and each `{word}`
// (brace-free, on one line) to `placeholder`; `{{`/`}}` are literal braces.
template <typename Literal, typename Placeholder>
void scan(std::string_view pattern, Literal literal, Placeholder placeholder) {
  std::size_t at = 0;
  while (at < pattern.size()) {
    const std::size_t brace = pattern.find_first_of("{}", at);
    if (brace == std::string_view::npos) {
      literal(pattern.substr(at));
      return;
    }
    literal(pattern.substr(at, brace - at));
    at = brace;
    if (at + 1 < pattern.size() && pattern[at + 1] == pattern[at]) {
      literal(pattern.substr(at, 1));
      at += 2;
      continue;
    }
    const std::size_t close = pattern[at] == '{' ? pattern.find_first_of("{}\n", at + 1) : std::string_view::npos;
    if (close == std::string_view::npos || pattern[close] != '}') {
      literal(pattern.substr(at, 1));
      ++at;
      continue;
    }
    placeholder(pattern.substr(at + 1, close - at - 1), pattern.substr(at, close - at + 1));
    at = close + 1;
  }
}

const std::string* find(const TemplateValues& values, std::string_view key) {
  for (const auto& [k, v] : values)
    if (k == key) return &v;
  return nullptr;
}

}  // namespace

std::string expand_template(std::string_view pattern, const TemplateValues& values) {
  std::string out;
  out.reserve(pattern.size() + 16);
  scan(
      pattern, [&](std::string_view text) { out += text; },
      [&](std::string_view key, std::string_view written) {
        const std::string* value = find(values, key);
        out += value ? std::string_view(*value) : written;
      });
  return out;
}

std::vector<std::string> unknown_template_keys(std::string_view pattern, const TemplateValues& values) {
  std::vector<std::string> unknown;
  scan(
      pattern, [](std::string_view) {},
      [&](std::string_view key, std::string_view) {
        if (!find(values, key)) unknown.emplace_back(key);
      });
  return unknown;
}

std::string template_keys_hint(const TemplateValues& values) {
  std::string hint = values.size() == 1 ? "the key is " : "the keys are ";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) hint += ", ";
    hint += '{';
    hint += values[i].first;
    hint += '}';
  }
  if (!values.empty()) hint += "; write {{ and }} for literal braces";
  return hint;
}

}  // namespace cvpdf
