// The PDF/A output intent (see pdf_objects.hpp). cvpdf paints in DeviceRGB;
// PDF/A allows that only under an output intent whose profile is RGB, so
// the file carries the sRGB profile (about 7 KB, 4 KB compressed) that the
// colours were chosen in.
#include "pdf/icc_profile.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

void add_output_intent(PdfMemDocument& doc) {
  const std::string_view profile = srgb_icc_profile();
  PdfObject* icc = doc.GetObjects().CreateObject();
  icc->GetDictionary().AddKey("N", pdf_int(3));
  icc->GetStream()->Set(profile.data(), static_cast<pdf_long>(profile.size()));

  PdfDictionary intent;
  intent.AddKey("Type", PdfName("OutputIntent"));
  intent.AddKey("S", PdfName("GTS_PDFA1"));  // the subtype PDF/A-1, -2 and -3 share
  intent.AddKey("OutputConditionIdentifier", PdfString("sRGB IEC61966-2.1"));
  intent.AddKey("RegistryName", PdfString("http://www.color.org"));
  intent.AddKey("Info", PdfString("sRGB IEC61966-2.1"));
  intent.AddKey("DestOutputProfile", icc->Reference());
  PdfArray intents;
  intents.push_back(intent);
  doc.GetCatalog()->GetDictionary().AddKey("OutputIntents", intents);
}

}  // namespace cvpdf::pdf
