// Bytes of the parsed text → file positions, by a cursor (yaml_marks.hpp).
#include "model/yaml_marks.hpp"

#include <algorithm>

namespace cvpdf::model::detail {

namespace {

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

MarkMapper::Mapped MarkMapper::map(std::size_t parsed) {
  const std::vector<std::size_t>& starts = doc_.line_starts;
  const std::string_view text = doc_.text;
  const std::size_t offset =
      parsed >= text.size() ? text.size() : std::min(parsed + edits_.shift(parsed), text.size());
  // The line: mostly the cursor's or the next one; a binary search otherwise.
  auto next_start = [&](std::size_t line) { return line + 1 < starts.size() ? starts[line + 1] : text.size() + 1; };
  if (offset < starts[line_] || offset >= next_start(line_)) {
    std::size_t line = offset >= starts[line_] && offset < next_start(line_ + 1)
                           ? line_ + 1
                           : static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), offset) -
                                                      starts.begin()) - 1;
    line_ = line;
    byte_ = starts[line];
    chars_ = 0;
  }
  if (offset >= byte_) {
    for (std::size_t i = byte_; i < offset; ++i) chars_ += continuation(text[i]) ? 0 : 1;
  } else {
    for (std::size_t i = offset; i < byte_; ++i) chars_ -= continuation(text[i]) ? 0 : 1;
  }
  byte_ = offset;
  return {{static_cast<int>(line_) + 1, 1 + static_cast<int>(chars_)}, offset};
}

std::size_t line_start(std::string_view text, std::size_t at) {
  const std::size_t line_break = at == 0 ? std::string_view::npos : text.rfind('\n', std::min(at, text.size()) - 1);
  return line_break == std::string_view::npos ? 0 : line_break + 1;
}

std::size_t previous_token_end(std::string_view text, std::size_t offset) {
  std::size_t end = std::min(offset, text.size());
  for (;;) {
    const std::size_t line_break = end == 0 ? std::string_view::npos : text.rfind('\n', end - 1);
    const std::size_t start = line_break == std::string_view::npos ? 0 : line_break + 1;
    std::string_view line = text.substr(start, end - start);
    for (std::size_t k = 0; k < line.size(); ++k)
      if (line[k] == '#' && (k == 0 || line[k - 1] == ' ' || line[k - 1] == '\t')) {
        line = line.substr(0, k);
        break;
      }
    const std::size_t last = line.find_last_not_of(" \t\r");
    if (last != std::string_view::npos) return start + last + 1;
    if (line_break == std::string_view::npos) return 0;
    end = line_break;
  }
}

std::size_t closing_quote(std::string_view text, std::size_t open) {
  const char quote = text[open];
  for (std::size_t i = open + 1; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      if (quote != '\'' || i + 1 >= text.size() || text[i + 1] != '\'') return i;
      ++i;
    }
  }
  return std::string_view::npos;
}

std::size_t token_after_flow_scalar(std::string_view text, std::size_t at) {
  auto skip_blanks = [&](std::size_t i) {
    for (;;) {  // blanks, line breaks and comments
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
      if (i >= text.size() || text[i] != '#') return i;
      i = text.find('\n', i);
      if (i == std::string_view::npos) return text.size();
    }
  };
  std::size_t i = at;
  while (i < text.size() && (text[i] == '&' || text[i] == '!')) {  // an anchor or a tag first
    while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\n') ++i;
    i = skip_blanks(i);
  }
  if (i < text.size() && (text[i] == '"' || text[i] == '\'')) {
    i = closing_quote(text, i);
    if (i == std::string_view::npos) return text.size();
    ++i;
  } else {
    auto flow_indicator = [](char c) { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'; };
    for (; i < text.size() && text[i] != '\n' && !flow_indicator(text[i]); ++i) {
      const bool blank_after = i + 1 >= text.size() || text[i + 1] == ' ' || text[i + 1] == '\t' ||
                               text[i + 1] == '\r' || text[i + 1] == '\n';
      if (text[i] == ':' && (blank_after || flow_indicator(text[i + 1]))) break;
      if (text[i] == '#' && i > at && (text[i - 1] == ' ' || text[i - 1] == '\t')) break;
    }
  }
  return skip_blanks(i);
}

}  // namespace cvpdf::model::detail
