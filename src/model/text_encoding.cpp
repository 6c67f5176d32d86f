// decode_to_utf8 and wide_encoding_without_mark (text_encoding.hpp). The
// decoding is ICU's converters, stopping at the first sequence that is not
// the encoding (a lone surrogate, an odd byte at the end) rather than
// putting U+FFFD in a résumé unseen.
#include "model/text_encoding.hpp"

#include <unicode/ucnv.h>
#include <unicode/ustring.h>

#include <array>
#include <memory>
#include <vector>

namespace cvpdf::model::detail {

namespace {

struct Mark {
  std::string_view bytes;
  const char* encoding;
};

// UTF-32LE's mark begins with UTF-16LE's, so it is tried first.
constexpr std::array<Mark, 4> kMarks{{{std::string_view("\xFF\xFE\0\0", 4), "UTF-32LE"},
                                      {std::string_view("\0\0\xFE\xFF", 4), "UTF-32BE"},
                                      {std::string_view("\xFF\xFE", 2), "UTF-16LE"},
                                      {std::string_view("\xFE\xFF", 2), "UTF-16BE"}}};

struct CloseConverter {
  void operator()(UConverter* c) const { ucnv_close(c); }
};

// The text of `bytes` in `encoding` as UTF-8, or false.
bool convert(std::string_view bytes, const char* encoding, std::string& out) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UConverter, CloseConverter> converter(ucnv_open(encoding, &status));
  if (U_FAILURE(status)) return false;
  ucnv_setToUCallBack(converter.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
  if (U_FAILURE(status)) return false;
  const auto length = static_cast<int32_t>(bytes.size());
  int32_t units = ucnv_toUChars(converter.get(), nullptr, 0, bytes.data(), length, &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return false;
  status = U_ZERO_ERROR;
  std::vector<UChar> utf16(static_cast<std::size_t>(units) + 1);
  ucnv_toUChars(converter.get(), utf16.data(), units + 1, bytes.data(), length, &status);
  if (U_FAILURE(status)) return false;
  int32_t size = 0;
  u_strToUTF8(nullptr, 0, &size, utf16.data(), units, &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return false;
  status = U_ZERO_ERROR;
  out.assign(static_cast<std::size_t>(size), '\0');
  u_strToUTF8(out.data(), size, &size, utf16.data(), units, &status);
  return U_SUCCESS(status) || status == U_STRING_NOT_TERMINATED_WARNING;
}

}  // namespace

bool decode_to_utf8(std::string_view text, const std::string& file, std::string& out, Diagnostics* diags) {
  for (const auto& mark : kMarks) {
    if (text.substr(0, mark.bytes.size()) != mark.bytes) continue;
    if (!convert(text.substr(mark.bytes.size()), mark.encoding, out)) {
      out.clear();
      if (diags)
        diags->error({file, 1, 1},
                     std::string("the file starts with a ") + mark.encoding +
                         " byte-order mark, but not all of it is " + mark.encoding,
                     "save it again as UTF-8 (or as " + std::string(mark.encoding) + " whole)");
    }
    return true;
  }
  return false;
}

std::string wide_encoding_without_mark(std::string_view sample) {
  // Latin text: in UTF-32 three bytes of each four are zero, in UTF-16 one
  // of each two, always on the same side.
  std::array<std::size_t, 4> zeros{};
  for (std::size_t i = 0; i < sample.size(); ++i)
    if (sample[i] == '\0') ++zeros[i % 4];
  const std::size_t quads = sample.size() / 4;
  if (quads == 0) return "";
  const auto most = [&](std::size_t n) { return 2 * n >= quads; };
  const auto few = [&](std::size_t n) { return 10 * n <= quads; };
  if (most(zeros[1]) && most(zeros[2]) && most(zeros[3]) && few(zeros[0])) return "UTF-32LE";
  if (most(zeros[0]) && most(zeros[1]) && most(zeros[2]) && few(zeros[3])) return "UTF-32BE";
  if (most(zeros[1]) && most(zeros[3]) && few(zeros[0]) && few(zeros[2])) return "UTF-16LE";
  if (most(zeros[0]) && most(zeros[2]) && few(zeros[1]) && few(zeros[3])) return "UTF-16BE";
  return "";
}

}  // namespace cvpdf::model::detail
