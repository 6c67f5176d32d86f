// The PDF writer's library's version (for --version).
#include <zlib.h>

#include "pdf/pdf_writer.hpp"

namespace cvpdf::pdf {

std::string library_version() { return std::string("zlib ") + zlibVersion(); }

}  // namespace cvpdf::pdf
