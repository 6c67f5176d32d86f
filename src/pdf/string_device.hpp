// A PoDoFo output device that appends what PoDoFo writes to a string: the
// file write_pdf returns, or an object stream's data (object_streams.cpp).
// PoDoFo still writes every byte, through its own format strings; the
// device only keeps them. Its Print formats once, into a stack buffer when
// the token is short (all PoDoFo prints are: numbers, references,
// keywords), where PdfOutputDevice's asks vsnprintf for the length, formats
// again into a buffer of its own and copies that — a third of writing a
// long CV's object streams, whose values are over a hundred thousand
// tokens. A format with no conversion in it (three prints in four: "/"
// before each name, "<<", "[") is appended as it is, without vsnprintf.
// Appended to only: reading and seeking throw.
#pragma once
#include <cstdarg>
#include <cstddef>
#include <string>

#include "pdf/podofo.hpp"

namespace cvpdf::pdf {

class StringDevice final : public PoDoFo::PdfOutputDevice {
 public:
  void Print(const char* format, ...) override;
  void PrintV(const char* format, long length, va_list args) override;
  void Write(const char* data, std::size_t length) override { bytes_.append(data, length); }
  std::size_t Tell() const override { return bytes_.size(); }
  std::size_t GetLength() const override { return bytes_.size(); }
  std::size_t Read(char* buffer, std::size_t length) override;
  void Seek(std::size_t offset) override;
  void Flush() override {}

  std::size_t size() const { return bytes_.size(); }
  const std::string& bytes() const { return bytes_; }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

}  // namespace cvpdf::pdf
