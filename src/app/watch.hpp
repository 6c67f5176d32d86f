// --watch: render, then wait for the résumé, its layout or its fonts to
// change (inotify) and render again, until Ctrl-C. A build with errors keeps
// the last good output.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace cvpdf::app {

// `build` renders once and returns the files to watch next. `inputs` (the
// files named on the command line) are watched before the first build, so
// a save while it runs is not lost. Ctrl-C or SIGTERM during a build takes
// effect when it has written its outputs. Returns the exit status (0 after
// Ctrl-C or SIGTERM).
int watch_loop(const std::vector<std::string>& inputs, const std::function<std::vector<std::string>()>& build);

}  // namespace cvpdf::app
