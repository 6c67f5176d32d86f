// cvpdf — résumé-to-PDF typesetting engine.
#include <malloc.h>

#include "app/app.hpp"

int main(int argc, char** argv) {
  // One malloc arena for both threads (the PDF stage deflates streams and
  // paints pages on the second core): a second arena holds its own free
  // memory apart, 3 MB more at the peak of a 1200-publication CV.
  mallopt(M_ARENA_MAX, 1);
  return cvpdf::app::run(argc, argv);
}
