// cvpdf — résumé-to-PDF typesetting engine.
#include "app/app.hpp"

int main(int argc, char** argv) { return cvpdf::app::run(argc, argv); }
