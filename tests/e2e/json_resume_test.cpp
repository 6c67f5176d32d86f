// End to end: JSON Resume files as people publish them (tests/formats/jsonresume/)
// — every string field of each file is on the page (pdftotext) or in
// `check`'s "not shown" notes; sections in the schema's order or
// meta.sections'; an image URL or a missing image file is a warning and the
// PDF is written; comments are read past with a warning at their place.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <string>
#include <vector>

#include "model/json_comments.hpp"
#include "model/networks.hpp"
#include "model/yaml_tree.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

std::string corpus(const std::string& name) { return source("tests/formats/jsonresume/" + name); }

// Lower case, one space for any run of blanks, straight quotes (the page
// sets 'x' as ‘x’).
std::string folded(std::string s) {
  for (const char* curly : {"\u2018", "\u2019"}) s = std::regex_replace(s, std::regex(curly), "'");
  for (const char* curly : {"\u201C", "\u201D"}) s = std::regex_replace(s, std::regex(curly), "\"");
  std::string out;
  bool space = false;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

struct Leaf {
  std::string path;  // basics.location.city, work[0].highlights[1]
  std::string key;   // the last key above it: city, highlights
  std::string value;
};

void leaves(const model::detail::YNode& node, const std::string& path, const std::string& key, std::vector<Leaf>& out) {
  if (node.is_scalar()) {
    out.push_back({path, key, node.text()});
    return;
  }
  for (std::size_t i = 0; i < node.children.size(); ++i) {
    const auto& child = node.children[i];
    if (node.is_map()) leaves(child, path.empty() ? child.key() : path + "." + child.key(), child.key(), out);
    else leaves(child, path + "[" + std::to_string(i) + "]", key, out);
  }
}

std::vector<Leaf> leaves_of(const std::string& file) {
  Diagnostics diags;
  std::string text = read_file(file);
  // The comments are not fields (their blanking is tested by itself below).
  std::string uncommented;
  if (model::detail::blank_json_comments(text, file, diags, uncommented)) text = uncommented;
  auto doc = model::detail::parse_yaml(text, file, diags);
  EXPECT_TRUE(doc) << file;
  std::vector<Leaf> out;
  if (doc) leaves(doc->root, "", "", out);
  return out;
}

const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

// What the page shows for a field's value, as its text reads.
std::string shown_as(const Leaf& leaf) {
  const std::string& v = leaf.value;
  if (leaf.key == "url" || leaf.key == "website") {
    std::string label = std::regex_replace(v, std::regex("^[a-zA-Z]+://"), "");
    while (!label.empty() && label.back() == '/') label.pop_back();
    return label;
  }
  if (leaf.key == "releaseDate") return v.substr(0, 4);  // a citation gives the year
  if (leaf.key == "startDate" || leaf.key == "endDate" || leaf.key == "date") {
    if (v.size() >= 7) return std::string(kMonths[std::stoi(v.substr(5, 2)) - 1]) + " " + v.substr(0, 4);
    return v;
  }
  // A network cvpdf knows is its icon, which reads as the network's name.
  if (leaf.key == "network")
    if (const model::Network* n = model::find_network(v)) return std::string(n->name);
  return v;
}

// Each string field: on the page, or a note "'<path>' is not shown" for it
// or for what holds it. Returns how many were on the page.
std::size_t expect_every_field_accounted(const std::string& file, const std::string& pdf, const std::string& check) {
  const std::string page = folded(pdf_text(pdf));
  const std::string links = pdf_objects(pdf);
  std::vector<std::string> not_shown;
  const std::regex note(R"(note: '([^']+)' is not shown)");
  for (auto it = std::sregex_iterator(check.begin(), check.end(), note); it != std::sregex_iterator(); ++it)
    not_shown.push_back((*it)[1]);
  std::size_t on_page = 0;
  for (const Leaf& leaf : leaves_of(file)) {
    if (folded(leaf.value).empty()) continue;
    // Settings, not texts: the photo, the PDF's language and the order are
    // tested by themselves below.
    if (leaf.key == "image" || leaf.path == "meta.language" || leaf.path.rfind("meta.sections", 0) == 0) continue;
    if (page.find(folded(shown_as(leaf))) != std::string::npos) {
      ++on_page;
      continue;
    }
    // An address behind a label (a profile's, a citation's title): a link.
    if ((leaf.key == "url" || leaf.key == "website") && links.find(shown_as(leaf)) != std::string::npos) continue;
    const bool listed = std::any_of(not_shown.begin(), not_shown.end(), [&](const std::string& p) {
      return leaf.path == p || leaf.path.rfind(p + ".", 0) == 0 || leaf.path.rfind(p + "[", 0) == 0;
    });
    EXPECT_TRUE(listed) << file << ": " << leaf.path << " = '" << leaf.value << "' is neither on the page nor "
                        << "listed as not shown\n" << check;
  }
  return on_page;
}

struct Rendered {
  Result render, check;
  std::string pdf;
};

Rendered render(const std::string& file) {
  Rendered r;
  r.pdf = temp_dir() + "/cv.pdf";
  r.render = run(cvpdf() + " '" + file + "' -o '" + r.pdf + "'");
  r.check = run(cvpdf() + " check '" + file + "'");
  return r;
}

TEST(JsonResumeCorpus, EveryFieldIsOnThePageOrListedAsNotShown) {
  for (const char* name :
       {"every-field.json", "official-example.json", "alphabetical.json", "username-only.json", "commented.json"}) {
    SCOPED_TRACE(name);
    Rendered r = render(corpus(name));
    ASSERT_EQ(r.render.status, 0) << r.render.err;
    ASSERT_EQ(r.check.status, 0) << r.check.err;
    EXPECT_GT(expect_every_field_accounted(corpus(name), r.pdf, r.check.err), 5u);
  }
}

TEST(JsonResumeCorpus, TheFieldsThatWereDroppedAreSet) {
  Rendered r = render(corpus("every-field.json"));
  ASSERT_EQ(r.render.status, 0) << r.render.err;
  EXPECT_EQ(r.render.err, "");  // the notes are check's; a render says nothing
  const std::string text = pdf_text(r.pdf);
  for (const char* needle : {
           "Quarry Maps Ltd Survey software maker",   // work description, beside the name
           "Geodesy · Expert datums, projections",    // skill level, beside the label
           "Journal of Map Engines, 2022. A study of tile pyramids.",  // publication summary, under it
           "Author, Maintainer · Fieldwright Labs",   // project entity, on the role line
           "Contour Kit library · Rust · WebGL",      // project type, first of the tags
           "Exeter, Devon, GB",                       // the country code too
           "WeChat: wxid_imogen01",                   // a network cvpdf does not know
           "REFEREES",                                // meta.sectionLabels
       }) {
    EXPECT_NE(text.find(needle), std::string::npos) << needle << "\n" << text;
  }
  // The photo, a local file that is there, is set; the PDF is in en-GB.
  const std::string objects = pdf_objects(r.pdf);
  EXPECT_NE(objects.find("/Subtype /Image"), std::string::npos);
  EXPECT_NE(objects.find("/Lang (en-GB)"), std::string::npos);
  // What has no place is listed, at the field.
  for (const char* note : {"every-field.json:12:7: note: 'basics.location.address' is not shown",
                           "every-field.json:13:7: note: 'basics.location.postalCode' is not shown",
                           "every-field.json:102:5: note: 'meta.canonical' is not shown",
                           "every-field.json:2:3: note: '$schema' is not shown"}) {
    EXPECT_NE(r.check.err.find(note), std::string::npos) << note << "\n" << r.check.err;
  }
}

TEST(JsonResumeCorpus, CheckSaysWhenTheThemeShowsNoPhoto) {
  Result none = run(cvpdf() + " check --theme engineering '" + corpus("every-field.json") + "'");
  ASSERT_EQ(none.status, 0) << none.err;
  EXPECT_NE(none.err.find("every-field.json:6:14: note: the photo is not shown"), std::string::npos) << none.err;
  Result shown = run(cvpdf() + " check --theme classic '" + corpus("every-field.json") + "'");
  EXPECT_EQ(shown.err.find("the photo is not shown"), std::string::npos) << shown.err;
}

std::vector<std::size_t> heading_positions(const std::string& text, const std::vector<std::string>& headings) {
  std::vector<std::size_t> at;
  for (const auto& h : headings) at.push_back(text.find(" " + h + " "));
  return at;
}

TEST(JsonResumeCorpus, SectionsFollowTheSchemasOrderNotTheKeys) {
  const std::vector<std::string> schema_order = {"EXPERIENCE", "VOLUNTEERING", "EDUCATION",  "AWARDS",
                                                 "PUBLICATIONS", "SKILLS",     "LANGUAGES",  "INTERESTS",
                                                 "REFERENCES",   "PROJECTS"};
  // A file with its keys sorted: awards first, work last.
  Rendered r = render(corpus("alphabetical.json"));
  ASSERT_EQ(r.render.status, 0) << r.render.err;
  const std::string text = pdf_text(r.pdf);
  auto at = heading_positions(text, schema_order);
  for (std::size_t i = 0; i < at.size(); ++i) ASSERT_NE(at[i], std::string::npos) << schema_order[i] << "\n" << text;
  EXPECT_TRUE(std::is_sorted(at.begin(), at.end())) << text;
}

TEST(JsonResumeCorpus, MetaSectionsChoosesAndOrders) {
  std::string dir = temp_dir();
  write_file(dir + "/r.json", R"({"basics": {"name": "Order Person"},
  "work": [{"name": "Acme Works", "position": "Dev"}],
  "education": [{"institution": "Order College"}],
  "projects": [{"name": "Left Out Project"}],
  "meta": {"sections": ["education", "work", "wrok"]}})");
  Result r = run(cvpdf() + " '" + dir + "/r.json' -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("r.json:5:46: warning: 'wrok' in 'meta.sections' is not a JSON Resume section"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("did you mean 'work'?"), std::string::npos) << r.err;
  const std::string text = pdf_text(dir + "/cv.pdf");
  ASSERT_NE(text.find("EDUCATION"), std::string::npos) << text;
  EXPECT_LT(text.find("EDUCATION"), text.find("EXPERIENCE")) << text;
  EXPECT_EQ(text.find("Left Out Project"), std::string::npos) << text;
  Result check = run(cvpdf() + " check '" + dir + "/r.json'");
  EXPECT_NE(check.err.find("r.json:4:3: note: 'projects' is not shown"), std::string::npos) << check.err;
}

TEST(JsonResumeCorpus, AnImageUrlIsAWarningAndThePdfIsWritten) {
  Rendered r = render(corpus("official-example.json"));
  ASSERT_EQ(r.render.status, 0) << r.render.err;
  EXPECT_NE(r.render.err.find("official-example.json:5:14: warning: 'basics.image' is an address on the web; cvpdf "
                              "fetches nothing: the photo is left out"),
            std::string::npos)
      << r.render.err;
  ASSERT_TRUE(exists(r.pdf));
  EXPECT_EQ(pdf_objects(r.pdf).find("/Subtype /Image"), std::string::npos);
  const std::string text = pdf_text(r.pdf);
  EXPECT_NE(text.find("Richard Hendriks"), std::string::npos);
  // A network cvpdf does not know keeps its name beside the username.
  EXPECT_NE(text.find("SoundCloud: dandymusicnl"), std::string::npos) << text;
}

TEST(JsonResumeCorpus, AMissingImageFileIsAWarningButCvpdfsPhotoStaysAnError) {
  std::string dir = temp_dir();
  write_file(dir + "/r.json", "{\"basics\": {\"name\": \"No Photo\",\n  \"image\": \"img/me.jpg\"}}");
  Result r = run(cvpdf() + " '" + dir + "/r.json' -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("r.json:2:12: warning: the image 'img/me.jpg' was not found"), std::string::npos) << r.err;
  EXPECT_TRUE(exists(dir + "/cv.pdf"));
  // cvpdf's own `photo:` is written for cvpdf: a missing file is an error at its value.
  write_file(dir + "/r.yaml", "person:\n  name: No Photo\n  photo: img/me.jpg\n");
  Result own = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/own.pdf'");
  EXPECT_EQ(own.status, 1) << own.err;
  EXPECT_NE(own.err.find("r.yaml:3:10: error: the photo 'img/me.jpg' was not found"), std::string::npos) << own.err;
  EXPECT_FALSE(exists(dir + "/own.pdf"));
}

TEST(JsonResumeCorpus, ProfilesWithOnlyAUsernameShowTheNetwork) {
  Rendered r = render(corpus("username-only.json"));
  ASSERT_EQ(r.render.status, 0) << r.render.err;
  EXPECT_EQ(r.render.err, "");
  const std::string text = pdf_text(r.pdf);
  for (const char* needle : {"WeChat: wenjing_li88", "QQ: 10293847", "GitHub: wenjingli"})
    EXPECT_NE(text.find(needle), std::string::npos) << needle << "\n" << text;
}

TEST(JsonResumeCorpus, CommentsAreReadPastWithAWarningAtTheFirst) {
  Rendered r = render(corpus("commented.json"));
  ASSERT_EQ(r.render.status, 0) << r.render.err;
  EXPECT_NE(r.render.err.find("commented.json:2:3: warning: comments are not allowed in JSON (this one and 3 more)"),
            std::string::npos)
      << r.render.err;
  EXPECT_EQ(r.render.err.find("is not closed"), std::string::npos) << r.render.err;
  const std::string text = pdf_text(r.pdf);
  for (const char* needle : {"Comment Carter", "carter.example.com/notes", "Inline Press", "2019 – Present"})
    EXPECT_NE(text.find(needle), std::string::npos) << needle << "\n" << text;

  std::string dir = temp_dir();
  // An unclosed /* is an error at the comment, and no PDF.
  write_file(dir + "/open.json", "{\"basics\": {\"name\": \"X\"}\n  /* never closed\n}");
  Result open = run(cvpdf() + " '" + dir + "/open.json' -o '" + dir + "/open.pdf'");
  EXPECT_EQ(open.status, 1);
  EXPECT_NE(open.err.find("open.json:2:3: error: a '/*' comment is not closed; comments are not allowed in JSON"),
            std::string::npos)
      << open.err;
  EXPECT_FALSE(exists(dir + "/open.pdf"));
  // Flow YAML is no JSON: a '//' inside its plain texts is text.
  write_file(dir + "/flow.yaml", "{basics: {name: Flow Person, summary: either // or, url: http://flow.example}}");
  Result flow = run(cvpdf() + " '" + dir + "/flow.yaml' -o '" + dir + "/flow.txt'");
  ASSERT_EQ(flow.status, 0) << flow.err;
  EXPECT_EQ(flow.err, "");
  EXPECT_NE(read_file(dir + "/flow.txt").find("either // or"), std::string::npos) << read_file(dir + "/flow.txt");
}

// JSON Resume files in Chinese, Japanese, Korean, French and German that
// declare no language (tests/formats/languages/): each is set in the
// language its text is in — that language's headings and dates — with every
// string field on the page.
TEST(JsonResumeLanguages, AFileThatDeclaresNoLanguageIsSetInItsOwn) {
  struct Case {
    const char* file;
    const char* language;
    std::vector<std::string> words;  // headings and dates the language sets
  };
  const std::vector<Case> cases = {
      {"zh.json", "zh-Hans", {"工作经历", "教育背景", "专业技能", "2020.03 – 至今", "2013.09 – 2016.06"}},
      {"ja.json", "ja", {"職歴", "学歴", "スキル", "2018年4月 – 現在"}},
      {"ko.json", "ko", {"경력", "학력", "기술", "2019.07 – 현재"}},
      {"fr.json", "fr", {"EXPÉRIENCE", "FORMATION", "COMPÉTENCES", "mars 2020 – aujourd’hui"}},
      {"de.json", "de", {"BERUFSERFAHRUNG", "AUSBILDUNG", "KENNTNISSE", "März 2020 – heute"}},
  };
  for (const auto& c : cases) {
    const std::string file = source(std::string("tests/formats/languages/") + c.file);
    const std::string pdf = temp_dir() + "/cv.pdf";
    const Result r = run(cvpdf() + " -v '" + file + "' -o '" + pdf + "'");
    ASSERT_EQ(r.status, 0) << c.file << ": " << r.err;
    EXPECT_NE(r.err.find(std::string("language: ") + c.language + " (detected from the text)"), std::string::npos)
        << c.file << ": " << r.err;
    const std::string text = pdf_text(pdf);
    for (const auto& word : c.words) EXPECT_NE(text.find(word), std::string::npos) << c.file << ": " << word << " in " << text;
    const std::string page = folded(text);
    for (const Leaf& leaf : leaves_of(file)) {
      if (leaf.key == "startDate" || leaf.key == "endDate") continue;  // the words above
      const std::string shown = folded(shown_as(leaf));
      EXPECT_NE(page.find(shown), std::string::npos) << c.file << ": " << leaf.path << " = '" << leaf.value << "'";
    }
    EXPECT_NE(pdf_objects(pdf).find(std::string("/Lang (") + c.language + ")"), std::string::npos) << c.file;
  }
}

}  // namespace
}  // namespace cvpdf::test
