// A résumé file's bytes as the UTF-8 text every reader of the model takes.
// A file saved as UTF-16 or UTF-32 with its byte-order mark (Windows
// Notepad's "Unicode", PowerShell's default) is decoded by ICU before the
// raw text's checks; its characters and line breaks are the file's, so
// every line:column a message gives is the file's own. A wide file without
// a mark is recognised by where its zero bytes fall, for a message that
// names the encoding and how to convert it (input_checks.cpp).
#pragma once
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"

namespace cvpdf::model::detail {

// True when `text` starts with a UTF-16 or UTF-32 byte-order mark: `out`
// then holds its text as UTF-8, without the mark, or is empty, with an
// error in `diags` (when given) where the bytes are not that encoding.
// False, and `out` untouched, for any other text.
bool decode_to_utf8(std::string_view text, const std::string& file, std::string& out, Diagnostics* diags);

// "UTF-16LE", "UTF-16BE", "UTF-32LE" or "UTF-32BE" when the zero bytes of
// `sample` (a file's first bytes, without a byte-order mark) fall as they
// do in mostly Latin text of that encoding; "" otherwise.
std::string wide_encoding_without_mark(std::string_view sample);

}  // namespace cvpdf::model::detail
