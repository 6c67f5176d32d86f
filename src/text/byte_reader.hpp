// ByteReader: bounds-checked big-endian reads over font bytes (sfnt tables,
// CFF). Every read names an absolute offset and fails with nullopt when any
// byte of it lies past the end; offsets are 64-bit, so an offset and a
// length taken from a hostile file can never wrap around into the buffer.
// All hand-written parsing of font bytes in cvpdf goes through this type.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cvpdf::text {

class ByteReader {
 public:
  ByteReader() = default;
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}

  std::uint64_t size() const { return bytes_.size(); }
  bool empty() const { return bytes_.empty(); }
  std::string_view all() const { return bytes_; }

  // `length` bytes at `at`, or nullopt when they are not all there.
  std::optional<std::string_view> bytes(std::uint64_t at, std::uint64_t length) const {
    if (at > bytes_.size() || length > bytes_.size() - at) return std::nullopt;
    return bytes_.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(length));
  }
  std::optional<ByteReader> sub(std::uint64_t at, std::uint64_t length) const {
    auto b = bytes(at, length);
    return b ? std::optional<ByteReader>(ByteReader(*b)) : std::nullopt;
  }

  // An unsigned big-endian integer of `width` bytes (1 to 4, as CFF's
  // offSize), or nullopt past the end or for another width.
  std::optional<std::uint32_t> uint(std::uint64_t at, unsigned width) const {
    if (width < 1 || width > 4) return std::nullopt;
    auto b = bytes(at, width);
    if (!b) return std::nullopt;
    std::uint32_t value = 0;
    for (char c : *b) value = (value << 8) | static_cast<unsigned char>(c);
    return value;
  }
  std::optional<std::uint8_t> u8(std::uint64_t at) const {
    auto v = uint(at, 1);
    return v ? std::optional<std::uint8_t>(static_cast<std::uint8_t>(*v)) : std::nullopt;
  }
  std::optional<std::uint16_t> u16(std::uint64_t at) const {
    auto v = uint(at, 2);
    return v ? std::optional<std::uint16_t>(static_cast<std::uint16_t>(*v)) : std::nullopt;
  }
  std::optional<std::int16_t> s16(std::uint64_t at) const {
    auto v = u16(at);
    return v ? std::optional<std::int16_t>(static_cast<std::int16_t>(*v)) : std::nullopt;
  }
  std::optional<std::uint32_t> u32(std::uint64_t at) const { return uint(at, 4); }
  std::optional<std::int32_t> s32(std::uint64_t at) const {
    auto v = u32(at);
    return v ? std::optional<std::int32_t>(static_cast<std::int32_t>(*v)) : std::nullopt;
  }

 private:
  std::string_view bytes_;
};

// A table tag (or any short byte string from a font) fit to print in a
// message: printable ASCII as is, every other byte as \xNN. "cmap" stays
// "cmap"; a tag of NULs becomes "\x00\x00\x00\x00".
std::string printable_tag(std::string_view tag);

}  // namespace cvpdf::text
