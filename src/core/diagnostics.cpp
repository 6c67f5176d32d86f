// Diagnostics: formatting and the "did you mean" suggestion.
#include "core/diagnostics.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iterator>

#include <fmt/format.h>

#include "core/utf8.hpp"

namespace cvpdf {

std::string SourceSpan::to_string() const {
  if (file.empty()) return {};
  if (line <= 0) return file;
  if (column <= 0) return fmt::format("{}:{}", file, line);
  return fmt::format("{}:{}:{}", file, line, column);
}

std::string printable(std::string_view text, std::size_t max_bytes) {
  std::string out;
  out.reserve(std::min(text.size(), max_bytes) + 8);
  for (std::size_t pos = 0; pos < text.size();) {
    if (out.size() >= max_bytes) {
      out += "…";
      break;
    }
    std::size_t start = pos;
    char32_t cp = utf8::decode(text, pos);
    bool invalid = cp == utf8::kReplacement && text.substr(start, pos - start) != "\xEF\xBF\xBD";
    if (invalid || cp < 0x20 || cp == 0x7F) {
      fmt::format_to(std::back_inserter(out), "\\x{:02X}", static_cast<unsigned char>(text[start]));
    } else if ((cp >= 0x80 && cp < 0xA0) || cp == 0x2028 || cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) ||
               (cp >= 0x2066 && cp <= 0x2069)) {
      fmt::format_to(std::back_inserter(out), "\\u{{{:X}}}", static_cast<std::uint32_t>(cp));
    } else {
      out.append(text, start, pos - start);
    }
  }
  return out;
}

std::string Diagnostic::format() const {
  std::string out;
  std::string where = printable(span.to_string());
  if (!where.empty()) out += where + ": ";
  switch (severity) {
    case Severity::Error: out += "error: "; break;
    case Severity::Warning: out += "warning: "; break;
    case Severity::Note: out += "note: "; break;
  }
  out += printable(message);
  if (!hint.empty()) out += "\n  hint: " + printable(hint);
  return out;
}

void Diagnostics::error(SourceSpan span, std::string message, std::string hint) {
  add({Severity::Error, std::move(span), std::move(message), std::move(hint)});
}
void Diagnostics::warning(SourceSpan span, std::string message, std::string hint) {
  add({Severity::Warning, std::move(span), std::move(message), std::move(hint)});
}
void Diagnostics::warning_once(SourceSpan span, std::string message, std::string hint) {
  if (!said_once_.insert(span.to_string() + '\n' + message).second) return;
  warning(std::move(span), std::move(message), std::move(hint));
  once_.resize(items_.size());
  once_.back() = true;
}
void Diagnostics::note(SourceSpan span, std::string message, std::string hint) {
  add({Severity::Note, std::move(span), std::move(message), std::move(hint)});
}
void Diagnostics::add(Diagnostic d) {
  if (d.severity == Severity::Error) ++error_count_;
  items_.push_back(std::move(d));
}
void Diagnostics::add_all(const Diagnostics& other) {
  for (std::size_t i = 0; i < other.items_.size(); ++i) {
    const Diagnostic& d = other.items_[i];
    if (other.said_once(i))
      warning_once(d.span, d.message, d.hint);
    else
      add(d);
  }
}

void Diagnostics::clear() {
  items_.clear();
  once_.clear();
  error_count_ = 0;
  said_once_.clear();
}

std::size_t Diagnostics::warnings_as_errors() {
  std::size_t made = 0;
  for (Diagnostic& d : items_) {
    if (d.severity != Severity::Warning || d.verbose_only) continue;
    d.severity = Severity::Error;
    ++made;
  }
  error_count_ += made;
  return made;
}

FatalError::FatalError(Diagnostic d) : std::runtime_error(d.format()), diagnostic_(std::move(d)) {}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows: a swap of neighbours (bulelts) looks two rows back.
  auto same = [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  };
  std::vector<std::size_t> before(b.size() + 1), last(b.size() + 1), row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) last[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min({last[j] + 1, row[j - 1] + 1, last[j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, last);
    std::swap(last, row);
  }
  return last[b.size()];
}

std::string nearest_word(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = std::string::npos;
  for (const auto& c : candidates) {
    std::size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  // A typo changes a few letters; beyond a third of the word it is another word.
  std::size_t limit = std::max<std::size_t>(2, (word.size() + 2) / 3);
  if (best_distance > limit) return {};
  return best;
}

}  // namespace cvpdf
