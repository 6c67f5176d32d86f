// --pdfa output held to validators that are not ours: Apache PDFBox's
// preflight (Debian's libpdfbox2-java; PDF/A-1b, with the messages PDF/A-2
// allows listed below and every other one a failure), PDFBox's fonts asked
// for each shown glyph's Unicode (PDF/A-2u's own rule), and qpdf's JSON for
// the identification, Info against XMP and the output intent. Every
// built-in theme × en/zh of resume.yaml, and résumés with each kind of photo
// (JPEG RGB, CMYK, gray, RGB with an Adobe RGB profile, PNG with alpha).
//
// PDFBox runs once for all the files (tests/e2e/PdfaValidate.java), since
// the JVM's start-up costs more than a file's validation.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "pdf_structure.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// What PDFBox's preflight (a PDF/A-1b validator, ISO 19005-1) reports that
// PDF/A-2 (ISO 19005-2, on PDF 1.7) allows. A message is allowed when its
// code is `code` and its details contain `details`; any other message fails.
struct Allowed {
  const char* code;
  const char* details;
  const char* why;  // the PDF/A-2 clause that allows it
};
constexpr Allowed kAllowedByPdfA2[] = {
    {"1.4", "/XRef cross reference streams are not allowed",
     // PDF/A-1 (19005-1 6.1.4) asks for a classic cross-reference table;
     // PDF/A-2 takes ISO 32000-1's cross-reference streams and object
     // streams (7.5.7, 7.5.8) and forbids only hybrid files (6.1.4: no
     // XRefStm in the trailer). cvpdf packs its objects in object streams.
     "ISO 19005-2 6.1.4"},
    {"7.11.2", "part must be 1",
     // The identification schema's pdfaid:part is 2 for PDF/A-2.
     "ISO 19005-2 6.6.4"},
    {"7.11.1", "conformance level must be A or B",
     // PDF/A-2 adds level U (Unicode), which is cvpdf's.
     "ISO 19005-2 6.6.4"},
    {"3.1.11", "The CIDSet entry is missing",
     // PDF/A-1 requires a CIDSet for a subset CIDFont (19005-1 6.3.5);
     // PDF/A-2 makes it optional (and complete when present).
     "ISO 19005-2 6.2.11.4.2"},
    {"2.2.2", "Soft Mask must be null or None",
     // PDF/A-1 forbids transparency (19005-1 6.4); PDF/A-2 allows it,
     // an image's /SMask (a PNG photo's alpha) included, blended in the
     // output intent's colour space.
     "ISO 19005-2 6.4"},
};

bool allowed(const std::string& message) {
  for (const Allowed& a : kAllowedByPdfA2)
    if (message.rfind(std::string(a.code) + " : ", 0) == 0 && message.find(a.details) != std::string::npos) return true;
  return false;
}

// PDFBox's class path on Debian (scripts/setup.sh installs the packages).
const char* const kPdfBoxJars[] = {"preflight.jar", "pdfbox2.jar",       "fontbox2.jar",        "xmpbox.jar",
                                   "commons-logging.jar", "jaxb-api.jar", "javax.activation.jar"};

std::string class_path() {
  std::string path;
  for (const char* jar : kPdfBoxJars) path += (path.empty() ? "" : ":") + std::string("/usr/share/java/") + jar;
  return path;
}

struct Corpus {
  std::vector<std::string> files;                         // the --pdfa outputs
  std::string control;  // a file that is not PDF/A: the checks must fail it
  std::string spoiled;  // a --pdfa file whose first ToUnicode map maps none of its codes
  std::map<std::string, std::vector<std::string>> preflight;  // file → preflight messages
  std::map<std::string, std::vector<std::string>> unmapped;   // file → "font code"
  std::map<std::string, bool> done;                       // PDFBox read the file to the end
  std::string error;                                      // why the corpus could not be made
};

// The résumé with `photo:` set to `photo` (the first line of person:).
std::string resume_with_photo(const std::string& dir, const std::string& photo) {
  std::string yaml = read_file(source("resume.yaml"));
  const std::size_t person = yaml.find("\nperson:\n");
  if (person != std::string::npos) yaml.insert(person + 9, "  photo: " + photo + "\n");
  const std::string path = dir + "/resume-" + photo.substr(photo.rfind('/') + 1) + ".yaml";
  write_file(path, yaml);
  return path;
}

Corpus make_corpus() {
  Corpus c;
  const std::string dir = temp_dir();
  auto render = [&](const std::string& input, const std::string& args, const std::string& out) {
    const Result r = run(cvpdf() + " " + args + " " + input + " -o " + out);
    if (r.status != 0) c.error += out + ": " + r.err + "\n";
  };
  for (const char* theme : {"classic", "moderncv", "engineering", "sidebar", "academic", "zh"}) {
    for (const char* lang : {"en", "zh"}) {
      const std::string out = dir + "/" + theme + "-" + lang + ".pdf";
      render(source("resume.yaml"), std::string("--pdfa --theme ") + theme + " --lang " + lang, out);
      c.files.push_back(out);
    }
  }
  const std::string photos = source("tests/cli/bad/photos/");
  const std::string adobe_rgb = dir + "/adobe-rgb.jpg";
  write_file(adobe_rgb, jpeg_with_icc_profile(read_file(photos + "baseline.jpg"),
                                         read_file("/usr/share/color/icc/compatibleWithAdobeRGB1998.icc")));
  const std::pair<std::string, const char*> photo_runs[] = {
      {photos + "baseline.jpg", "--theme classic"},     {photos + "cmyk-adobe.jpg", "--theme moderncv"},
      {photos + "cmyk-adobe.jpg", "--theme zh --lang zh"}, {photos + "gray.jpg", "--theme sidebar"},
      {photos + "rgba.png", "--theme academic"},        {adobe_rgb, "--theme engineering"}};
  int n = 0;
  for (const auto& [photo, args] : photo_runs) {
    const std::string out = dir + "/photo-" + std::to_string(++n) + ".pdf";
    render(resume_with_photo(dir, photo), std::string("--pdfa ") + args, out);
    c.files.push_back(out);
  }
  c.control = dir + "/control.pdf";  // the CMYK photo without --pdfa
  render(resume_with_photo(dir, photos + "cmyk-adobe.jpg"), "--theme classic", c.control);
  if (!c.error.empty()) return c;
  c.spoiled = dir + "/spoiled.pdf";
  const PdfFile first = read_pdf_file(c.files.front());
  for (const auto& [ref, object] : first.objects) {
    const PdfJson* dict = first.object(ref);
    const PdfJson* map = dict ? dict->get("/ToUnicode") : nullptr;
    if (!map || !map->is_ref()) continue;
    std::string why;
    const std::string useless_map =
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
        "/CMapName /Empty def /CMapType 2 def\n"
        "1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
        "1 beginbfchar <FFFF> <0041> endbfchar\n"  // one code no page shows: PDFBox reads an empty map as identity
        "endcmap CMapName currentdict /CMap defineresource pop end end\n";
    if (!rewrite_pdf(c.files.front(), c.spoiled, {{map->string, stream_object(useless_map)}}, why))
      c.error = "spoiling: " + why;
    break;
  }
  if (!exists(c.spoiled)) c.error += "no ToUnicode map to spoil\n";
  if (!c.error.empty()) return c;

  std::string command = "java -cp " + class_path() + " " + source("tests/e2e/PdfaValidate.java");
  for (const std::string& f : c.files) command += " " + f;
  command += " " + c.control + " " + c.spoiled;
  const Result r = run(command);
  if (r.status != 0) {
    c.error = "PDFBox (run scripts/setup.sh for libpdfbox2-java and a JDK) failed: " + r.err;
    return c;
  }
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t tab = line.find('\t');
    const std::size_t tab2 = line.find('\t', tab + 1);
    const std::string file = line.substr(0, tab);
    const std::string kind = line.substr(tab + 1, tab2 == std::string::npos ? std::string::npos : tab2 - tab - 1);
    const std::string what = tab2 == std::string::npos ? "" : line.substr(tab2 + 1);
    if (kind == "preflight") c.preflight[file].push_back(what);
    if (kind == "unmapped") c.unmapped[file].push_back(what);
    if (kind == "done") c.done[file] = true;
  }
  return c;
}

// ---- identification, Info and XMP, output intent (qpdf's JSON) -------------

std::string xml_unescape(std::string s) {
  const std::pair<const char*, const char*> entities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
  for (const auto& [from, to] : entities)
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + 1)) s.replace(at, std::string(from).size(), to);
  return s;
}

// The text of XMP property `name` (the first rdf:li of an Alt, Seq or Bag,
// or the element's own text); "" when absent.
std::string xmp_value(const std::string& xmp, const std::string& name) {
  // Found by search, not std::regex, whose matcher recurses per character.
  const std::size_t open = xmp.find("<" + name + ">");
  if (open == std::string::npos) return "";
  const std::size_t start = open + name.size() + 2;
  const std::size_t close = xmp.find("</" + name + ">", start);
  if (close == std::string::npos) return "";
  std::string value = xmp.substr(start, close - start);
  const std::size_t li = value.find("<rdf:li");
  if (li != std::string::npos) {
    const std::size_t text = value.find('>', li) + 1;
    value = value.substr(text, value.find("</rdf:li>", text) - text);
  }
  return xml_unescape(value);
}

// A date as its digits and zone: "D:20240102030405+00'00'" and
// "2024-01-02T03:04:05+00:00" both "20240102030405+0000"; "Z" is "+0000".
std::string date_key(std::string date) {
  if (date.rfind("D:", 0) == 0) date = date.substr(2);
  std::string key;
  for (char ch : date) {
    if (ch >= '0' && ch <= '9') key += ch;
    else if (ch == '+' || ch == '-') key += key.size() >= 14 ? std::string(1, ch) : "";
    else if (ch == 'Z') key += "+0000";
  }
  return key;
}

// ISO 19005-2 6.6.2.1 (metadata stream in the catalog), 6.6.3 (every Info
// entry equivalent to its XMP property, Table 1), 6.6.4 (pdfaid part 2,
// conformance U).
std::vector<std::string> check_identification(const PdfFile& f) {
  std::vector<std::string> out;
  const PdfJson* md = f.root() ? f.root()->get("/Metadata") : nullptr;
  if (!md || !md->is_ref()) return {"the catalog has no /Metadata stream"};
  const std::string xmp = f.stream_data(md->string);
  if (xmp_value(xmp, "pdfaid:part") != "2") out.push_back("pdfaid:part is not 2");
  if (xmp_value(xmp, "pdfaid:conformance") != "U") out.push_back("pdfaid:conformance is not U");
  if (xmp_value(xmp, "dc:title").empty()) out.push_back("the XMP has no dc:title");
  // PDF/A does not ask for an Info dictionary, but cvpdf always writes one:
  // without it nothing below would be compared.
  const PdfJson* info = f.get(&f.trailer, "/Info");
  if (!info) {
    out.push_back("no Info dictionary");
    return out;
  }
  const std::pair<const char*, const char*> table[] = {
      {"/Title", "dc:title"},         {"/Author", "dc:creator"},     {"/Subject", "dc:description"},
      {"/Keywords", "pdf:Keywords"},  {"/Creator", "xmp:CreatorTool"}, {"/Producer", "pdf:Producer"},
      {"/CreationDate", "xmp:CreateDate"}, {"/ModDate", "xmp:ModifyDate"}};
  for (const auto& [key, property] : table) {
    const PdfJson* value = f.get(info, key);
    if (!value) continue;
    std::string in_info = text_of(value);
    std::string in_xmp = xmp_value(xmp, property);
    if (std::string(key).find("Date") != std::string::npos) {
      in_info = date_key(in_info);
      in_xmp = date_key(in_xmp);
    }
    if (in_info != in_xmp) out.push_back(std::string("Info ") + key + " '" + in_info + "' but XMP " + property + " '" + in_xmp + "'");
  }
  return out;
}

// ISO 19005-2 6.2.3: an output intent /GTS_PDFA1 whose DestOutputProfile is
// an embedded ICC profile (version 2 or 4, output or monitor class) of the
// colour space its /N says: RGB here, cvpdf's sRGB.
std::vector<std::string> check_output_intent(const PdfFile& f) {
  std::vector<std::string> out;
  const PdfJson* intents = f.root() ? f.get(f.root(), "/OutputIntents") : nullptr;
  if (!intents || intents->array.empty()) return {"no /OutputIntents"};
  int pdfa = 0;
  for (const PdfJson& entry : intents->array) {
    const PdfJson* intent = f.resolve(&entry);
    const PdfJson* s = f.get(intent, "/S");
    if (!s || s->string != "/GTS_PDFA1") continue;
    ++pdfa;
    if (!f.get(intent, "/OutputConditionIdentifier")) out.push_back("the output intent has no /OutputConditionIdentifier");
    const PdfJson* profile = intent ? intent->get("/DestOutputProfile") : nullptr;
    if (!profile || !profile->is_ref()) {
      out.push_back("the output intent has no embedded /DestOutputProfile");
      continue;
    }
    const std::string icc = f.stream_data(profile->string);
    const PdfJson* n = f.get(f.object(profile->string), "/N");
    if (icc.size() < 128 || icc.compare(36, 4, "acsp") != 0) {
      out.push_back("the DestOutputProfile is not an ICC profile");
      continue;
    }
    const std::string space = icc.substr(16, 4), device_class = icc.substr(12, 4);
    if (space != "RGB " || !n || n->number != 3) out.push_back("the DestOutputProfile is not RGB with /N 3: '" + space + "'");
    if (device_class != "mntr" && device_class != "prtr") out.push_back("the DestOutputProfile's class is '" + device_class + "'");
    if (icc[8] != 2 && icc[8] != 4) out.push_back("the DestOutputProfile's ICC version is " + std::to_string(int(icc[8])));
  }
  if (pdfa != 1) out.push_back(std::to_string(pdfa) + " /GTS_PDFA1 output intents");
  return out;
}

// ISO 19005-2 6.2.4.3: under an RGB output intent no image is DeviceCMYK.
std::vector<std::string> check_image_colours(const PdfFile& f) {
  std::vector<std::string> out;
  for (const auto& [ref, object] : f.objects) {
    const PdfJson* dict = f.object(ref);
    const PdfJson* subtype = dict ? dict->get("/Subtype") : nullptr;
    const PdfJson* space = dict ? f.get(dict, "/ColorSpace") : nullptr;
    if (subtype && subtype->string == "/Image" && space && space->string == "/DeviceCMYK")
      out.push_back("image " + ref + " is DeviceCMYK under an RGB output intent");
  }
  return out;
}

std::vector<std::string> not_allowed(const Corpus& c, const std::string& file) {
  std::vector<std::string> out;
  const auto it = c.preflight.find(file);
  if (it == c.preflight.end()) return out;
  for (const std::string& m : it->second)
    if (!allowed(m)) out.push_back(m);
  return out;
}

// One test, so that ctest (a process a test) renders the corpus and starts
// the JVM once.
TEST(PdfaValidation, EveryPdfaOutputPassesPreflightAndThePdfA2uChecks) {
  const Corpus c = make_corpus();
  ASSERT_TRUE(c.error.empty()) << c.error;
  for (const std::string& file : c.files) {
    SCOPED_TRACE(file);
    EXPECT_TRUE(c.done.count(file)) << "PDFBox did not read it to the end";
    for (const std::string& m : not_allowed(c, file)) ADD_FAILURE() << "preflight: " << m;
    // ISO 19005-2 6.2.11.7.2 (level U): every code a page shows maps to
    // Unicode, and never to U+0000, U+FEFF or U+FFFE.
    if (c.unmapped.count(file))
      for (const std::string& glyph : c.unmapped.at(file)) ADD_FAILURE() << "no Unicode for font/code " << glyph;
    const PdfFile f = read_pdf_file(file);
    ASSERT_TRUE(f.error.empty()) << f.error;
    for (const std::string& v : check_identification(f)) ADD_FAILURE() << v;
    for (const std::string& v : check_output_intent(f)) ADD_FAILURE() << v;
    for (const std::string& v : check_image_colours(f)) ADD_FAILURE() << v;
  }

  // Each check can fail. The allow-list lets through only what it names: a
  // file that is not PDF/A (no output intent, no identification, a
  // DeviceCMYK photo) fails preflight, with a colour-space error (PDFBox's
  // 2.4.x) among others, and fails our own checks.
  const std::vector<std::string> found = not_allowed(c, c.control);
  EXPECT_FALSE(found.empty());
  bool cmyk = false;
  for (const std::string& m : found) cmyk = cmyk || m.rfind("2.4", 0) == 0;
  EXPECT_TRUE(cmyk) << "no colour-space error for the DeviceCMYK photo";
  const PdfFile control = read_pdf_file(c.control);
  EXPECT_FALSE(check_identification(control).empty());
  EXPECT_FALSE(check_output_intent(control).empty());
  EXPECT_FALSE(check_image_colours(control).empty());
  // A font whose ToUnicode map maps none of its codes leaves its glyphs unmapped.
  EXPECT_TRUE(c.unmapped.count(c.spoiled)) << "an empty ToUnicode map went unnoticed";
}

}  // namespace
}  // namespace cvpdf::test
