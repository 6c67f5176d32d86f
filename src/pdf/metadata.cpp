// Document metadata (see pdf_objects.hpp): the Info dictionary, an XMP
// packet saying the same in RDF, the catalog's /Lang, /Metadata and
// /ViewerPreferences. Dates come from Metadata::creation_time (set from
// SOURCE_DATE_EPOCH or the input's mtime), never from the clock: PoDoFo's
// PdfInfo stamps CreationDate with "now" and has no date setters, so its
// dictionary is emptied and filled here.
//
// PDF/A keeps Info and XMP in step (ISO 19005-2 6.6.3): every Info entry
// written here has its XMP twin with the same value. The standards claimed
// go in the XMP too: pdfaid (a schema PDF/A predefines) and pdfuaid (one it
// does not, so a PDF/A file that also claims PDF/UA describes that schema
// in a pdfaExtension block).
#include "pdf/format.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

namespace {

// Text for XML character data and attribute values. Characters XML 1.0
// cannot hold (most C0 controls) are dropped.
std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') break;
        out += c;
    }
  }
  return out;
}

// The pdfaExtension description of the pdfuaid schema (ISO 19005-2 6.6.2.3).
const char* const kPdfuaExtension =
    "<rdf:Description rdf:about=\"\"\n"
    "  xmlns:pdfaExtension=\"http://www.aiim.org/pdfa/ns/extension/\"\n"
    "  xmlns:pdfaSchema=\"http://www.aiim.org/pdfa/ns/schema#\"\n"
    "  xmlns:pdfaProperty=\"http://www.aiim.org/pdfa/ns/property#\">\n"
    "<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType=\"Resource\">\n"
    "<pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>\n"
    "<pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>\n"
    "<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>\n"
    "<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType=\"Resource\">\n"
    "<pdfaProperty:name>part</pdfaProperty:name>\n"
    "<pdfaProperty:valueType>Integer</pdfaProperty:valueType>\n"
    "<pdfaProperty:category>internal</pdfaProperty:category>\n"
    "<pdfaProperty:description>Part of ISO 14289 to which the file conforms</pdfaProperty:description>\n"
    "</rdf:li></rdf:Seq></pdfaSchema:property>\n"
    "</rdf:li></rdf:Bag></pdfaExtension:schemas>\n"
    "</rdf:Description>\n";

std::string xmp_packet(const frame::Metadata& m, const std::string& producer, const Claims& claims) {
  const std::string date = xmp_date(m.creation_time);
  std::string x;
  x += "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n";
  x += "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n";
  x += "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n";
  x += "<rdf:Description rdf:about=\"\"\n";
  x += "  xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n";
  x += "  xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n";
  x += "  xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\"";
  if (claims.pdfa) x += "\n  xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\"";
  if (claims.pdfua) x += "\n  xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\"";
  x += ">\n";
  x += "<dc:format>application/pdf</dc:format>\n";
  if (!m.title.empty())
    x += "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml_escape(m.title) + "</rdf:li></rdf:Alt></dc:title>\n";
  if (!m.author.empty())
    x += "<dc:creator><rdf:Seq><rdf:li>" + xml_escape(m.author) + "</rdf:li></rdf:Seq></dc:creator>\n";
  if (!m.subject.empty())
    x += "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml_escape(m.subject) +
         "</rdf:li></rdf:Alt></dc:description>\n";
  if (!m.language.empty())
    x += "<dc:language><rdf:Bag><rdf:li>" + xml_escape(m.language) + "</rdf:li></rdf:Bag></dc:language>\n";
  if (!m.keywords.empty()) x += "<pdf:Keywords>" + xml_escape(m.keywords) + "</pdf:Keywords>\n";
  x += "<pdf:Producer>" + xml_escape(producer) + "</pdf:Producer>\n";
  x += "<xmp:CreatorTool>" + xml_escape(producer) + "</xmp:CreatorTool>\n";
  x += "<xmp:CreateDate>" + date + "</xmp:CreateDate>\n";
  x += "<xmp:ModifyDate>" + date + "</xmp:ModifyDate>\n";
  x += "<xmp:MetadataDate>" + date + "</xmp:MetadataDate>\n";
  if (claims.pdfa) x += "<pdfaid:part>2</pdfaid:part>\n<pdfaid:conformance>U</pdfaid:conformance>\n";
  if (claims.pdfua) x += "<pdfuaid:part>1</pdfuaid:part>\n";
  x += "</rdf:Description>\n";
  if (claims.pdfa && claims.pdfua) x += kPdfuaExtension;
  x += "</rdf:RDF>\n";
  x += "</x:xmpmeta>\n";
  x += "<?xpacket end=\"r\"?>\n";
  return x;
}

}  // namespace

void add_metadata(PoDoFo::PdfMemDocument& pdf, const frame::Metadata& m, const Claims& claims) {
  using namespace PoDoFo;
  const std::string producer = m.producer.empty() ? std::string("cvpdf") : m.producer;

  PdfDictionary& info = pdf.GetInfo()->GetObject()->GetDictionary();
  info.Clear();
  auto text = [&](const char* key, const std::string& value) {
    if (!value.empty()) info.AddKey(key, pdf_text(value));
  };
  text("Title", m.title);
  text("Author", m.author);
  text("Subject", m.subject);
  text("Keywords", m.keywords);
  text("Creator", producer);
  text("Producer", producer);
  const PdfString date(pdf_date(m.creation_time));
  info.AddKey("CreationDate", date);
  info.AddKey("ModDate", date);

  PdfObject& xmp = *pdf.GetObjects().CreateObject("Metadata");
  xmp.GetDictionary().AddKey("Subtype", PdfName("XML"));
  // Uncompressed, so tools that do not parse PDF can still find the packet.
  set_encoded_stream(xmp, xmp_packet(m, producer, claims), "");

  PdfDictionary& catalog = pdf.GetCatalog()->GetDictionary();
  catalog.AddKey("Metadata", xmp.Reference());
  if (!m.language.empty()) catalog.AddKey("Lang", pdf_text(m.language));
  PdfDictionary preferences;
  preferences.AddKey("DisplayDocTitle", PdfVariant(true));
  catalog.AddKey("ViewerPreferences", preferences);
}

}  // namespace cvpdf::pdf
