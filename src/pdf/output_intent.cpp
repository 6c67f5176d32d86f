// The PDF/A output intent (see pdf_objects.hpp). cvpdf paints in DeviceRGB;
// PDF/A allows that only under an output intent whose profile is RGB, so
// the file carries the sRGB profile (about 7 KB, 4 KB compressed) that the
// colours were chosen in.
#include "pdf/icc_profile.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

void add_output_intent(Document& doc) {
  const std::string_view profile = srgb_icc_profile();
  Object& icc = doc.create();
  icc.dictionary().set("N", pdf_int(3));
  set_stream(icc, profile, StreamFilter::Flate);

  Dictionary intent;
  intent.set("Type", Name{"OutputIntent"});
  intent.set("S", Name{"GTS_PDFA1"});  // the subtype PDF/A-1, -2 and -3 share
  intent.set("OutputConditionIdentifier", pdf_ascii("sRGB IEC61966-2.1"));
  intent.set("RegistryName", pdf_ascii("http://www.color.org"));
  intent.set("Info", pdf_ascii("sRGB IEC61966-2.1"));
  intent.set("DestOutputProfile", icc.ref);
  Array intents;
  intents.push_back(intent);
  doc.catalog().dictionary().set("OutputIntents", intents);
}

}  // namespace cvpdf::pdf
