// PoDoFo 0.9.8, included as a system header: its headers do not build
// cleanly under -Wall -Wextra -Wshadow -Werror. Only src/pdf includes this.
#pragma once
#pragma GCC system_header
#include <podofo/podofo.h>
