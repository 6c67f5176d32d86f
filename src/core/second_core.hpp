// Whether cvpdf may use the machine's second core: the PDF stage deflates
// and paints there (pdf/deflate_queue.hpp, PagePainter), and --all renders
// its later languages in a child process (app/forked_languages.hpp).
#pragma once

namespace cvpdf {

// True with more than one core, unless CVPDF_THREADS is 1 (one core's work
// alone: for measuring it, and for machines shared by many runs).
bool use_second_core();

}  // namespace cvpdf
