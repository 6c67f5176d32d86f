// The object model's document, streams and compact writer (see objects.hpp).
#include "pdf/objects.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "core/diagnostics.hpp"
#include "pdf/format.hpp"

namespace cvpdf::pdf {

namespace {

[[noreturn]] void bug(const std::string& what) {
  throw FatalError({Severity::Error, SourceSpan{}, "cannot write the PDF: " + what,
                    "this is a bug in cvpdf; please report it"});
}

void append_number(std::string& out, std::int64_t value) {
  const fmt::format_int digits(value);
  out += ' ';
  out.append(digits.data(), digits.size());
}

// A name's bytes that are written as #XX: white space and other bytes
// outside 33..125 (PoDoFo escaped the tilde too), the delimiters, and #.
bool escaped_in_name(unsigned char c) {
  return c < 33 || c > 125 || std::strchr("#/()<>[]{}%", c) != nullptr;
}

}  // namespace

namespace {

struct FreeCompressor {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

// One compressor per level, made on first use and kept: its tables are
// hundreds of kilobytes, and a long CV has hundreds of streams.
libdeflate_compressor& compressor(int level) {
  static std::array<std::unique_ptr<libdeflate_compressor, FreeCompressor>, 13> made;
  if (level < 1 || level > 12) bug(fmt::format("no deflate level {}", level));
  auto& slot = made[static_cast<std::size_t>(level)];
  if (!slot) slot.reset(libdeflate_alloc_compressor(level));
  if (!slot) throw std::bad_alloc();
  return *slot;
}

}  // namespace

std::string deflate(std::string_view data, int level) {
  libdeflate_compressor& c = compressor(level);
  std::string out(libdeflate_zlib_compress_bound(&c, data.size()), '\0');
  const std::size_t size = libdeflate_zlib_compress(&c, data.data(), data.size(), out.data(), out.size());
  if (size == 0) bug("a stream did not fit its compression bound");
  out.resize(size);
  return out;
}

void Dictionary::set(std::string_view key, Value value) {
  const auto at = std::lower_bound(keys_.begin(), keys_.end(), key);
  const auto i = at - keys_.begin();
  if (at != keys_.end() && *at == key) {
    values_[static_cast<std::size_t>(i)] = std::move(value);
    return;
  }
  keys_.insert(at, std::string(key));
  values_.insert(values_.begin() + i, std::move(value));
}

const Value* Dictionary::get(std::string_view key) const {
  const auto at = std::lower_bound(keys_.begin(), keys_.end(), key);
  return at != keys_.end() && *at == key ? &values_[static_cast<std::size_t>(at - keys_.begin())] : nullptr;
}

Dictionary& Object::dictionary() {
  auto* d = value.get_if<Dictionary>();
  if (!d) bug(fmt::format("object {} is not a dictionary", ref.number));
  return *d;
}

const Dictionary& Object::dictionary() const {
  const auto* d = value.get_if<Dictionary>();
  if (!d) bug(fmt::format("object {} is not a dictionary", ref.number));
  return *d;
}

void set_stream(Object& object, std::string_view data, StreamFilter filter) {
  if (filter == StreamFilter::Flate) {
    set_encoded_stream(object, deflate(data, kStreamLevel), "FlateDecode");
    return;
  }
  object.has_stream = true;
  object.stream.assign(data.data(), data.size());
  object.dictionary().set("Length", static_cast<std::int64_t>(object.stream.size()));
}

void set_encoded_stream(Object& object, std::string data, std::string_view filter) {
  Dictionary& d = object.dictionary();
  object.has_stream = true;
  object.stream = std::move(data);
  d.set("Filter", Name{std::string(filter)});
  d.set("Length", static_cast<std::int64_t>(object.stream.size()));
}

Document::Document() {
  create("Catalog");
  create();  // Info
  Object& pages = create("Pages");
  pages.dictionary().set("Kids", Array{});
  pages.dictionary().set("Count", 0);
  catalog().dictionary().set("Pages", pages.ref);
}

Object& Document::create() {
  Object& object = objects_.emplace_back();
  object.ref = Ref{static_cast<std::uint32_t>(objects_.size()), 0};
  return object;
}

Object& Document::create(std::string_view type) {
  Object& object = create();
  object.dictionary().set("Type", Name{std::string(type)});
  return object;
}

Object& Document::add_page(double width, double height) {
  Object& page = create("Page");
  Dictionary& d = page.dictionary();
  Array box;
  box.push_back(0);
  box.push_back(0);
  box.push_back(Token{" " + format_real(width)});
  box.push_back(Token{" " + format_real(height)});
  d.set("MediaBox", std::move(box));
  Dictionary resources;
  Array procedures;
  for (const char* set : {"PDF", "Text", "ImageB", "ImageC", "ImageI"}) procedures.push_back(Name{set});
  resources.set("ProcSet", std::move(procedures));
  d.set("Resources", std::move(resources));
  Object& tree = objects_[2];
  Dictionary& pages = tree.dictionary();
  Array kids = *pages.get("Kids")->get_if<Array>();
  kids.push_back(page.ref);
  pages.set("Count", static_cast<std::int64_t>(kids.size()));
  pages.set("Kids", std::move(kids));
  d.set("Parent", tree.ref);
  return page;
}

const Object* Document::find(Ref ref) const {
  if (ref.number == 0 || ref.number > objects_.size()) return nullptr;
  const Object& object = objects_[ref.number - 1];
  return object.ref == ref ? &object : nullptr;
}

Object* Document::find(Ref ref) {
  return const_cast<Object*>(static_cast<const Document*>(this)->find(ref));
}

void append_name(std::string& out, std::string_view name) {
  out += '/';
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (escaped_in_name(u)) {
      static constexpr char kHex[] = "0123456789ABCDEF";
      out += '#';
      out += kHex[u >> 4];
      out += kHex[u & 0xF];
    } else {
      out += c;
    }
  }
}

void append_string(std::string& out, std::string_view bytes) {
  out += '(';
  for (char c : bytes) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '(': out += "\\("; break;
      case ')': out += "\\)"; break;
      case '\\': out += "\\\\"; break;
      default: out += c;
    }
  }
  out += ')';
}

void append_value(std::string& out, const Value& value) {
  struct Writer {
    std::string& out;
    void operator()(const Null&) const { out += " null"; }
    void operator()(bool b) const { out += b ? " true" : " false"; }
    void operator()(std::int64_t i) const { append_number(out, i); }
    void operator()(const Token& t) const { out += t.text; }
    void operator()(const Name& n) const { append_name(out, n.text); }
    void operator()(const String& s) const { append_string(out, s.bytes); }
    void operator()(const Ref& r) const {
      append_number(out, r.number);
      append_number(out, r.generation);
      out += " R";
    }
    void operator()(const Array& a) const {
      out += '[';
      for (const Value& item : a) append_value(out, item);
      out += ']';
    }
    void operator()(const Dictionary& d) const {
      out += "<<";
      if (const Value* type = d.get("Type")) {
        out += "/Type";
        append_value(out, *type);
      }
      for (std::size_t i = 0; i < d.size(); ++i) {
        if (d.key(i) == "Type") continue;
        append_name(out, d.key(i));
        append_value(out, d.value(i));
      }
      out += ">>";
    }
  };
  std::visit(Writer{out}, value.data());
}

void append_object(std::string& out, const Object& object) {
  fmt::format_to(std::back_inserter(out), "{} {} obj", object.ref.number, object.ref.generation);
  append_value(out, object.value);
  if (object.has_stream) {
    out += "\nstream\n";
    out += object.stream;
    out += "\nendstream";
  }
  out += "\nendobj\n";
}

}  // namespace cvpdf::pdf
