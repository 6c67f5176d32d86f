// The PDF writer's compressor's version (for --version).
#include <libdeflate.h>

#include "pdf/pdf_writer.hpp"

namespace cvpdf::pdf {

std::string library_version() { return std::string("libdeflate ") + LIBDEFLATE_VERSION_STRING; }

}  // namespace cvpdf::pdf
