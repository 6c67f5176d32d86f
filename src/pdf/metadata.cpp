// Document metadata (see pdf_objects.hpp): the Info dictionary, an XMP
// packet saying the same in RDF, the catalog's /Lang, /Metadata and
// /ViewerPreferences. Dates come from Metadata::creation_time (set from
// SOURCE_DATE_EPOCH or the input's mtime), never from the clock: PoDoFo's
// PdfInfo stamps CreationDate with "now", so its dictionary is rewritten.
#include "pdf/format.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

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

std::string xmp_packet(const frame::Metadata& m, const std::string& producer) {
  const std::string date = xmp_date(m.creation_time);
  std::string x;
  x += "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n";
  x += "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n";
  x += "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n";
  x += "<rdf:Description rdf:about=\"\"\n";
  x += "  xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n";
  x += "  xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n";
  x += "  xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\">\n";
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
  x += "</rdf:Description>\n";
  x += "</rdf:RDF>\n";
  x += "</x:xmpmeta>\n";
  x += "<?xpacket end=\"r\"?>\n";
  return x;
}

}  // namespace

void add_metadata(PdfMemDocument& doc, const frame::Metadata& m) {
  const std::string producer = m.producer.empty() ? std::string("cvpdf") : m.producer;

  PdfDictionary& info = doc.GetInfo()->GetObject()->GetDictionary();
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
  const std::string date = pdf_date(m.creation_time);
  info.AddKey("CreationDate", PdfString(date));
  info.AddKey("ModDate", PdfString(date));

  PdfObject* xmp = doc.GetObjects().CreateObject("Metadata");
  xmp->GetDictionary().AddKey("Subtype", PdfName("XML"));
  const std::string packet = xmp_packet(m, producer);
  // Uncompressed, so tools that do not parse PDF can still find the packet.
  xmp->GetStream()->Set(packet.data(), static_cast<pdf_long>(packet.size()), TVecFilters());

  PdfDictionary& catalog = doc.GetCatalog()->GetDictionary();
  catalog.AddKey("Metadata", xmp->Reference());
  if (!m.language.empty()) catalog.AddKey("Lang", pdf_text(m.language));
  PdfDictionary preferences;
  preferences.AddKey("DisplayDocTitle", PdfVariant(true));
  catalog.AddKey("ViewerPreferences", preferences);
}

}  // namespace cvpdf::pdf
