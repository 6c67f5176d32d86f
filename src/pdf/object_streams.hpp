// The file's layout: the PdfMemDocument's objects, each written by PoDoFo,
// laid out as a PDF 1.5+ file with object streams and a cross-reference
// stream (ISO 32000-1 7.5.7 and 7.5.8).
//
// Why not PoDoFo's own PdfMemDocument::Write: PoDoFo 0.9.8 writes no object
// streams, and a tagged résumé is thousands of small dictionaries (the
// structure tree), which in the open with a classic table made every PDF of
// the test corpus (every example × theme × language, PDF/A, photos, a
// 1200-publication CV) larger by 13 % to 191 %, 54 % in all, where this
// layout costs 1 %. And its cross-reference stream
// (PdfWriter::SetUseXRefStream) is malformed: PdfXRefStream::EndWrite adds a
// row for the stream itself after PdfWriter has already listed it, so the
// stream holds one row more than its /Index and /Size say (qpdf: "Cross-
// reference stream data has the wrong size"), and it writes a free entry's
// generation in one byte (65535 becomes 255). So this layer packs what
// PoDoFo writes: each object is PoDoFo's (PdfObject::WriteObject in the
// open, PdfObject::Write for a value inside an object stream), the object
// streams and the cross-reference stream are PoDoFo objects, their streams
// compressed by its Flate filter; here are only which object goes where,
// the offsets, the cross-reference rows and the /ID.
#pragma once
#include <cstddef>
#include <string>

#include "pdf/podofo.hpp"

namespace cvpdf::pdf {

// At most this many objects share one object stream: a reader inflates a
// whole stream to reach one object in it, so streams stay a few hundred
// objects long (qpdf's own default is 100).
inline constexpr std::size_t kObjectsPerStream = 200;

// The document as a complete PDF file:
//   %PDF-1.x and a binary comment line;
//   every stream object (fonts, content streams, images, the XMP metadata)
//   and every object of a non-zero generation, in the open, in object-number
//   order, in PoDoFo's clean write mode: its compact mode writes
//   "N 0 obj<<" with no end of line after "obj", which PDF/A-2 forbids
//   (ISO 19005-2 6.1.9); streams are never recompressed (the XMP packet
//   stays plain text);
//   the other objects' values in object streams (/Type/ObjStm, Flate),
//   in PoDoFo's compact write mode, numbered after the document's last
//   object, in object-number order;
//   a cross-reference stream (/Type/XRef, Flate, a PNG Up predictor when it
//   makes the stream smaller) carrying /Root, /Info and /ID, then startxref
//   and %%EOF.
// Object numbers are the document's own; numbers no object has are free
// entries. The /ID (both entries) is digest128 of every byte before the
// cross-reference stream, so the same document always gives the same bytes
// and any change of content changes the /ID. The document is not changed.
// Throws FatalError when the document asks for a version before PDF 1.5
// (object streams need 1.5) or has no /Root.
std::string write_with_object_streams(const PoDoFo::PdfMemDocument& pdf);

}  // namespace cvpdf::pdf
