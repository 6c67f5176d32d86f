// PoDoFo 0.9.8 for the tests alone (see tests/CMakeLists.txt), included as
// a system header: its headers do not build cleanly under -Wall -Wextra
// -Wshadow -Werror.
#pragma once
#pragma GCC system_header
#include <podofo/podofo.h>
