// Which standards a Document's PDF may claim. PDF/UA-1 is declared (XMP
// pdfuaid:part 1) only when the file meets the Matterhorn Protocol's
// conditions the backend can decide from the frames: the file is tagged,
// every painted element is tagged or an artifact (the painter makes it
// so), every link annotation belongs to a Link element, every image is a
// Figure with alternative text or an artifact, the language and the title
// are set (the title is shown: /DisplayDocTitle), and every font is
// embedded with a ToUnicode map (always, font_embedding.cpp). A Document
// that falls short is still written, tagged as far as it goes, just not
// declared.
#pragma once
#include "frame/frame.hpp"

namespace cvpdf::pdf {

bool meets_pdfua(const frame::Document& doc);

}  // namespace cvpdf::pdf
