// The PDF/A output intent (see pdf_objects.hpp). cvpdf paints in DeviceRGB;
// PDF/A allows that only under an output intent whose profile is RGB, so
// the file carries the sRGB profile (about 7 KB, 4 KB compressed) that the
// colours were chosen in.
#include "pdf/icc_profile.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

void add_output_intent(PoDoFo::PdfMemDocument& pdf) {
  using namespace PoDoFo;
  PdfObject& icc = add_stream(pdf, srgb_icc_profile());
  icc.GetDictionary().AddKey("N", pdf_int(3));

  PdfDictionary intent;
  intent.AddKey("Type", PdfName("OutputIntent"));
  intent.AddKey("S", PdfName("GTS_PDFA1"));  // the subtype PDF/A-1, -2 and -3 share
  intent.AddKey("OutputConditionIdentifier", PdfString("sRGB IEC61966-2.1"));
  intent.AddKey("RegistryName", PdfString("http://www.color.org"));
  intent.AddKey("Info", PdfString("sRGB IEC61966-2.1"));
  intent.AddKey("DestOutputProfile", icc.Reference());
  PdfArray intents;
  intents.push_back(intent);
  pdf.GetCatalog()->GetDictionary().AddKey("OutputIntents", intents);
}

}  // namespace cvpdf::pdf
