// --pdfa output held to validators that are not ours: Apache PDFBox's
// preflight (Debian's libpdfbox2-java; PDF/A-1b, with the messages PDF/A-2
// allows listed below and every other one a failure), PDFBox's fonts asked
// for each shown glyph's Unicode (PDF/A-2u's own rule), and qpdf's JSON for
// the identification, Info against XMP and the output intent. Every
// built-in theme × en/zh of resume.yaml, and résumés with each kind of photo
// (JPEG RGB, CMYK, gray, RGB with an Adobe RGB profile, PNG with alpha, and
// PNGs whose colours are not sRGB: tests/data/photos/). Those last are also
// rendered by poppler, whose pixels must show each patch in the sRGB colour
// lcms2 computes from the PNG's profile, not the PNG's own numbers.
//
// PDFBox runs once for all the files (tests/e2e/PdfaValidate.java), since
// the JVM's start-up costs more than a file's validation.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <utility>
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
  const std::string profiled = source("tests/data/photos/");
  const std::pair<std::string, const char*> photo_runs[] = {
      {photos + "baseline.jpg", "--theme classic"},     {photos + "cmyk-adobe.jpg", "--theme moderncv"},
      {photos + "cmyk-adobe.jpg", "--theme zh --lang zh"}, {photos + "gray.jpg", "--theme sidebar"},
      {photos + "rgba.png", "--theme academic"},        {adobe_rgb, "--theme engineering"},
      {profiled + "adobe-rgb.png", "--theme classic"},  {profiled + "adobe-rgba16.png", "--theme sidebar"},
      {profiled + "adobe-palette-trns.png", "--theme zh --lang zh"},
      {profiled + "gray-linear-alpha.png", "--theme moderncv"}, {profiled + "gamma-linear.png", "--theme academic"}};
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

// ---- photo colours, as poppler draws them -----------------------------------

struct Rgb {
  int r, g, b;
};

struct Page {
  int width = 0, height = 0;
  std::vector<Rgb> pixels;  // row by row
};

// Page 1 drawn by poppler at 150 dpi (PPM, RGB). Poppler, not mupdf:
// Debian's mupdf is built without ICC support ("ICC support is not
// available") and draws an /ICCBased image's numbers as they are.
Page draw_page(const std::string& pdf, std::string& why) {
  const Result r = run("pdftoppm -r 150 -f 1 -l 1 -singlefile " + pdf + " " + pdf);
  const std::string ppm = pdf + ".ppm";
  if (r.status != 0) {
    why = "pdftoppm: " + r.err;
    return {};
  }
  const std::string data = read_file(ppm);
  std::istringstream header(data);
  std::string magic;
  Page page;
  int max = 0;
  header >> magic >> page.width >> page.height >> max;
  const std::size_t start = static_cast<std::size_t>(header.tellg()) + 1;
  const std::size_t count = static_cast<std::size_t>(page.width) * static_cast<std::size_t>(page.height);
  if (magic != "P6" || max != 255 || data.size() < start + count * 3) {
    why = "pdftoppm wrote no RGB PPM";
    return {};
  }
  page.pixels.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const auto at = [&](std::size_t c) { return static_cast<unsigned char>(data[start + i * 3 + c]); };
    page.pixels[i] = {at(0), at(1), at(2)};
  }
  return page;
}

// How many pixels are `colour` with the 5 × 5 pixels around them, each
// channel within 3 levels (poppler's lcms2 and its resampling may round
// otherwise than ours): a flat area, as a photo's patch is and anti-aliased
// text, whose grays are everywhere, is not.
int count_flat(const Page& page, Rgb colour) {
  const auto near = [&](int x, int y) {
    const Rgb& p = page.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(page.width) + static_cast<std::size_t>(x)];
    return std::abs(p.r - colour.r) <= 3 && std::abs(p.g - colour.g) <= 3 && std::abs(p.b - colour.b) <= 3;
  };
  int n = 0;
  for (int y = 2; y + 2 < page.height; ++y)
    for (int x = 2; x + 2 < page.width; ++x) {
      bool flat = true;
      for (int dy = -2; dy <= 2 && flat; ++dy)
        for (int dx = -2; dx <= 2 && flat; ++dx) flat = near(x + dx, y + dy);
      n += flat;
    }
  return n;
}

// The colour spaces (as qpdf writes them: "/DeviceRGB", "[/ICCBased 9 0 R]")
// of the images of a file that are not soft masks, and whether each has one.
std::vector<std::pair<std::string, bool>> photo_images(const PdfFile& f) {
  std::vector<std::pair<std::string, bool>> out;
  for (const auto& [ref, object] : f.objects) {
    const PdfJson* dict = f.object(ref);
    const PdfJson* subtype = dict ? dict->get("/Subtype") : nullptr;
    if (!subtype || subtype->string != "/Image") continue;
    bool is_mask = false;
    for (const auto& [other, o] : f.objects) {
      const PdfJson* d = f.object(other);
      const PdfJson* mask = d ? d->get("/SMask") : nullptr;
      is_mask = is_mask || (mask && mask->string == ref);
    }
    if (is_mask) continue;
    const PdfJson* space = dict->get("/ColorSpace");
    std::string name = space ? space->string : "";
    if (space && space->kind == PdfJson::Kind::Array && space->array.size() == 2)
      name = "[" + space->array[0].string + " " + space->array[1].string + "]";
    out.emplace_back(name, dict->get("/SMask") != nullptr);
  }
  return out;
}

// Each photo of tests/data/photos/ is two flat patches; the sRGB values are
// lcms2's from the PNG's profile (make_profile_photos.py prints them): under
// --pdfa the pixels are converted to them (DeviceRGB, or DeviceGray in
// sRGB's tone curve), and without it the profile rides along as /ICCBased,
// which poppler converts itself. Either way the page must show them, and not
// the PNG's own numbers.
TEST(PdfaValidation, PhotosWithTheirOwnProfileShowTheirSrgbColours) {
  struct Case {
    const char* photo;
    Rgb left, right;          // the sRGB values lcms2 computes
    Rgb raw_left, raw_right;  // the PNG's numbers
    bool alpha;
    const char* space;  // the image's colour space under --pdfa
  };
  const Rgb adobe_red{231, 57, 34}, adobe_blue{0, 161, 203}, red{200, 60, 40}, blue{60, 160, 200};
  const Case cases[] = {
      {"adobe-rgb.png", adobe_red, adobe_blue, red, blue, false, "/DeviceRGB"},
      {"adobe-rgba16.png", adobe_red, adobe_blue, red, blue, true, "/DeviceRGB"},
      {"adobe-palette-trns.png", adobe_red, adobe_blue, red, blue, true, "/DeviceRGB"},
      // Gray.icc is linear: 128 and 64 are sRGB's 188 and 137.
      {"gray-linear-alpha.png", {188, 188, 188}, {137, 137, 137}, {128, 128, 128}, {64, 64, 64}, true, "/DeviceGray"},
      // gAMA 1.0, no cHRM: linear light with sRGB's primaries.
      {"gamma-linear.png", {229, 133, 110}, {133, 208, 229}, red, blue, false, "/DeviceRGB"},
  };
  const std::string dir = temp_dir();
  for (const Case& c : cases) {
    SCOPED_TRACE(c.photo);
    const std::string input = resume_with_photo(dir, source("tests/data/photos/") + c.photo);
    for (const bool pdfa : {true, false}) {
      SCOPED_TRACE(pdfa ? "--pdfa" : "without --pdfa");
      const std::string pdf = dir + "/" + c.photo + (pdfa ? "-a" : "") + ".pdf";
      const Result r = run(cvpdf() + (pdfa ? " --pdfa" : "") + " --theme classic " + input + " -o " + pdf);
      ASSERT_EQ(r.status, 0) << r.err;
      const PdfFile f = read_pdf_file(pdf);
      ASSERT_TRUE(f.error.empty()) << f.error;
      const auto images = photo_images(f);
      ASSERT_EQ(images.size(), 1u);
      if (pdfa) EXPECT_EQ(images[0].first, c.space);
      else EXPECT_EQ(images[0].first.rfind("[/ICCBased ", 0), 0u) << images[0].first;
      EXPECT_EQ(images[0].second, c.alpha) << "the alpha channel as /SMask";

      std::string why;
      const Page page = draw_page(pdf, why);
      ASSERT_TRUE(why.empty()) << why;
      for (const auto& [expected, raw] : {std::pair{c.left, c.raw_left}, std::pair{c.right, c.raw_right}}) {
        // A patch is some 70 px a side at 150 dpi in the classic header (half
        // that tall with alpha): far more than the 400 pixels asked; its own
        // numbers are nowhere.
        const int shown = count_flat(page, expected), unconverted = count_flat(page, raw);
        EXPECT_GE(shown, 400) << "sRGB " << expected.r << "," << expected.g << "," << expected.b;
        EXPECT_LT(unconverted, shown / 20) << "raw " << raw.r << "," << raw.g << "," << raw.b;
      }
    }
  }
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
