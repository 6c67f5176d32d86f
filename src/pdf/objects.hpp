// The PDF object model the backend builds and serialise.cpp writes (ISO
// 32000-1 7.3): values (null, booleans, integers, number tokens, names,
// strings, references, arrays, dictionaries), indirect objects that may
// carry a stream, and the document that numbers them.
//
// Ours rather than PoDoFo's: PoDoFo served only as this model and a
// single-object writer, and loading it (with libcrypto, libtiff, libidn and
// the rest it links) was 6 ms of every run's 10 ms start (docs/performance.md).
// The bytes are the ones PoDoFo 0.9.8 wrote in its compact mode, which the
// unit tests hold us to against PoDoFo itself: dictionary keys in byte
// order with /Type first, a space before numbers, booleans, null and
// references, none before names, strings, arrays and dictionaries.
#pragma once
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace cvpdf::pdf {

// An indirect object's number and generation.
struct Ref {
  std::uint32_t number = 0;
  std::uint16_t generation = 0;
  friend bool operator==(const Ref& a, const Ref& b) { return a.number == b.number && a.generation == b.generation; }
  friend bool operator<(const Ref& a, const Ref& b) {
    return a.number != b.number ? a.number < b.number : a.generation < b.generation;
  }
};

// A name, unescaped ("A B" is written /A#20B).
struct Name {
  std::string text;
};

// A string's bytes as the file means them: PDFDocEncoding, or FE FF and
// UTF-16BE (pdf_text makes either). Written as a literal, escaped.
struct String {
  std::string bytes;
};

// A number already formatted, with the space that goes before it (reals
// and the /W widths go through format.hpp, never through printf).
struct Token {
  std::string text;
};

struct Null {};

class Value;

// Array's and Dictionary's members are defined after Value: a vector's
// members need its element type complete.
class Array {
 public:
  void push_back(Value value);
  bool empty() const;
  std::size_t size() const;
  void clear();
  const Value& front() const;
  const Value& operator[](std::size_t i) const;
  std::vector<Value>::const_iterator begin() const;
  std::vector<Value>::const_iterator end() const;

 private:
  std::vector<Value> items_;
};

// Keys kept in byte order, as PoDoFo's map kept them: the order they are
// written in. Keys and values in two vectors: an entry type holding a Value
// would be incomplete where Value's constructors need Dictionary's
// destructor.
class Dictionary {
 public:
  // Adds `key` or replaces its value.
  void set(std::string_view key, Value value);
  const Value* get(std::string_view key) const;
  bool empty() const;
  std::size_t size() const;
  void clear();
  // Entry i, in key order.
  const std::string& key(std::size_t i) const { return keys_[i]; }
  const Value& value(std::size_t i) const;

 private:
  std::vector<std::string> keys_;
  std::vector<Value> values_;
};

class Value {
 public:
  using Data = std::variant<Null, bool, std::int64_t, Token, Name, String, Ref, Array, Dictionary>;

  Value() = default;
  Value(Null) {}
  Value(bool b) : data_(b) {}
  // Every integer type, without int → bool or int → pointer surprises.
  template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>, int> = 0>
  Value(I i) : data_(static_cast<std::int64_t>(i)) {}
  Value(Token t) : data_(std::move(t)) {}
  Value(Name n) : data_(std::move(n)) {}
  Value(String s) : data_(std::move(s)) {}
  Value(Ref r) : data_(r) {}
  Value(Array a) : data_(std::move(a)) {}
  Value(Dictionary d) : data_(std::move(d)) {}

  const Data& data() const { return data_; }
  Data& data() { return data_; }
  template <class T>
  const T* get_if() const {
    return std::get_if<T>(&data_);
  }
  template <class T>
  T* get_if() {
    return std::get_if<T>(&data_);
  }

 private:
  Data data_;
};

inline void Array::push_back(Value value) { items_.push_back(std::move(value)); }
inline bool Array::empty() const { return items_.empty(); }
inline std::size_t Array::size() const { return items_.size(); }
inline void Array::clear() { items_.clear(); }
inline const Value& Array::front() const { return items_.front(); }
inline const Value& Array::operator[](std::size_t i) const { return items_[i]; }
inline std::vector<Value>::const_iterator Array::begin() const { return items_.begin(); }
inline std::vector<Value>::const_iterator Array::end() const { return items_.end(); }
inline bool Dictionary::empty() const { return keys_.empty(); }
inline std::size_t Dictionary::size() const { return keys_.size(); }
inline void Dictionary::clear() {
  keys_.clear();
  values_.clear();
}
inline const Value& Dictionary::value(std::size_t i) const { return values_[i]; }

// An indirect object: a dictionary (or another value), and a stream when
// it has one, held as the bytes written between `stream` and `endstream`.
struct Object {
  Ref ref;
  Value value = Dictionary{};
  bool has_stream = false;
  std::string stream;

  // The value as a dictionary (a bug if it is not one).
  Dictionary& dictionary();
  const Dictionary& dictionary() const;
};

// How a stream's data is stored.
enum class StreamFilter {
  Flate,  // deflated here, /Filter /FlateDecode
  None,   // as given (the XMP packet)
};

// `data` as a zlib stream (RFC 1950), deflated by libdeflate at `level`
// (1 to 12).
std::string deflate(std::string_view data, int level);
// The level of the document's streams (content, fonts, ToUnicode maps).
inline constexpr int kStreamLevel = 6;

// Sets the stream of `object` to `data` and its /Filter and /Length to
// match; Flate deflates at kStreamLevel.
void set_stream(Object& object, std::string_view data, StreamFilter filter);
// Data already in `filter`'s encoding (a JPEG as DCTDecode, deflated image
// samples as FlateDecode).
void set_encoded_stream(Object& object, std::string data, std::string_view filter);

// A document: the objects numbered from 1 in order of creation, the catalog
// (1), the Info dictionary (2) and the page tree (3) made first, as PoDoFo
// made them; the trailer names the first two.
class Document {
 public:
  Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  Object& create();
  // A dictionary object with /Type `type`.
  Object& create(std::string_view type);
  // A page of `width` × `height` points at the end of the page tree, with
  // /Parent, /MediaBox and /Resources (/ProcSet, which old readers ask for).
  Object& add_page(double width, double height);

  Object& catalog() { return objects_[0]; }
  Object& info() { return objects_[1]; }
  const Object& catalog() const { return objects_[0]; }
  const Object& info() const { return objects_[1]; }
  const Object* find(Ref ref) const;
  Object* find(Ref ref);
  // In order of number (deque: references to objects stay valid).
  const std::deque<Object>& objects() const { return objects_; }

  // The file's minor version: PDF 1.x.
  int minor_version() const { return minor_version_; }
  void set_minor_version(int minor) { minor_version_ = minor; }

 private:
  std::deque<Object> objects_;
  int minor_version_ = 7;
};

// Appends `value` in compact form (see the header comment).
void append_value(std::string& out, const Value& value);
// "n g obj<<…>>\nstream\n…\nendstream\nendobj\n", or without the stream part
// "n g obj<<…>>\nendobj\n".
void append_object(std::string& out, const Object& object);

// Name and string escaping (7.3.5, 7.3.4.2).
void append_name(std::string& out, std::string_view name);
void append_string(std::string& out, std::string_view bytes);

}  // namespace cvpdf::pdf
