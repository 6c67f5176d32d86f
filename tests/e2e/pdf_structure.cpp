// Reading a PDF's objects (qpdf's JSON, version 2), everything a check
// needs at once (read_tagged_pdf), and rewriting objects for the checker's
// own tests. Content streams are read in pdf_structure_content.cpp, the
// structure tree in pdf_structure_tree.cpp, the checks are in
// pdf_structure_checks.cpp.
#include "pdf_structure.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
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

// ---- reading it all -------------------------------------------------------------------

TaggedPdf read_tagged_structure(const std::string& pdf) {
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
  return t;
}

TaggedPdf read_tagged_pdf(const std::string& pdf) {
  TaggedPdf t = read_tagged_structure(pdf);
  if (!t.error.empty()) return t;
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
