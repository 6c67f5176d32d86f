// The command line: parses arguments, runs the pipeline for each variant,
// writes outputs atomically and maps failures to exit statuses (docs/user-guide.md).
#pragma once

namespace cvpdf::app {

int run(int argc, char** argv);

}  // namespace cvpdf::app
