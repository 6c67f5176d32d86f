// The raw text's checks, before yaml-cpp sees it: size, UTF-8 (or a wide
// encoding without its byte-order mark, named with how to convert it), control
// characters, and a light structural prescan (nesting depth, tabs used for
// indentation, an estimate of the number of values, where an unclosed quote
// opens). The input is untrusted: yaml-cpp's parser recurses once per level
// of nesting (its own guard stops at 500 levels, with the message "bad file"),
// and every value costs time and memory, so what is clearly pathological is
// refused here first, with a clear message and position.
#include <algorithm>
#include <cctype>
#include <string>

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "model/text_encoding.hpp"
#include "model/yaml_tree.hpp"

namespace cvpdf::model::detail {

Pos position_of(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::string_view before = text.substr(0, offset);
  int line = 1 + static_cast<int>(std::count(before.begin(), before.end(), '\n'));
  std::size_t line_start = before.rfind('\n');
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  int column = 1 + static_cast<int>(utf8::length(before.substr(line_start)));
  return {line, column};
}

namespace {

std::string megabytes(std::size_t bytes) {
  return fmt::format("{:.1f} MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
}

}  // namespace

bool check_input(std::string_view text, const std::string& file, Diagnostics& diags, const Limits& limits) {
  if (text.size() > limits.max_bytes) {
    diags.error({file, 1, 1}, "the file is too large (" + megabytes(text.size()) + "; the limit is " +
                                  megabytes(limits.max_bytes) + ")",
                "a résumé is a few kilobytes; is this the right file?");
    return false;
  }
  // A NUL near the start: text in UTF-16 or UTF-32 without a byte-order
  // mark (decoded before this when it has one: text_encoding.hpp), or a
  // binary file (an image, a PDF, a program), where "not UTF-8" and "save
  // the file as UTF-8" would mislead.
  if (std::size_t nul = text.substr(0, 8192).find('\0'); nul != std::string_view::npos) {
    if (const std::string wide = wide_encoding_without_mark(text.substr(0, 8192)); !wide.empty()) {
      const bool named = !file.empty() && file.front() != '<';  // not "<stdin>"
      diags.error({file, 1, 1}, "the file looks like " + wide + " text without a byte-order mark; cvpdf reads UTF-8",
                  "convert it: iconv -f " + wide + " -t UTF-8 " + (named ? "'" + file + "'" : "<file>") +
                      " > resume-utf8.yaml (UTF-16 and UTF-32 with a byte-order mark are read as they are)");
      return false;
    }
    diags.error({file, 1, 1}, "the file is not text (it holds NUL bytes)",
                "give the résumé's YAML or JSON file; is this an image, a PDF or a program?");
    return false;
  }
  if (std::size_t bad = utf8::find_invalid(text); bad != std::string_view::npos) {
    Pos p = position_of(text, bad);
    diags.error({file, p.line, p.column},
                fmt::format("the file is not valid UTF-8 (byte 0x{:02X})", static_cast<unsigned char>(text[bad])),
                "save the file as UTF-8; it may be in another encoding such as Latin-1, GBK or UTF-16");
    return false;
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) {
      Pos p = position_of(text, i);
      diags.error({file, p.line, p.column}, "control character " + utf8::code_name(c) + " in the text",
                  "remove it; YAML allows no control characters besides tab and line breaks (is this a binary file?)");
      return false;
    }
  }
  return true;
}

namespace {

// The prescan's state across lines. Columns here are byte offsets in a line;
// positions reported are converted to characters.
class Scanner {
 public:
  Scanner(std::string_view text, const Limits& limits, std::size_t stop_at = std::string_view::npos)
      : text_(text), limits_(limits), stop_at_(stop_at) {}

  Prescan run() {
    std::size_t pos = 0;
    int line_no = 1;
    while (true) {
      std::size_t end = text_.find('\n', pos);
      if (end == std::string_view::npos) end = text_.size();
      std::string_view line = text_.substr(pos, end - pos);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      line_ = line;
      line_start_ = pos;
      line_no_ = line_no;
      scan_line();
      if (out_.too_deep || stopped_ || end >= text_.size() || end >= stop_at_) break;
      pos = end + 1;
      ++line_no;
    }
    if (quote_ != 0 && out_.unclosed_quote == std::string::npos) out_.unclosed_quote = quote_start_;
    return out_;
  }
  const std::vector<std::size_t>& openers() const { return openers_; }

 private:
  Pos here(std::size_t byte) const {
    return {line_no_, 1 + static_cast<int>(utf8::length(line_.substr(0, std::min(byte, line_.size()))))};
  }
  int depth() const { return static_cast<int>(indents_.size()) + flow_; }
  void check_depth(std::size_t byte) {
    if (depth() > limits_.max_depth && !out_.too_deep) {
      out_.too_deep = true;
      out_.too_deep_at = here(byte);
    }
  }
  void count_value(std::size_t byte) {
    out_.has_content = true;
    if (++out_.values > limits_.max_values && !stopped_) {
      out_.values_exceeded_at = here(byte);
      stopped_ = true;
    }
  }
  // A \uXXXX escape at line_[i] naming a UTF-16 surrogate (yaml_extras.cpp).
  void note_surrogate(std::size_t i) {
    if (i + 6 > line_.size() || line_[i + 1] != 'u') return;
    unsigned unit = 0;
    for (std::size_t k = i + 2; k < i + 6; ++k) {
      char h = static_cast<char>(std::tolower(static_cast<unsigned char>(line_[k])));
      int v = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : -1;
      if (v < 0) return;
      unit = unit * 16 + static_cast<unsigned>(v);
    }
    if (unit >= 0xD800 && unit <= 0xDFFF) out_.surrogates.push_back({line_no_, i, unit});
  }
  bool blank_at(std::size_t i) const { return i >= line_.size() || line_[i] == ' ' || line_[i] == '\t'; }
  // A tab in the blanks that start a line in block context (`to` is where
  // they end) is indentation, which YAML refuses, unless the line goes on a
  // plain text and the tab is beyond the text's indentation: the reading
  // this loader has always had (yaml-cpp skips such tabs).
  void note_indentation_tab(std::size_t to) {
    std::size_t tab = line_.substr(0, to).find('\t');
    if (tab == std::string_view::npos || out_.indentation_tab) return;
    const std::size_t limit = indents_.empty() ? 1 : static_cast<std::size_t>(indents_.back()) + 1;
    if (!plain_ || tab < limit) out_.indentation_tab = here(tab);
  }

  void scan_line() {
    const std::string_view line = line_;
    std::size_t indent = 0;
    while (indent < line.size() && line[indent] == ' ') ++indent;
    std::size_t ws = indent;
    while (ws < line.size() && (line[ws] == ' ' || line[ws] == '\t')) ++ws;
    const bool blank = ws == line.size();

    // A document marker inside a quoted text ends it, unclosed.
    if (quote_ != 0 && out_.unclosed_quote == std::string::npos && line.size() >= 3 &&
        (line.substr(0, 3) == "---" || line.substr(0, 3) == "...") && blank_at(3))
      out_.unclosed_quote = quote_start_;

    // Inside a block scalar (| or >): its lines are text, however they look,
    // but a tab where the text's indentation is still being read is refused.
    if (block_parent_ >= 0) {
      const bool tab = indent < line.size() && line[indent] == '\t';
      if (tab && !out_.indentation_tab && (block_indent_ < 0 || static_cast<int>(indent) < block_indent_))
        out_.indentation_tab = here(indent);
      if (blank) return;
      if (block_indent_ < 0 && static_cast<int>(indent) > block_parent_) {
        block_indent_ = static_cast<int>(indent);
        return;
      }
      if (block_indent_ >= 0 && static_cast<int>(indent) >= block_indent_) return;
      block_parent_ = block_indent_ = -1;
    }

    std::size_t i = 0;
    if (quote_ == 0 && flow_ == 0) {
      if (blank) {
        note_indentation_tab(line.size());
        return;
      }
      if (line[ws] == '#') {
        plain_ = false;  // a comment ends a plain text
        for (std::size_t k = 0; k < ws; ++k)
          if (line[k] == '\t') out_.comment_tabs.push_back(line_start_ + k);
        return;
      }
      bool marker = line.size() >= 3 && (line.substr(0, 3) == "---" || line.substr(0, 3) == "...") && blank_at(3);
      if (marker) {
        indents_.clear();
        plain_ = false;
        i = 3;
      } else {
        out_.has_content = true;
        if (ws > indent && !out_.tab) out_.tab = here(line.find('\t'));
        note_indentation_tab(ws);
        while (!indents_.empty() && indents_.back() > static_cast<int>(indent)) indents_.pop_back();
        if (indents_.empty() || indents_.back() < static_cast<int>(indent)) {
          indents_.push_back(static_cast<int>(indent));
          check_depth(indent);
        }
        i = ws;
      }
      expect_ = true;
      after_quoted_ = false;
    } else if (!blank) {
      out_.has_content = true;
    }

    bool prev_blank = true;
    for (; i < line.size() && !out_.too_deep && !stopped_ && line_start_ + i < stop_at_; ++i) {
      char c = line[i];
      if (quote_ == '\'') {
        if (c == '\'') {
          if (i + 1 < line.size() && line[i + 1] == '\'') {
            ++i;
          } else {
            quote_ = 0;
            expect_ = false;
            after_quoted_ = true;
          }
        }
        prev_blank = false;
        continue;
      }
      if (quote_ == '"') {
        if (c == '\\') {
          note_surrogate(i);
          ++i;
        } else if (c == '"') {
          quote_ = 0;
          expect_ = false;
          after_quoted_ = true;
        }
        prev_blank = false;
        continue;
      }
      if (c == ' ' || c == '\t') {
        prev_blank = true;
        continue;
      }
      if (c == '#' && prev_blank) {
        plain_ = false;
        break;  // a comment runs to the end of the line
      }
      prev_blank = false;
      bool next_blank = blank_at(i + 1);
      if (c == ':' && (next_blank || (flow_ > 0 && (after_quoted_ || std::string_view(",[]{}").find(line[i + 1]) !=
                                                                         std::string_view::npos)))) {
        expect_ = true;  // a mapping's value follows
        after_quoted_ = false;
        plain_ = false;
        continue;
      }
      if (flow_ > 0 && c == ',') {
        expect_ = true;
        after_quoted_ = false;
        plain_ = false;
        continue;
      }
      if (c == '[' || c == '{') {
        // In block context a bracket inside a plain scalar is text.
        if (expect_ || flow_ > 0) {
          plain_ = false;
          ++flow_;
          openers_.push_back(line_start_ + i);
          count_value(i);
          check_depth(i);
          expect_ = true;
          after_quoted_ = false;
        }
        continue;
      }
      if ((c == ']' || c == '}') && flow_ > 0) {
        plain_ = false;
        --flow_;
        openers_.pop_back();
        expect_ = false;
        after_quoted_ = false;
        continue;
      }
      if (!expect_) continue;  // inside a plain scalar
      after_quoted_ = false;
      plain_ = false;
      if ((c == '-' || c == '?') && next_blank && flow_ == 0) {
        // A block entry or explicit key: the node after it is one level deeper.
        std::size_t j = i + 1;
        while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
        indents_.push_back(static_cast<int>(j));
        check_depth(i);
        continue;
      }
      if (c == '\'' || c == '"') {
        quote_ = c;
        quote_start_ = line_start_ + i;
        count_value(i);
        continue;
      }
      if (c == '&' || c == '!' || c == '*') {
        // Anchor, tag or alias: a token up to the next blank (or flow indicator).
        std::size_t j = i + 1;
        while (j < line.size() && !blank_at(j) &&
               (flow_ == 0 || std::string_view(",[]{}").find(line[j]) == std::string_view::npos))
          ++j;
        i = j - 1;
        if (c == '*') {
          count_value(i);
          expect_ = false;
        }
        continue;
      }
      if ((c == '|' || c == '>') && flow_ == 0) {
        block_parent_ = static_cast<int>(indent);
        block_indent_ = -1;
        count_value(i);
        return;  // the rest of the line is the block scalar's header
      }
      count_value(i);  // a plain scalar starts
      expect_ = false;
      plain_ = true;
    }
  }

  std::string_view text_;
  const Limits& limits_;
  std::size_t stop_at_;
  Prescan out_;
  std::string_view line_;
  std::size_t line_start_ = 0;  // of line_, in text_
  int line_no_ = 0;
  std::vector<int> indents_;  // block levels, by indentation
  int flow_ = 0;              // open [ and {
  std::vector<std::size_t> openers_;  // where each opens, in text_
  char quote_ = 0;            // inside a quoted scalar ' or "
  std::size_t quote_start_ = 0;  // its opening quote, in text_
  bool expect_ = true;        // a node may start at the next token
  bool after_quoted_ = false; // the last token was a quoted scalar (JSON's "key":value)
  bool plain_ = false;        // the last token is a plain text that may go on
  int block_parent_ = -1;     // >= 0: inside a block scalar under a line indented this much
  int block_indent_ = -1;     // the block scalar's indentation, once seen
  bool stopped_ = false;
};

}  // namespace

Prescan prescan(std::string_view text, const Limits& limits) { return Scanner(text, limits).run(); }

std::vector<std::size_t> open_flows(std::string_view text, std::size_t offset) {
  const Limits limits;
  Scanner scanner(text, limits, offset);
  scanner.run();
  return scanner.openers();
}

}  // namespace cvpdf::model::detail
