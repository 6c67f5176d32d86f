// The PDF writer's library's version (for --version).
#include "pdf/pdf_writer.hpp"
#include "pdf/podofo.hpp"

namespace cvpdf::pdf {

std::string library_version() { return "PoDoFo " PODOFO_VERSION_STRING; }

}  // namespace cvpdf::pdf
