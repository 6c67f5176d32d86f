// Temporary output files: their recognisable names, the registry the
// signal handler empties, and the cleaning of ones a killed run left.
//
// A temporary is `.<target name>.cvpdf-<pid>-XXXXXX` beside its target, so
// a later run can tell ours (and whether their writer is alive) from other
// programs' files; the copy of the target name is shortened so the whole
// name stays within NAME_MAX.
#pragma once
#include <cstddef>
#include <string>

namespace cvpdf::app {

// Creates the temporary file for `target` (a path whose directory exists)
// with mkstemp and records it in the registry before any signal can come
// between. Returns the descriptor (or -1 with errno set) and the path.
int create_temporary(const std::string& target, std::string& temp_path);

// Removes the file and its registry entry.
void remove_temporary(const std::string& temp_path);
// Forgets the entry once the file has been renamed over its target.
void forget_temporary(const std::string& temp_path);

// Installs the SIGINT/SIGTERM/SIGHUP handler that unlinks every registered
// temporary, then dies of the signal (default action, re-raised), for at
// most `count` temporaries at a time. Call before the first
// create_temporary of a transaction; the previous actions come back with
// restore_signal_actions().
void prepare_temporaries(std::size_t count);
void restore_signal_actions();

// Removes `.<name>.cvpdf-<pid>-XXXXXX` files in `directory` whose pid is
// no longer running: what a run killed by SIGKILL or a power cut left.
void remove_stale_temporaries(const std::string& directory);

// The temporary's name for a target file name (without the random part's
// final X's replaced); exposed for tests of the NAME_MAX bound.
std::string temporary_name_pattern(const std::string& target_file_name, long pid);

}  // namespace cvpdf::app
