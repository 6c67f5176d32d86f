// Shell completion scripts for bash, zsh and fish, generated from the
// command line's option and subcommand tables (cli.hpp), so that every
// option the parser accepts completes and none that it refuses does.
// `cvpdf completions SHELL` prints one; the build writes all three into
// the build tree and the packages install them.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace cvpdf::app {

// The script for `shell` ("bash", "zsh" or "fish"); nullopt for any other.
std::optional<std::string> completion_script(std::string_view shell);

}  // namespace cvpdf::app
