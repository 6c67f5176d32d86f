// PoDoFo, the PDF's object model and writer, included as a system header:
// its headers do not build cleanly under -Wall -Wextra -Wshadow -Werror.
// cvpdf is written against the 0.9 API (Debian 12's libpodofo-dev 0.9.8);
// 0.10 renamed and retyped most of it.
#pragma once
#pragma GCC system_header
#include <podofo/podofo.h>

#if PODOFO_VERSION_MAJOR != 0 || PODOFO_VERSION_MINOR != 9
#error "cvpdf's PDF writer needs PoDoFo 0.9 (libpodofo-dev 0.9.8)"
#endif
