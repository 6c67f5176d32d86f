// The file layout: the document (objects.hpp) written out as bytes, with
// the small dictionaries packed into compressed object streams and the
// cross-reference table and trailer as one cross-reference stream
// (ISO 32000-1 7.5.7 and 7.5.8).
#pragma once
#include <cstddef>
#include <string>

#include "pdf/objects.hpp"

namespace cvpdf::pdf {

// At most this many objects share one object stream: a reader inflates a
// whole stream to reach one object in it, so streams stay a few hundred
// objects long (qpdf's own default is 100).
inline constexpr std::size_t kObjectsPerStream = 200;

// The document as a complete PDF file:
//   %PDF-1.x and a binary comment line;
//   every stream object (fonts, content streams, images, the XMP metadata)
//   and every object with a non-zero generation as an indirect object, in
//   object-number order (streams are never recompressed: the XMP packet
//   stays plain text);
//   the other objects in object streams (/Type/ObjStm, Flate), numbered
//   after the document's last object, in object-number order;
//   a cross-reference stream (/Type/XRef, Flate, a PNG Up predictor when
//   it makes the stream smaller) carrying /Root, /Info and /ID, then
//   startxref and %%EOF.
// Object numbers are the document's own; the trailer names the catalog
// (/Root) and the Info dictionary. The /ID (both entries) is
// digest128 of every byte before the cross-reference stream, so the same
// document always gives the same bytes and any change of content changes
// the /ID. Throws FatalError when the document asks for a version before
// PDF 1.5 (object streams need 1.5).
std::string serialise_document(const Document& pdf);

}  // namespace cvpdf::pdf
