// Helpers for the model tests: load a résumé from a string, find diagnostics.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "model/loader.hpp"

namespace cvpdf::model::testing {

struct Loaded {
  std::optional<Resume> resume;
  Diagnostics diags;

  std::string dump() const {
    std::string s;
    for (const auto& d : diags.all()) s += d.format() + "\n";
    return s;
  }
  // The first diagnostic of `severity` whose message contains `text`, or nullptr.
  const Diagnostic* find(Severity severity, std::string_view text) const {
    for (const auto& d : diags.all())
      if (d.severity == severity && d.message.find(text) != std::string::npos) return &d;
    return nullptr;
  }
  const Diagnostic* error(std::string_view text) const { return find(Severity::Error, text); }
  const Diagnostic* warning(std::string_view text) const { return find(Severity::Warning, text); }
};

inline Loaded load(std::string_view text, const std::string& file = "resume.yaml") {
  Loaded l;
  l.resume = load_resume(text, file, "/base", l.diags);
  return l;
}

}  // namespace cvpdf::model::testing
