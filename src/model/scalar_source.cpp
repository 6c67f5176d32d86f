// Reading a scalar again from its source, byte by byte (scalar_source.hpp).
// The reader follows YAML 1.2's rules for each style — escapes, '' in single
// quotes, line folding, block indentation and folding of more-indented lines —
// and is told how many bytes the value has, so it needs no knowledge of where
// a plain scalar ends (a flow ',' or '}', a ': ', a comment): it stops when
// it has made them. What it made is then compared with the value, which is
// what makes a place trustworthy; a construct it reads differently from
// yaml-cpp only loses the place, never gives a wrong one.
#include "model/scalar_source.hpp"

#include "core/utf8.hpp"

namespace cvpdf::model {

namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

class ScalarReader {
 public:
  ScalarReader(std::string_view s, std::size_t start, std::size_t length) : s_(s), i_(start), want_(length) {
    out_.text.reserve(length);
    out_.from.reserve(length);
  }

  std::optional<ScalarBytes> read() {
    skip_properties();
    bool ok = false;
    if (i_ >= s_.size()) {
      ok = full();
    } else if (s_[i_] == '"') {
      ++i_;
      ok = flow(Style::Double);
    } else if (s_[i_] == '\'') {
      ++i_;
      ok = flow(Style::Single);
    } else if (s_[i_] == '|' || s_[i_] == '>') {
      ok = block();
    } else {
      ok = flow(Style::Plain);
    }
    if (!ok) return std::nullopt;
    out_.text.resize(want_);  // a break's line feeds may overshoot by the chomped ones
    out_.from.resize(want_);
    return std::move(out_);
  }

 private:
  enum class Style { Plain, Single, Double };

  bool full() const { return out_.text.size() >= want_; }
  bool at_end() const { return i_ >= s_.size(); }
  char peek(std::size_t ahead = 0) const { return i_ + ahead < s_.size() ? s_[i_ + ahead] : '\0'; }
  void emit(char c, std::size_t from) {
    out_.text += c;
    out_.from.push_back(from);
  }
  void emit_utf8(char32_t cp, std::size_t from) {
    std::string bytes = utf8::encode(cp);
    for (char c : bytes) emit(c, from);
  }
  // A line break at i_ (LF or CR LF): its length, or 0.
  std::size_t break_at(std::size_t i) const {
    if (i < s_.size() && s_[i] == '\n') return 1;
    if (i + 1 < s_.size() && s_[i] == '\r' && s_[i + 1] == '\n') return 2;
    return 0;
  }
  void skip_line_rest() {
    while (!at_end() && !break_at(i_)) ++i_;
  }

  // `&anchor` and `!tag` before the value, and the space, comments and line
  // breaks after them: yaml-cpp's mark is at the first of them.
  void skip_properties() {
    while (!at_end() && (s_[i_] == '&' || s_[i_] == '!')) {
      while (!at_end() && !blank(s_[i_]) && !break_at(i_)) ++i_;
      for (;;) {
        if (blank(peek())) {
          ++i_;
        } else if (std::size_t b = break_at(i_)) {
          i_ += b;
        } else if (peek() == '#') {
          skip_line_rest();
        } else {
          break;
        }
      }
    }
  }

  // Flow folding at a line break (at i_): the break and the empty lines after
  // it, and the next line's leading white space; one space for the break
  // alone, else a line feed per empty line.
  void fold() {
    const std::size_t at = i_;
    i_ += break_at(i_);
    int empty = 0;
    for (;;) {
      std::size_t j = i_;
      while (j < s_.size() && blank(s_[j])) ++j;
      std::size_t b = break_at(j);
      if (!b) {
        i_ = j;
        break;
      }
      i_ = j + b;
      ++empty;
    }
    if (empty == 0) {
      emit(' ', at);
    } else {
      for (int k = 0; k < empty && !full(); ++k) emit('\n', at);
    }
  }

  // White space inside a line: content, unless only a line break follows it.
  void spaces() {
    std::size_t j = i_;
    while (j < s_.size() && blank(s_[j])) ++j;
    if (!break_at(j)) {
      for (std::size_t k = i_; k < j && !full(); ++k) emit(s_[k], k);
    }
    i_ = j;
  }

  static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }
  std::optional<char32_t> hex_at(std::size_t i, int digits) const {
    if (i + static_cast<std::size_t>(digits) > s_.size()) return std::nullopt;
    char32_t v = 0;
    for (int k = 0; k < digits; ++k) {
      int h = hex(s_[i + static_cast<std::size_t>(k)]);
      if (h < 0) return std::nullopt;
      v = v * 16 + static_cast<char32_t>(h);
    }
    return v;
  }

  // A double-quoted escape at i_ (the backslash).
  bool escape() {
    const std::size_t at = i_;
    const char e = peek(1);
    if (std::size_t b = break_at(i_ + 1)) {
      // An escaped line break joins the lines with nothing between them;
      // empty lines after it are still line feeds.
      i_ += 1 + b;
      while (blank(peek())) ++i_;
      while (std::size_t nb = break_at(i_)) {
        emit('\n', i_);
        i_ += nb;
        while (blank(peek())) ++i_;
      }
      return true;
    }
    char32_t cp = 0;
    std::size_t length = 2;
    switch (e) {
      case '0': cp = 0; break;
      case 'a': cp = 7; break;
      case 'b': cp = 8; break;
      case 't': case '\t': cp = 9; break;
      case 'n': cp = 10; break;
      case 'v': cp = 11; break;
      case 'f': cp = 12; break;
      case 'r': cp = 13; break;
      case 'e': cp = 27; break;
      case ' ': cp = ' '; break;
      case '"': cp = '"'; break;
      case '/': cp = '/'; break;
      case '\\': cp = '\\'; break;
      case 'N': cp = 0x85; break;
      case '_': cp = 0xA0; break;
      case 'L': cp = 0x2028; break;
      case 'P': cp = 0x2029; break;
      case 'x': case 'u': case 'U': {
        const int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        auto v = hex_at(i_ + 2, digits);
        if (!v) return false;
        cp = *v;
        length = 2 + static_cast<std::size_t>(digits);
        // A UTF-16 pair written as two escapes (JSON's way) is one character.
        if (e == 'u' && cp >= 0xD800 && cp <= 0xDBFF && peek(6) == '\\' && peek(7) == 'u') {
          auto low = hex_at(i_ + 8, 4);
          if (!low || *low < 0xDC00 || *low > 0xDFFF) return false;
          cp = 0x10000 + ((cp - 0xD800) << 10) + (*low - 0xDC00);
          length = 12;
        }
        break;
      }
      default: return false;
    }
    emit_utf8(cp, at);
    i_ += length;
    return true;
  }

  // A plain, single- or double-quoted scalar, from its first character (past
  // the opening quote).
  bool flow(Style style) {
    while (!full()) {
      if (at_end()) return false;
      const char c = s_[i_];
      if (break_at(i_)) {
        fold();
      } else if (blank(c)) {
        spaces();
      } else if (style == Style::Double && c == '"') {
        return false;
      } else if (style == Style::Double && c == '\\') {
        if (!escape()) return false;
      } else if (style == Style::Single && c == '\'') {
        if (peek(1) != '\'') return false;
        emit('\'', i_);
        i_ += 2;
      } else {
        emit(c, i_);
        ++i_;
      }
    }
    return true;
  }

  // The spaces at the start of the line at i_, and whether it holds nothing else.
  std::pair<std::size_t, bool> indentation(std::size_t line) const {
    std::size_t j = line;
    while (j < s_.size() && s_[j] == ' ') ++j;
    std::size_t k = j;
    while (k < s_.size() && blank(s_[k])) ++k;
    return {j - line, k >= s_.size() || break_at(k) != 0};
  }
  std::size_t line_end(std::size_t i) const {
    while (i < s_.size() && !break_at(i)) ++i;
    return i;
  }

  // `|` or `>`, with its chomping and indentation indicators, then the lines
  // indented at least as much as the first that has text.
  bool block() {
    const bool folded = s_[i_] == '>';
    const std::size_t header = i_;
    std::size_t explicit_indent = 0;
    for (++i_; !at_end() && (peek() == '-' || peek() == '+' || (peek() >= '1' && peek() <= '9')); ++i_)
      if (peek() != '-' && peek() != '+') explicit_indent = static_cast<std::size_t>(peek() - '0');
    while (blank(peek())) ++i_;
    if (peek() == '#') skip_line_rest();
    if (at_end()) return full();
    std::size_t b = break_at(i_);
    if (!b) return false;
    i_ += b;

    std::size_t indent = 0;
    if (explicit_indent > 0) {
      // Relative to the parent's indentation, taken as that of the header's
      // line (right for `key: |2`; a wrong guess reads a different text).
      std::size_t header_line = header;
      while (header_line > 0 && s_[header_line - 1] != '\n') --header_line;
      indent = indentation(header_line).first + explicit_indent;
    } else {
      for (std::size_t line = i_;;) {
        auto [spaces, empty] = indentation(line);
        if (!empty) {
          indent = spaces;
          break;
        }
        std::size_t end = line_end(line);
        if (end >= s_.size()) return full();
        line = end + break_at(end);
      }
    }

    // Folding needs the kind of the line before a run of breaks: text at
    // the indentation ("normal") or more indented.
    bool seen_text = false;
    bool previous_more = false;
    std::size_t pending_at = 0;  // the break after the last text line
    int pending_empty = 0;       // empty lines since
    while (!full()) {
      if (at_end()) break;
      auto [spaces, empty] = indentation(i_);
      const std::size_t end = line_end(i_);
      if (empty && spaces <= indent) {
        if (seen_text || !folded)
          ++pending_empty;
        else
          emit('\n', end);  // a folded block's leading empty lines are line feeds
        if (!folded) emit('\n', end);
      } else if (spaces < indent) {
        break;  // the scalar ends
      } else {
        const std::size_t text = i_ + indent;
        const bool more = s_[text] == ' ' || s_[text] == '\t';
        if (folded && seen_text) {
          if (!more && !previous_more && pending_empty == 0) {
            emit(' ', pending_at);
          } else {
            const int feeds = pending_empty + ((more || previous_more) ? 1 : 0);
            for (int k = 0; k < feeds && !full(); ++k) emit('\n', pending_at);
          }
        }
        for (std::size_t k = text; k < end && !full(); ++k) emit(s_[k], k);
        if (!folded && !full()) emit('\n', end);
        seen_text = true;
        previous_more = more;
        pending_at = end;
        pending_empty = 0;
      }
      i_ = end + break_at(end);
      if (end >= s_.size()) break;
    }
    // The value's final line feed (and, kept by `|+`/`>+`, the empty lines').
    if (folded && seen_text)
      for (int k = 0; k <= pending_empty && !full(); ++k) emit('\n', pending_at);
    return full();
  }

  std::string_view s_;
  std::size_t i_;
  std::size_t want_;
  ScalarBytes out_;
};

}  // namespace

bool reads_as(std::string_view read, std::string_view value) {
  if (read.size() != value.size()) return false;
  for (std::size_t i = 0; i < read.size(); ++i)
    if (read[i] != value[i] && !(read[i] == '\t' && value[i] == ' ')) return false;
  return true;
}

std::optional<ScalarBytes> read_scalar(std::string_view source, std::size_t start, std::size_t length) {
  if (start > source.size()) return std::nullopt;
  return ScalarReader(source, start, length).read();
}

std::pair<int, int> position_after(std::string_view source, std::size_t start, int line, int column,
                                   std::size_t target) {
  target = std::min(target, source.size());
  for (std::size_t pos = start; pos < target;) {
    if (source[pos] == '\n') {
      ++line;
      column = 1;
      ++pos;
    } else {
      utf8::decode(source, pos);
      ++column;
    }
  }
  return {line, column};
}

std::optional<std::pair<int, int>> locate(const ScalarOrigin& origin, std::string_view piece, std::size_t offset,
                                          std::size_t at) {
  if (!origin.known() || offset > piece.size() || origin.lead + at + piece.size() > origin.length) return std::nullopt;
  const std::string_view source = *origin.source;
  auto read = read_scalar(source, origin.byte, origin.length);
  const std::size_t first = origin.lead + at;  // the piece's first byte in the scalar's text
  if (!read || !reads_as(std::string_view(read->text).substr(first, piece.size()), piece)) return std::nullopt;
  if (piece.empty()) return std::nullopt;
  if (offset < piece.size())
    return position_after(source, origin.byte, origin.line, origin.column, read->from[first + offset]);
  // Just past the piece: one character after its last.
  auto [line, column] =
      position_after(source, origin.byte, origin.line, origin.column, read->from[first + piece.size() - 1]);
  return std::pair{line, column + 1};
}

TextPlace TextPlace::after(std::size_t bytes) const {
  TextPlace p = *this;
  p.prefix += bytes;
  return p;
}

TextPlace TextPlace::from_byte(std::size_t byte) const {
  TextPlace p = *this;
  p.from += byte;
  return p;
}

SourceSpan TextPlace::at(std::string_view text, std::size_t offset) const {
  if (!origin || offset < prefix || text.size() < prefix) return span;
  auto place = locate(*origin, text.substr(prefix), offset - prefix, from);
  if (!place) return span;
  return {span.file, place->first, place->second};
}

}  // namespace cvpdf::model
