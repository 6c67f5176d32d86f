// Reading a PDF's objects (qpdf's JSON), its content streams' marked
// content, its structure tree and poppler's view of that tree, and
// rewriting objects for the checker's own tests. The checks are in
// pdf_structure_checks.cpp.
#include "pdf_structure.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <set>
#include <sstream>

#include "core/utf8.hpp"
#include "run.hpp"

namespace cvpdf::test {

namespace {

std::string quoted(const std::string& path) { return "'" + path + "'"; }

// ---- JSON ----------------------------------------------------------------

class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : text_(text) {}

  bool read(PdfJson& out) {
    skip_space();
    if (at_ >= text_.size()) return false;
    const char c = text_[at_];
    if (c == '{') return read_object(out);
    if (c == '[') return read_array(out);
    if (c == '"') return out.kind = PdfJson::Kind::String, read_string(out.string);
    if (text_.compare(at_, 4, "null") == 0) return at_ += 4, out.kind = PdfJson::Kind::Null, true;
    if (text_.compare(at_, 4, "true") == 0) return at_ += 4, out.kind = PdfJson::Kind::Bool, out.boolean = true, true;
    if (text_.compare(at_, 5, "false") == 0) return at_ += 5, out.kind = PdfJson::Kind::Bool, true;
    const std::string rest(text_.substr(at_, 64));
    char* end = nullptr;
    out.number = std::strtod(rest.c_str(), &end);
    if (end == rest.c_str()) return false;
    out.kind = PdfJson::Kind::Number;
    at_ += static_cast<std::size_t>(end - rest.c_str());
    return true;
  }
  bool at_end() {
    skip_space();
    return at_ == text_.size();
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
      ++at_;
  }
  bool expect(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
    return false;
  }
  unsigned long hex4() {
    if (at_ + 4 > text_.size()) return 0xFFFD;
    const std::string digits(text_.substr(at_, 4));
    at_ += 4;
    return std::strtoul(digits.c_str(), nullptr, 16);
  }
  bool read_string(std::string& out) {
    if (!expect('"')) return false;
    while (at_ < text_.size()) {
      const char c = text_[at_++];
      if (c == '"') return true;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) return false;
      const char e = text_[at_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          unsigned long cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && text_.compare(at_, 2, "\\u") == 0) {
            at_ += 2;
            const unsigned long low = hex4();
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          utf8::append(out, static_cast<char32_t>(cp));
          break;
        }
        default: out += e;
      }
    }
    return false;
  }
  bool read_array(PdfJson& out) {
    out.kind = PdfJson::Kind::Array;
    expect('[');
    if (expect(']')) return true;
    do {
      PdfJson item;
      if (!read(item)) return false;
      out.array.push_back(std::move(item));
    } while (expect(','));
    return expect(']');
  }
  bool read_object(PdfJson& out) {
    out.kind = PdfJson::Kind::Object;
    expect('{');
    if (expect('}')) return true;
    do {
      std::string key;
      skip_space();
      if (!read_string(key) || !expect(':')) return false;
      PdfJson value;
      if (!read(value)) return false;
      out.keys.push_back(std::move(key));
      out.values.push_back(std::move(value));
    } while (expect(','));
    return expect('}');
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

void write_json_string(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      static const char* hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

void write_json(std::string& out, const PdfJson& v) {
  switch (v.kind) {
    case PdfJson::Kind::Null: out += "null"; break;
    case PdfJson::Kind::Bool: out += v.boolean ? "true" : "false"; break;
    case PdfJson::Kind::Number: {
      std::ostringstream s;
      s.imbue(std::locale::classic());
      s.precision(17);
      s << v.number;
      out += s.str();
      break;
    }
    case PdfJson::Kind::String: write_json_string(out, v.string); break;
    case PdfJson::Kind::Array:
      out += '[';
      for (std::size_t i = 0; i < v.array.size(); ++i) {
        if (i) out += ',';
        write_json(out, v.array[i]);
      }
      out += ']';
      break;
    case PdfJson::Kind::Object:
      out += '{';
      for (std::size_t i = 0; i < v.keys.size(); ++i) {
        if (i) out += ',';
        write_json_string(out, v.keys[i]);
        out += ':';
        write_json(out, v.values[i]);
      }
      out += '}';
      break;
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// ---- content stream tokens -------------------------------------------------

bool is_white(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0'; }
bool is_delimiter(char c) {
  return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' ||
         c == '%';
}

struct Token {
  enum class Kind { Operand, Operator } kind = Kind::Operand;
  std::string text;
  std::size_t begin = 0, end = 0;
};

// Splits content into operands (a whole array or dictionary is one) and
// operators; an inline image's data is skipped. False on a token it cannot
// end (an unclosed string).
class ContentLexer {
 public:
  explicit ContentLexer(std::string_view s) : s_(s) {}

  bool next(Token& t) {
    skip();
    if (at_ >= s_.size()) return false;
    t.begin = at_;
    const char c = s_[at_];
    t.kind = Token::Kind::Operand;
    if (c == '(') {
      if (!skip_literal()) return fail();
    } else if (c == '<' && at_ + 1 < s_.size() && s_[at_ + 1] == '<') {
      if (!skip_nested("<<", ">>")) return fail();
    } else if (c == '<') {
      const std::size_t close = s_.find('>', at_);
      if (close == std::string_view::npos) return fail();
      at_ = close + 1;
    } else if (c == '[') {
      if (!skip_nested("[", "]")) return fail();
    } else if (c == '/') {
      ++at_;
      while (at_ < s_.size() && !is_white(s_[at_]) && !is_delimiter(s_[at_])) ++at_;
    } else if (is_delimiter(c)) {
      ++at_;  // a stray ) ] > }: an operand of its own, the caller sees garbage
    } else {
      while (at_ < s_.size() && !is_white(s_[at_]) && !is_delimiter(s_[at_])) ++at_;
      const std::string_view word = s_.substr(t.begin, at_ - t.begin);
      const bool number = word.find_first_not_of("+-.0123456789") == std::string_view::npos;
      const bool keyword = word == "true" || word == "false" || word == "null";
      if (!number && !keyword) t.kind = Token::Kind::Operator;
      if (word == "ID") skip_inline_image();
    }
    t.end = at_;
    t.text = std::string(s_.substr(t.begin, t.end - t.begin));
    return true;
  }
  bool failed() const { return failed_; }

 private:
  bool fail() {
    failed_ = true;
    return false;
  }
  void skip() {
    while (at_ < s_.size()) {
      if (is_white(s_[at_])) {
        ++at_;
      } else if (s_[at_] == '%') {
        while (at_ < s_.size() && s_[at_] != '\n' && s_[at_] != '\r') ++at_;
      } else {
        break;
      }
    }
  }
  bool skip_literal() {
    int depth = 0;
    while (at_ < s_.size()) {
      const char c = s_[at_++];
      if (c == '\\') {
        ++at_;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')' && --depth == 0) {
        return true;
      }
    }
    return false;
  }
  // A dictionary or array, with the strings inside it skipped whole.
  bool skip_nested(std::string_view open, std::string_view close) {
    int depth = 0;
    while (at_ < s_.size()) {
      if (s_[at_] == '(') {
        if (!skip_literal()) return false;
        continue;
      }
      if (s_.compare(at_, open.size(), open) == 0) {
        ++depth;
        at_ += open.size();
      } else if (s_.compare(at_, close.size(), close) == 0) {
        at_ += close.size();
        if (--depth == 0) return true;
      } else {
        ++at_;
      }
    }
    return false;
  }
  // After ID: one white-space byte, the data, white space, EI.
  void skip_inline_image() {
    for (std::size_t at = at_ + 1; at + 2 <= s_.size(); ++at) {
      if (s_[at] == 'E' && s_[at + 1] == 'I' && is_white(s_[at - 1]) && (at + 2 == s_.size() || is_white(s_[at + 2]))) {
        at_ = at;
        return;
      }
    }
    at_ = s_.size();
  }

  std::string_view s_;
  std::size_t at_ = 0;
  bool failed_ = false;
};

bool is_painting(const std::string& op) {
  static const std::set<std::string> ops = {"Tj", "TJ", "'", "\"", "S", "s", "f", "F", "f*", "B",
                                            "B*", "b", "b*", "Do", "sh", "BI"};
  return ops.count(op) > 0;
}

// The /MCID in a properties dictionary's text ("<</MCID 3 /ActualText …>>").
int mcid_in(const std::string& dict) {
  std::size_t at = 0;
  while ((at = dict.find("/MCID", at)) != std::string::npos) {
    at += 5;
    if (at < dict.size() && !is_white(dict[at]) && !is_delimiter(dict[at])) continue;  // "/MCIDx"
    while (at < dict.size() && is_white(dict[at])) ++at;
    char* end = nullptr;
    const long v = std::strtol(dict.c_str() + at, &end, 10);
    if (end != dict.c_str() + at) return static_cast<int>(v);
  }
  return -1;
}

struct Mark {
  std::string tag;
  int mcid = -1;
  std::size_t begin = 0, end = 0;  // the BMC/BDC operator with its operands
};

// Walks the content: on_item(item, its operands) for each painting
// operator, on_mark(open, close) for each balanced marked-content sequence
// when it closes; the MCIDs BDCs give into `mcids`, in the order they open.
template <class OnItem, class OnMark>
void walk_content(const std::string& content, const std::map<std::string, int>& properties, OnItem on_item,
                  OnMark on_mark, std::vector<std::string>& errors, std::vector<int>* mcids = nullptr) {
  ContentLexer lexer(content);
  std::vector<Token> operands;
  std::vector<Mark> stack;
  Token t;
  while (lexer.next(t)) {
    if (t.kind == Token::Kind::Operand) {
      operands.push_back(t);
      continue;
    }
    const std::size_t begin = operands.empty() ? t.begin : operands.front().begin;
    if (t.text == "BMC" || t.text == "BDC") {
      Mark m;
      m.begin = begin;
      m.end = t.end;
      if (!operands.empty() && operands.front().text.size() > 1 && operands.front().text[0] == '/')
        m.tag = operands.front().text.substr(1);
      else
        errors.push_back(t.text + " at byte " + std::to_string(t.begin) + " has no tag name");
      if (t.text == "BDC" && operands.size() >= 2) {
        const std::string& props = operands[1].text;
        // ISO 32000-1 14.9.4 gives /ActualText to marked content with the
        // Span tag, and poppler (Gfx::opBeginMarkedContent) reads it
        // there only: on another tag the replacement text is lost.
        if (m.tag != "Span" && props.find("/ActualText") != std::string::npos)
          errors.push_back("/ActualText on /" + m.tag + " marked content at byte " + std::to_string(t.begin) +
                           " (only a /Span's is read)");
        if (props.rfind("<<", 0) == 0) {
          m.mcid = mcid_in(props);
        } else if (!props.empty() && props[0] == '/') {
          auto it = properties.find(props.substr(1));
          if (it != properties.end()) m.mcid = it->second;
        }
      }
      // Matterhorn 01-003/004: real content and artifacts do not nest.
      const bool in_artifact = std::any_of(stack.begin(), stack.end(), [](const Mark& o) { return o.tag == "Artifact"; });
      const bool in_tagged = std::any_of(stack.begin(), stack.end(), [](const Mark& o) { return o.mcid >= 0; });
      if (m.tag == "Artifact" && in_tagged)
        errors.push_back("an /Artifact at byte " + std::to_string(t.begin) + " is inside tagged content");
      if (m.mcid >= 0 && in_artifact)
        errors.push_back("tagged content (MCID " + std::to_string(m.mcid) + ") at byte " + std::to_string(t.begin) +
                         " is inside an /Artifact");
      if (mcids && m.mcid >= 0) mcids->push_back(m.mcid);
      stack.push_back(m);
    } else if (t.text == "EMC") {
      if (stack.empty()) {
        errors.push_back("EMC at byte " + std::to_string(t.begin) + " closes no marked content");
      } else {
        on_mark(stack.back(), t);
        stack.pop_back();
      }
    } else if (is_painting(t.text)) {
      ContentItem item;
      item.op = t.text;
      item.offset = t.begin;
      for (auto m = stack.rbegin(); m != stack.rend(); ++m) {
        if (m->tag == "Artifact") {
          item.artifact = true;
          item.tag = m->tag;
          break;
        }
        if (m->mcid >= 0) {
          item.mcid = m->mcid;
          item.tag = m->tag;
          break;
        }
      }
      on_item(item, operands);
    }
    operands.clear();
  }
  if (lexer.failed()) errors.push_back("the content has a token that does not end (an unclosed string, array or dictionary)");
  for (const Mark& m : stack)
    errors.push_back("/" + m.tag + " marked content opened at byte " + std::to_string(m.begin) + " is never closed");
}

const char* kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

}  // namespace

// ---- PdfJson -----------------------------------------------------------------

const PdfJson* PdfJson::get(std::string_view key) const {
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) return &values[i];
  return nullptr;
}
void PdfJson::erase(std::string_view key) {
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) {
      keys.erase(keys.begin() + static_cast<std::ptrdiff_t>(i));
      values.erase(values.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
}
void PdfJson::set(const std::string& key, PdfJson value) {
  kind = Kind::Object;
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) {
      values[i] = std::move(value);
      return;
    }
  keys.push_back(key);
  values.push_back(std::move(value));
}
bool PdfJson::is_ref() const {
  return kind == Kind::String && string.size() > 2 && string.compare(string.size() - 2, 2, " R") == 0 &&
         string.find_first_not_of("0123456789 R") == std::string::npos;
}
bool PdfJson::is_name() const { return kind == Kind::String && !string.empty() && string[0] == '/'; }

bool parse_json(std::string_view text, PdfJson& out) {
  JsonReader reader(text);
  return reader.read(out) && reader.at_end();
}

std::string to_json(const PdfJson& value) {
  std::string out;
  write_json(out, value);
  return out;
}

std::string base64_encode(std::string_view bytes) {
  std::string out;
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int k = 18; k >= 0; k -= 6) out += kBase64[(v >> k) & 63];
  }
  if (const std::size_t left = bytes.size() - i) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (left == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += kBase64[(v >> 18) & 63];
    out += kBase64[(v >> 12) & 63];
    out += left == 2 ? kBase64[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::string base64_decode(std::string_view text) {
  std::string out;
  unsigned v = 0;
  int bits = 0;
  for (char c : text) {
    const char* at = std::strchr(kBase64, c);
    if (c == '\0' || !at) continue;  // '=', white space
    v = (v << 6) | static_cast<unsigned>(at - kBase64);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((v >> bits) & 0xFF);
    }
  }
  return out;
}

// ---- PdfFile -------------------------------------------------------------------

const PdfJson* PdfFile::resolve(const PdfJson* value) const {
  for (int hops = 0; value && value->is_ref() && hops < 8; ++hops) {
    auto it = objects.find(value->string);
    if (it == objects.end()) return nullptr;
    const PdfJson& wrapper = it->second;
    if (const PdfJson* v = wrapper.get("value")) {
      value = v;
    } else if (const PdfJson* s = wrapper.get("stream")) {
      value = s->get("dict");
    } else {
      return nullptr;
    }
  }
  return value;
}

const PdfJson* PdfFile::get(const PdfJson* dict, std::string_view key) const {
  dict = resolve(dict);
  if (!dict || dict->kind != PdfJson::Kind::Object) return nullptr;
  return resolve(dict->get(key));
}

const PdfJson* PdfFile::object(const std::string& ref) const {
  PdfJson r;
  r.kind = PdfJson::Kind::String;
  r.string = ref;
  return resolve(&r);
}

const PdfJson* PdfFile::root() const { return get(&trailer, "/Root"); }

std::string PdfFile::stream_data(const std::string& ref) const {
  auto it = objects.find(ref);
  if (it == objects.end()) return {};
  const PdfJson* s = it->second.get("stream");
  const PdfJson* data = s ? s->get("data") : nullptr;
  return data && data->kind == PdfJson::Kind::String ? base64_decode(data->string) : std::string();
}

PdfFile parse_pdf_json(std::string_view json) {
  PdfFile file;
  PdfJson doc;
  if (!parse_json(json, doc)) {
    file.error = "qpdf's JSON does not parse";
    return file;
  }
  const PdfJson* qpdf = doc.get("qpdf");
  if (!qpdf || qpdf->kind != PdfJson::Kind::Array || qpdf->array.size() < 2) {
    file.error = "qpdf's JSON has no \"qpdf\" objects (not version 2?)";
    return file;
  }
  const PdfJson& objects = qpdf->array[1];
  for (std::size_t i = 0; i < objects.keys.size(); ++i) {
    const std::string& key = objects.keys[i];
    if (key == "trailer") {
      if (const PdfJson* v = objects.values[i].get("value")) file.trailer = *v;
    } else if (key.rfind("obj:", 0) == 0) {
      file.objects[key.substr(4)] = objects.values[i];
    }
  }
  if (const PdfJson* pages = doc.get("pages"))
    for (const PdfJson& page : pages->array)
      if (const PdfJson* ref = page.get("object")) file.pages.push_back(ref->string);
  if (!file.root()) file.error = "the trailer has no /Root";
  return file;
}

PdfFile read_pdf_file(const std::string& pdf) {
  const Result r = run("qpdf --json --json-stream-data=inline --decode-level=generalized " + quoted(pdf));
  // 3: warnings (a damaged file qpdf repaired); still readable, and the
  // check of qpdf --check is elsewhere.
  if (r.status != 0 && r.status != 3) {
    PdfFile f;
    f.error = "qpdf --json failed (" + std::to_string(r.status) + "): " + r.err;
    return f;
  }
  return parse_pdf_json(r.out);
}

std::string text_of(const PdfJson* value) {
  if (!value || value->kind != PdfJson::Kind::String) return {};
  const std::string& s = value->string;
  if (s.rfind("u:", 0) == 0) return s.substr(2);
  if (s.rfind("b:", 0) != 0) return {};
  std::string bytes;
  for (std::size_t i = 2; i + 1 < s.size(); i += 2) {
    const int hi = hex_value(s[i]), lo = hex_value(s[i + 1]);
    if (hi < 0 || lo < 0) break;
    bytes += static_cast<char>(hi * 16 + lo);
  }
  if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0xFE && static_cast<unsigned char>(bytes[1]) == 0xFF) {
    std::string out;
    for (std::size_t i = 2; i + 1 < bytes.size(); i += 2) {
      unsigned long cp = (static_cast<unsigned char>(bytes[i]) << 8) | static_cast<unsigned char>(bytes[i + 1]);
      if (cp >= 0xD800 && cp < 0xDC00 && i + 3 < bytes.size()) {
        const unsigned long low = (static_cast<unsigned char>(bytes[i + 2]) << 8) | static_cast<unsigned char>(bytes[i + 3]);
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        i += 2;
      }
      utf8::append(out, static_cast<char32_t>(cp));
    }
    return out;
  }
  return bytes;  // PDFDocEncoding; ASCII is all the checks look at
}

// ---- content -------------------------------------------------------------------

PageContent read_content(std::string content, const std::map<std::string, int>& properties) {
  PageContent page;
  page.content = std::move(content);
  walk_content(
      page.content, properties, [&](const ContentItem& item, const std::vector<Token>&) { page.items.push_back(item); },
      [](const Mark&, const Token&) {}, page.errors, &page.mcids);
  return page;
}

std::string edit_marked_content(const std::string& content, MarkedEdit edit) {
  // Byte ranges to replace. An artifact's text loses its strings only:
  // its operators stay, so a font or position it sets still holds for the
  // text after it.
  std::vector<std::pair<std::pair<std::size_t, std::size_t>, std::string>> cuts;
  bool unwrapped = false;
  std::vector<std::string> errors;
  walk_content(
      content, {},
      [&](const ContentItem& item, const std::vector<Token>& operands) {
        const bool text = item.op == "Tj" || item.op == "TJ" || item.op == "'" || item.op == "\"";
        if (edit != MarkedEdit::DropArtifacts || !item.artifact || !text || operands.empty()) return;
        const Token& shown = operands.back();
        cuts.push_back({{shown.begin, shown.end}, item.op == "TJ" ? "[]" : "()"});
      },
      [&](const Mark& open, const Token& close) {
        if (edit == MarkedEdit::UnwrapFirstTagged && open.mcid >= 0 && !unwrapped) {
          unwrapped = true;
          cuts.push_back({{open.begin, open.end}, " "});
          cuts.push_back({{close.begin, close.end}, " "});
        }
      },
      errors);
  std::sort(cuts.begin(), cuts.end());
  std::string out;
  std::size_t at = 0;
  for (const auto& [range, replacement] : cuts) {
    if (range.first < at) continue;
    out.append(content, at, range.first - at);
    out += replacement;
    at = range.second;
  }
  out.append(content, at, std::string::npos);
  return out;
}

// ---- the structure tree ----------------------------------------------------------

bool is_standard_role(const std::string& role) {
  static const std::set<std::string> roles = {
      "Document", "Part",  "Art",   "Sect",  "Div",    "BlockQuote", "Caption", "TOC",     "TOCI",  "Index",
      "NonStruct", "Private", "P",  "H",     "H1",     "H2",         "H3",      "H4",      "H5",    "H6",
      "L",        "LI",    "Lbl",   "LBody", "Table",  "TR",         "TH",      "TD",      "THead", "TBody",
      "TFoot",    "Span",  "Quote", "Note",  "Reference", "BibEntry", "Code",   "Link",    "Annot", "Ruby",
      "RB",       "RT",    "RP",    "Warichu", "WT",   "WP",         "Figure",  "Formula", "Form"};
  return roles.count(role) > 0;
}

int StructTree::find(const std::string& ref) const {
  for (std::size_t i = 0; i < elements.size(); ++i)
    if (elements[i].ref == ref) return static_cast<int>(i);
  return -1;
}

namespace {

void flatten_number_tree(const PdfFile& file, const PdfJson* node, std::map<long, PdfJson>& out,
                         std::vector<std::string>& errors, int depth) {
  node = file.resolve(node);
  if (!node || depth > 16) {
    errors.push_back("the ParentTree has a dangling or too deep node");
    return;
  }
  if (const PdfJson* nums = file.get(node, "/Nums")) {
    for (std::size_t i = 0; i + 1 < nums->array.size(); i += 2)
      out[static_cast<long>(nums->array[i].number)] = nums->array[i + 1];
  }
  if (const PdfJson* kids = file.get(node, "/Kids"))
    for (const PdfJson& kid : kids->array) flatten_number_tree(file, &kid, out, errors, depth + 1);
}

std::string name_of(const PdfJson* v) { return v && v->is_name() ? v->string.substr(1) : std::string(); }

struct TreeReader {
  const PdfFile& file;
  StructTree& tree;
  std::set<std::string> seen;

  // A kid of `parent` (-1: the root): a StructElem, an MCID, an MCR or an OBJR.
  void kid(const PdfJson& k, int parent, const std::string& page) {
    if (k.kind == PdfJson::Kind::Number) {
      add_content(parent, page, static_cast<int>(k.number));
      return;
    }
    const PdfJson* d = file.resolve(&k);
    if (!d || d->kind != PdfJson::Kind::Object) {
      tree.errors.push_back("a /K of " + where(parent) + " is neither a number nor a dictionary");
      return;
    }
    const std::string type = name_of(file.get(d, "/Type"));
    if (type == "MCR") {
      const PdfJson* pg = d->get("/Pg");
      const PdfJson* mcid = file.get(d, "/MCID");
      add_content(parent, pg && pg->is_ref() ? pg->string : page, mcid ? static_cast<int>(mcid->number) : -1);
    } else if (type == "OBJR") {
      if (parent < 0) return;
      StructKid o;
      o.kind = StructKid::Kind::Object;
      const PdfJson* obj = d->get("/Obj");
      o.object = obj && obj->is_ref() ? obj->string : std::string();
      if (o.object.empty()) tree.errors.push_back("an OBJR of " + where(parent) + " has no /Obj reference");
      tree.elements[static_cast<std::size_t>(parent)].kids.push_back(o);
    } else if (k.is_ref()) {
      element(k.string, parent);
    } else {
      tree.errors.push_back("a kid of " + where(parent) + " is a direct dictionary, not a StructElem reference");
    }
  }

  void add_content(int parent, const std::string& page, int mcid) {
    if (parent < 0) {
      tree.errors.push_back("the StructTreeRoot has marked content as a kid");
      return;
    }
    if (page.empty()) tree.errors.push_back("an MCID kid of " + where(parent) + " has no /Pg");
    StructKid c;
    c.kind = StructKid::Kind::Content;
    c.page = page;
    c.mcid = mcid;
    tree.elements[static_cast<std::size_t>(parent)].kids.push_back(c);
  }

  void element(const std::string& ref, int parent) {
    if (!seen.insert(ref).second) {
      tree.errors.push_back("StructElem " + ref + " is reached twice (a cycle or a shared kid)");
      return;
    }
    const PdfJson* d = file.object(ref);
    if (!d || d->kind != PdfJson::Kind::Object) {
      tree.errors.push_back("StructElem " + ref + " does not exist");
      return;
    }
    StructElement e;
    e.ref = ref;
    e.role = name_of(file.get(d, "/S"));
    e.parent = parent;
    if (const PdfJson* alt = file.get(d, "/Alt")) e.alt = text_of(alt), e.has_alt = true;
    e.actual_text = text_of(file.get(d, "/ActualText"));
    e.lang = text_of(file.get(d, "/Lang"));
    if (parent >= 0) {
      const PdfJson* p = d->get("/P");
      if (!p || p->string != tree.elements[static_cast<std::size_t>(parent)].ref)
        tree.errors.push_back("StructElem " + ref + " (" + e.role + ")'s /P is not its parent " +
                              tree.elements[static_cast<std::size_t>(parent)].ref);
    }
    const int index = static_cast<int>(tree.elements.size());
    tree.elements.push_back(e);
    if (parent >= 0) {
      StructKid k;
      k.element = index;
      tree.elements[static_cast<std::size_t>(parent)].kids.push_back(k);
    } else {
      tree.top.push_back(index);
    }
    const PdfJson* pg = d->get("/Pg");
    const std::string page = pg && pg->is_ref() ? pg->string : std::string();
    const PdfJson* kids = d->get("/K");
    const PdfJson* resolved = kids && kids->is_ref() ? file.resolve(kids) : kids;
    if (resolved && resolved->kind == PdfJson::Kind::Array) {
      for (const PdfJson& k : resolved->array) kid(k, index, page);
    } else if (kids) {
      kid(*kids, index, page);
    }
  }

  std::string where(int parent) const {
    return parent < 0 ? std::string("the StructTreeRoot")
                      : tree.elements[static_cast<std::size_t>(parent)].ref + " (" +
                            tree.elements[static_cast<std::size_t>(parent)].role + ")";
  }
};

}  // namespace

StructTree read_struct_tree(const PdfFile& file) {
  StructTree tree;
  const PdfJson* root = file.get(file.root(), "/StructTreeRoot");
  if (!root) return tree;
  tree.present = true;
  if (const PdfJson* map = file.get(root, "/RoleMap"))
    for (std::size_t i = 0; i < map->keys.size(); ++i)
      tree.role_map[map->keys[i].substr(1)] = name_of(file.resolve(&map->values[i]));
  if (const PdfJson* pt = root->get("/ParentTree")) flatten_number_tree(file, pt, tree.parent_tree, tree.errors, 0);
  TreeReader reader{file, tree, {}};
  const PdfJson* k = root->get("/K");
  const PdfJson* resolved = k && !k->is_ref() ? k : nullptr;
  if (k && k->is_ref()) {
    // One StructElem, or an array object of them.
    const PdfJson* target = file.resolve(k);
    if (target && target->kind == PdfJson::Kind::Array)
      resolved = target;
    else
      reader.element(k->string, -1);
  }
  if (resolved && resolved->kind == PdfJson::Kind::Array)
    for (const PdfJson& kid : resolved->array) reader.kid(kid, -1, {});
  for (StructElement& e : tree.elements) {
    std::string role = e.role;
    for (int hops = 0; !is_standard_role(role) && tree.role_map.count(role) && hops < 8; ++hops) role = tree.role_map[role];
    e.standard = role;
  }
  return tree;
}

// ---- pdfinfo -struct-text ----------------------------------------------------------

std::vector<StructTextNode> parse_struct_text(std::string_view text) {
  std::vector<StructTextNode> nodes;
  std::vector<std::pair<int, int>> open;  // (indent, node) of the elements above the line
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t first = line.find_first_not_of(' ');
    if (first == std::string::npos) continue;
    const int indent = static_cast<int>(first);
    std::string body = line.substr(first);
    while (!open.empty() && open.back().first >= indent) open.pop_back();
    const int parent = open.empty() ? -1 : open.back().second;
    if (body[0] == '"') {
      // Content text; a newline inside it continues on the next lines.
      while ((body.size() < 2 || body.back() != '"') && std::getline(in, line)) body += "\n" + line;
      if (parent >= 0) {
        StructTextNode& n = nodes[static_cast<std::size_t>(parent)];
        n.sequence.push_back(-1 - static_cast<int>(n.texts.size()));
        n.texts.push_back(body.substr(1, body.size() - 2));
      }
      // Keep the element open for its next content line at the same indent.
      continue;
    }
    if (body.rfind("Object ", 0) == 0) {
      if (parent >= 0) ++nodes[static_cast<std::size_t>(parent)].objects;
      continue;
    }
    if (body[0] == '/') continue;  // an attribute line
    StructTextNode node;
    node.role = body.substr(0, body.find_first_of(" :"));
    node.parent = parent;
    const int index = static_cast<int>(nodes.size());
    if (parent >= 0) {
      nodes[static_cast<std::size_t>(parent)].children.push_back(index);
      nodes[static_cast<std::size_t>(parent)].sequence.push_back(index);
    }
    nodes.push_back(node);
    open.emplace_back(indent, index);
  }
  return nodes;
}

std::string subtree_text(const std::vector<StructTextNode>& nodes, int node) {
  std::string out;
  const StructTextNode& n = nodes[static_cast<std::size_t>(node)];
  for (int kid : n.sequence) out += kid < 0 ? n.texts[static_cast<std::size_t>(-1 - kid)] : subtree_text(nodes, kid);
  return out;
}

// ---- reading it all -------------------------------------------------------------------

TaggedPdf read_tagged_pdf(const std::string& pdf) {
  TaggedPdf t;
  t.path = pdf;
  t.file = read_pdf_file(pdf);
  if (!t.file.error.empty()) {
    t.error = t.file.error;
    return t;
  }
  for (const std::string& page : t.file.pages) {
    const PdfJson* dict = t.file.object(page);
    std::string content;
    const PdfJson* contents = dict ? dict->get("/Contents") : nullptr;
    if (contents && contents->is_ref() && t.file.objects.count(contents->string) &&
        t.file.objects.at(contents->string).get("stream")) {
      content = t.file.stream_data(contents->string);
    } else if (const PdfJson* list = t.file.resolve(contents)) {
      for (const PdfJson& c : list->array) content += t.file.stream_data(c.string) + "\n";
    }
    std::map<std::string, int> properties;
    if (const PdfJson* props = t.file.get(t.file.get(dict, "/Resources"), "/Properties"))
      for (std::size_t i = 0; i < props->keys.size(); ++i)
        if (const PdfJson* mcid = t.file.get(t.file.resolve(&props->values[i]), "/MCID"))
          properties[props->keys[i].substr(1)] = static_cast<int>(mcid->number);
    t.pages.push_back(read_content(std::move(content), properties));
  }
  t.tree = read_struct_tree(t.file);
  const Result s = run("pdfinfo -struct-text " + quoted(pdf));
  t.struct_text = s.out;
  t.struct_nodes = parse_struct_text(s.out);
  t.fonts = run("pdffonts " + quoted(pdf)).out;
  t.info = run("pdfinfo " + quoted(pdf)).out;
  return t;
}

bool pdfinfo_says_tagged(const TaggedPdf& pdf) {
  std::istringstream in(pdf.info);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("Tagged:", 0) == 0) return line.find("yes") != std::string::npos;
  return false;
}

bool claims_pdfua(const TaggedPdf& pdf) {
  const PdfJson* root = pdf.file.root();
  const PdfJson* md = root ? root->get("/Metadata") : nullptr;
  if (!md || !md->is_ref()) return false;
  return pdf.file.stream_data(md->string).find("pdfuaid:part") != std::string::npos;
}

// ---- rewriting ---------------------------------------------------------------------------

PdfJson stream_object(const std::string& data) {
  PdfJson stream, inner, dict, b64;
  dict.kind = PdfJson::Kind::Object;
  b64.kind = PdfJson::Kind::String;
  b64.string = base64_encode(data);
  inner.set("dict", dict);
  inner.set("data", b64);
  stream.set("stream", inner);
  return stream;
}

bool rewrite_pdf(const std::string& in, const std::string& out,
                 const std::vector<std::pair<std::string, PdfJson>>& replaced, std::string& why) {
  std::string json = "{\"qpdf\":[{\"jsonversion\":2,\"pushedinheritedpageresources\":false,"
                     "\"calledgetallpages\":false,\"maxobjectid\":0},{";
  for (std::size_t i = 0; i < replaced.size(); ++i) {
    if (i) json += ',';
    write_json_string(json, "obj:" + replaced[i].first);
    json += ':';
    write_json(json, replaced[i].second);
  }
  json += "}]}";
  const std::string update = out + ".update.json";
  write_file(update, json);
  const Result r = run("qpdf " + quoted(in) + " --update-from-json=" + quoted(update) + " " + quoted(out));
  if (r.status != 0 && r.status != 3) {
    why = "qpdf --update-from-json failed: " + r.err;
    return false;
  }
  return true;
}

bool rewrite_contents(const std::string& in, const std::string& out, MarkedEdit edit, std::string& why) {
  const PdfFile file = read_pdf_file(in);
  if (!file.error.empty()) return why = file.error, false;
  return rewrite_contents(file, in, out, edit, why);
}

bool rewrite_contents(const PdfFile& file, const std::string& in, const std::string& out, MarkedEdit edit,
                      std::string& why) {
  std::vector<std::pair<std::string, PdfJson>> replaced;
  for (const std::string& page : file.pages) {
    const PdfJson* dict = file.object(page);
    const PdfJson* contents = dict ? dict->get("/Contents") : nullptr;
    std::vector<std::string> streams;
    if (contents && contents->is_ref() && file.objects.count(contents->string) &&
        file.objects.at(contents->string).get("stream")) {
      streams.push_back(contents->string);
    } else if (const PdfJson* list = file.resolve(contents)) {
      for (const PdfJson& c : list->array) streams.push_back(c.string);
    }
    if (streams.empty()) continue;
    std::string content;
    for (const std::string& s : streams) content += file.stream_data(s) + "\n";
    replaced.emplace_back(streams[0], stream_object(edit_marked_content(content, edit)));
    for (std::size_t i = 1; i < streams.size(); ++i) replaced.emplace_back(streams[i], stream_object(""));
  }
  return rewrite_pdf(in, out, replaced, why);
}

}  // namespace cvpdf::test
