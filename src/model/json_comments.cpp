// Blanking the comments of a JSON file before it is parsed (json_comments.hpp
// says why). A byte scanner: strings in double quotes (with \ escapes) and
// YAML's single quotes are skipped, '#' comments are YAML's own and left to
// the parser, and a '//' or '/*' is a comment only where JSON could have
// one: after blanks or punctuation, following punctuation, a quoted string or
// a literal (a number, true, false, null) — not inside a plain word, so
// `{url: http://example.com}` and `{note: a // b}` stay flow YAML texts.
#include "model/json_comments.hpp"

#include <cctype>

#include "model/yaml_tree.hpp"

namespace cvpdf::model::detail {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_punctuation(char c) { return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':'; }

bool is_literal(std::string_view word) {
  if (word == "true" || word == "false" || word == "null") return true;
  if (word.empty()) return false;
  for (char c : word)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '-' && c != '+' && c != '.' && c != 'e' && c != 'E')
      return false;
  return true;
}

// A comment's bytes → one space a character (UTF-8 continuation bytes go),
// line breaks kept: columns count characters, so what follows keeps its place.
void blank_out(std::string_view comment, std::string& out) {
  for (char c : comment) {
    if (c == '\n' || c == '\r') out += c;
    else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) out += ' ';
  }
}

}  // namespace

bool blank_json_comments(std::string_view text, const std::string& file, Diagnostics& diags, std::string& out) {
  out.clear();
  std::size_t begin = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // positions count from after a BOM
  std::string_view body = text.substr(begin);
  std::size_t first = 0;
  while (first < body.size() && is_blank(body[first])) ++first;
  if (first == body.size() || (body[first] != '{' && body[first] != '[')) return false;

  std::string result;
  std::size_t copied = 0;  // body[0, copied) is in result
  std::size_t comments = 0;
  std::size_t first_comment = 0;
  // What the last token was: punctuation (or nothing yet), a quoted string,
  // or a plain word (word_start: where it began).
  enum class Last { Punctuation, Quoted, Word } last = Last::Punctuation;
  std::size_t word_start = 0, word_end = 0;
  for (std::size_t i = first; i < body.size(); ++i) {
    const char c = body[i];
    if (c == '"' || (c == '\'' && last != Last::Word)) {
      std::size_t j = i + 1;
      while (j < body.size() && body[j] != c) j += (c == '"' && body[j] == '\\') ? 2 : 1;
      if (c == '\'')  // '' is a quote inside single quotes
        while (j + 1 < body.size() && body[j + 1] == '\'') {
          j += 2;
          while (j < body.size() && body[j] != '\'') ++j;
        }
      i = std::min(j, body.size());
      last = Last::Quoted;
      continue;
    }
    if (is_blank(c)) continue;
    const bool token_start = i == 0 || is_blank(body[i - 1]) || is_punctuation(body[i - 1]);
    if (c == '#' && (i == 0 || is_blank(body[i - 1]))) {  // YAML's comment, to the end of the line
      while (i < body.size() && body[i] != '\n') ++i;
      continue;
    }
    const bool after_value = last != Last::Word || is_literal(body.substr(word_start, word_end - word_start));
    if (c == '/' && i + 1 < body.size() && (body[i + 1] == '/' || body[i + 1] == '*') && token_start &&
        (i == 0 || body[i - 1] != ':') && after_value) {
      std::size_t end;
      if (body[i + 1] == '/') {
        end = body.find_first_of("\r\n", i);
        if (end == std::string_view::npos) end = body.size();
      } else {
        end = body.find("*/", i + 2);
        if (end == std::string_view::npos) {
          Pos p = position_of(body, i);
          diags.error({file, p.line, p.column}, "a '/*' comment is not closed; comments are not allowed in JSON",
                      "end it with */, or better remove it: JSON Resume tools refuse comments");
          return false;
        }
        end += 2;
      }
      if (comments++ == 0) first_comment = i;
      result.append(body.substr(copied, i - copied));
      blank_out(body.substr(i, end - i), result);
      copied = end;
      i = end - 1;
      continue;
    }
    if (is_punctuation(c)) {
      last = Last::Punctuation;
    } else {
      if (last != Last::Word || token_start) word_start = i;  // a word begins
      last = Last::Word;
      word_end = i + 1;
    }
  }
  if (comments == 0) return false;
  result.append(body.substr(copied));
  out = std::move(result);
  Pos p = position_of(body, first_comment);
  diags.warning({file, p.line, p.column},
                "comments are not allowed in JSON" +
                    (comments > 1 ? " (this one and " + std::to_string(comments - 1) + " more)" : std::string()) +
                    "; cvpdf reads the file without them",
                "remove them if the file is to go to other JSON Resume tools (resume-cli and JSON.parse refuse it), "
                "or write the résumé as YAML, where '#' starts a comment");
  return true;
}

}  // namespace cvpdf::model::detail
