// Pairs never collide (issue 11, item 3): wherever two parts share a line —
// org and date, role and location, a pair's label and text, a
// publication's number and citation, title and tags, the name and the
// contacts beside it, metric cells — no two glyph runs overprint, in every
// built-in theme, en and zh, on an A4 page and on a narrow one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "compose/composer.hpp"
#include "theme_layers.hpp"

namespace cvpdf::compose {
namespace {

// Long parts beside each other everywhere; no single word wider than the
// narrowest column (a word that is is the line breaker's to break, not the
// pairs' to place).
const char* const kHostile = R"(languages: [en, zh]
person:
  name: {en: "Maximiliane Konstantinopoulou-Wolfeschlegelsteinhausen", zh: "欧阳娜娜娜娜"}
  headline: {en: "Principal Distributed Systems Performance Engineer and Researcher", zh: "首席分布式系统性能工程师与研究员"}
  email: max.konstantin@uni-example.org
  phone: "+49 170 1234 5678 9012"
  location: {en: "Garmisch-Partenkirchen, Upper Bavaria, Germany", zh: "德国上巴伐利亚加尔米施-帕滕基兴"}
  links:
    - label: github.com/maximiliane-konstantinopoulou
      url: https://github.com/maximiliane-konstantinopoulou
  metrics:
    - value: 6×
      label: {en: "faster distributed training throughput than the baseline", zh: "分布式训练吞吐量相对基线提升"}
    - value: 40%
      label: {en: "less memory on the largest mixture-of-experts models", zh: "最大混合专家模型内存减少"}
    - value: {en: "12 papers", zh: "12 篇论文"}
      label: HPCC · DATE · SC · PPoPP · ASPLOS
sections:
  - title: {en: "Experience in Very Large Scale Distributed Systems Engineering", zh: "超大规模分布式系统工程经历"}
    entries:
      - org: {en: "Internationale Forschungsgemeinschaft für Hochleistungsrechnen und Verteilte Systeme", zh: "国际高性能计算与分布式系统研究联合会北京分部"}
        role: {en: "Senior Principal Staff Distributed Systems Performance Engineer", zh: "高级首席分布式系统性能工程师兼技术负责人"}
        location: {en: "Garmisch-Partenkirchen, Upper Bavaria, Federal Republic of Germany", zh: "德意志联邦共和国上巴伐利亚加尔米施-帕滕基兴"}
        start: 2019-09
        end: present
        tags: [In development, Open source, Production since 2021]
        bullets:
          - {en: "Cut the all-reduce time of the largest training jobs by a third.", zh: "将最大训练任务的全归约时间缩短三分之一。"}
      - org: {en: "Acme", zh: "甲公司"}
        role: {en: "Engineer", zh: "工程师"}
        location: {en: "Lake Chargoggagoggmanchauggagoggchaubunagungamaugg Massachusetts", zh: "马萨诸塞州查戈加戈格曼乔加戈格乔布纳贡加毛格湖"}
        start: 2016-09
        end: 2018-06
  - title: {en: "Skills", zh: "技能"}
    entries:
      - label: {en: "Programming languages and parallel runtimes", zh: "编程语言与并行运行时系统"}
        text: {en: "C++, Rust, CUDA, OpenMP, MPI, Python", zh: "C++、Rust、CUDA、OpenMP、MPI、Python"}
      - label: "0x7FFFFFFFFFFFFFFF"
        text: "The largest signed 64-bit integer, as every label column shows a word it cannot break"
      - label: {en: "Interconnects", zh: "互连"}
        text: {en: "InfiniBand, RoCE, HCCS, NVLink", zh: "InfiniBand、RoCE、HCCS、NVLink"}
  - title: "0x7FFFFFFFFFFFFFFF0x7FFFFFFFFFFFFFFF0x7FFF"
    text: A heading that cannot break, beside its rule.
  - title: {en: "Publications", zh: "论文"}
    entries:
      - title: {en: "A very long title about scheduling collective communication on heterogeneous clusters", zh: "异构集群上集合通信调度的一个很长的标题"}
        authors: M. Konstantinopoulou, A. Example, B. Example
        me: M. Konstantinopoulou
        venue: HPCC
        year: "2024"
)";

const Scaled kTolerance = pt(0.3);

std::string text_of(const frame::GlyphRun& run) {
  std::string out;
  for (const auto& g : run.glyphs) out += g.text;
  return out;
}

// A run's ink box, near enough: from its x to its last non-space glyph's
// end, from the capitals' height down to the baseline. Two lines of text
// never share it; two parts overprinting on a line always do.
struct Ink {
  Scaled left, right, top, bottom;
  std::string text;
};

std::vector<Ink> inks(const frame::Page& page) {
  std::vector<Ink> out;
  const auto& elements = page.elements;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const auto* run = std::get_if<frame::GlyphRun>(&elements[i]);
    if (!run || run->glyphs.empty()) continue;
    Scaled right = run->x + run->width();
    for (auto g = run->glyphs.rbegin(); g != run->glyphs.rend() && (g->text == " " || g->text == "\u3000"); ++g)
      right -= std::max<Scaled>(0, g->advance);
    // A run the next one sets back (a negative advance where the line's
    // glue ends a letter-spaced run) ends where that one does.
    if (i + 1 < elements.size())
      if (const auto* next = std::get_if<frame::GlyphRun>(&elements[i + 1]);
          next && next->y == run->y && next->width() < 0 && std::abs(next->x - (run->x + run->width())) <= kTolerance)
        right += next->width();
    if (right <= run->x) continue;  // spaces only
    const Scaled cap = static_cast<Scaled>(kCapHeightEm * static_cast<double>(run->size));
    out.push_back({run->x, right, run->y - cap, run->y, text_of(*run)});
  }
  return out;
}

// The rules drawn beside or under text (heading rules and bars, metric
// bars) and the photo; a sidebar's background, as tall as the page, is
// behind everything.
std::vector<Ink> rules(const frame::Page& page) {
  std::vector<Ink> out;
  for (const auto& e : page.elements)
    if (const auto* image = std::get_if<frame::Image>(&e))
      out.push_back({image->x, image->x + image->width, image->y, image->y + image->height, "photo"});
  for (const auto& e : page.elements)
    if (const auto* rule = std::get_if<frame::Rule>(&e); rule && rule->height < pt(100)) {
      // A negative width paints to the left of x (PDF's re operator).
      const Scaled left = std::min(rule->x, rule->x + rule->width), right = std::max(rule->x, rule->x + rule->width);
      out.push_back({left, right, rule->y, rule->y + rule->height, "rule"});
    }
  return out;
}

std::string where(const Ink& ink) {
  auto at = [](Scaled v) { return std::to_string(static_cast<int>(std::lround(to_pt(v)))); };
  return "[" + at(ink.left) + "–" + at(ink.right) + " × " + at(ink.top) + "–" + at(ink.bottom) + " pt]";
}

// Every pair of runs on a page that overprint, and every rule over a run, described.
std::vector<std::string> collisions(const frame::Document& doc) {
  std::vector<std::string> found;
  for (std::size_t p = 0; p < doc.pages.size(); ++p) {
    const auto ink = inks(doc.pages[p]);
    for (std::size_t i = 0; i < ink.size(); ++i)
      for (std::size_t j = i + 1; j < ink.size(); ++j) {
        const Ink& a = ink[i];
        const Ink& b = ink[j];
        const bool across = a.left < b.right - kTolerance && b.left < a.right - kTolerance;
        const bool down = a.top < b.bottom - kTolerance && b.top < a.bottom - kTolerance;
        if (across && down)
          found.push_back("page " + std::to_string(p + 1) + ": '" + a.text + "' " + where(a) + " over '" + b.text +
                          "' " + where(b));
      }
    for (const Ink& rule : rules(doc.pages[p]))
      for (const Ink& a : ink) {
        const bool across = a.left < rule.right - kTolerance && rule.left < a.right - kTolerance;
        const bool down = a.top < rule.bottom - kTolerance && rule.top < a.bottom - kTolerance;
        if (across && down)
          found.push_back("page " + std::to_string(p + 1) + ": a " + rule.text + " " + where(rule) + " over '" + a.text +
                          "' " + where(a));
      }
  }
  return found;
}

model::StyleValue scalar(const std::string& value) {
  model::StyleValue v;
  v.scalar = value;
  return v;
}

struct Setting {
  std::string name;
  model::StyleMap keys;
};

std::vector<Setting> settings() {
  const model::StyleMap narrow = {{"page.size", scalar("4in 11in")},
                                  {"page.margin.left", scalar("8mm")},
                                  {"page.margin.right", scalar("8mm")}};
  model::StyleMap split = {{"header.align", scalar("split")}};
  model::StyleMap wide_labels = {{"pairs.label-column-max", scalar("0.8")}};
  model::StyleMap thin_labels = {{"pairs.label-column-max", scalar("0.1")}};
  model::StyleMap narrow_split = narrow;
  narrow_split.insert(split.begin(), split.end());
  return {{"a4", {}},
          {"narrow", narrow},
          {"split header", split},
          {"narrow split header", narrow_split},
          {"label column 0.8", wide_labels},
          {"label column 0.1", thin_labels}};
}

// The hostile résumé with a photo (beside the name, or in the sidebar).
std::string with_photo() {
  std::string yaml = kHostile;
  const std::string person = "person:\n";
  yaml.insert(yaml.find(person) + person.size(),
              std::string("  photo: \"") + CVPDF_SOURCE_DIR + "/tests/fuzz/corpus/photos/rgba.png\"\n");
  return yaml;
}

TEST(PairsCollide, NoTwoRunsOverprintInAnyThemeOrMeasure) {
  for (const auto& theme : builtin_layouts()) {
    for (const auto& setting : settings()) {
      for (const std::string language : {"en", "zh"}) {
        for (const bool photo : {false, true}) {
        SCOPED_TRACE(std::string(theme.name) + ", " + setting.name + ", " + language + (photo ? ", photo" : ""));
        ThemeComposed c = compose_in_theme(photo ? with_photo() : std::string(kHostile), theme, language, setting.keys);
        ASSERT_FALSE(c.doc.pages.empty());
        const auto found = collisions(c.doc);
        std::string list;
        for (const auto& f : found) list += "\n  " + f;
        EXPECT_TRUE(found.empty()) << found.size() << " collisions:" << list;
        if (photo && c.style.header_photo != theme::HeaderPhoto::None) {
          const auto& first = c.doc.pages.front().elements;
          EXPECT_TRUE(std::any_of(first.begin(), first.end(),
                                  [](const frame::Element& e) { return std::holds_alternative<frame::Image>(e); }));
        }
        }
      }
    }
  }
}

// A contact that cannot break in the room the photo leaves beside the
// name (but fits the column: ICU breaks neither before a digit after a
// hyphen nor in an address): the photo goes above, never over it. (In the
// sidebar theme the contacts are in the sidebar, where such a word would
// not fit at all: that is the line breaker's case, not this one.)
TEST(PairsCollide, AContactThatCannotBreakBesideThePhoto) {
  std::string yaml = with_photo();
  // A short name and headline: the contacts come up level with the photo.
  const std::size_t name = yaml.find("  name: "), headline_end = yaml.find('\n', yaml.find("  headline: "));
  yaml.replace(name, headline_end - name, "  name: Ada\n  headline: Engineer");
  const std::size_t email = yaml.find("  email: "), email_end = yaml.find('\n', email);
  yaml.replace(email, email_end - email,
               "  email: orcid-0000-0002-1825-0097-0000-0002-1825-0097-0000-0002-1825-0097-0000@example.org");
  for (const auto& theme : builtin_layouts()) {
    if (theme.name == "sidebar") continue;
    for (const std::string language : {"en", "zh"}) {
      SCOPED_TRACE(std::string(theme.name) + ", " + language);
      ThemeComposed c = compose_in_theme(yaml, theme, language);
      const auto found = collisions(c.doc);
      EXPECT_TRUE(found.empty()) << found.size() << " collisions, the first: " << (found.empty() ? "" : found.front());
    }
  }
}

// The baselines the metric values stand on (their texts are the résumé's).
std::vector<Scaled> metric_baselines(const frame::Document& doc) {
  std::vector<Scaled> out;
  for (const auto& e : doc.pages.front().elements)
    if (const auto* run = std::get_if<frame::GlyphRun>(&e)) {
      const std::string t = text_of(*run);
      // "12 篇论文" is two runs (Latin and CJK faces): its first one counts.
      if (t == "6×" || t == "40%" || t.rfind("12 ", 0) == 0 || t == "12") out.push_back(run->y);
    }
  return out;
}

const BuiltinLayout& theme_named(const std::string& name) {
  for (const auto& l : builtin_layouts())
    if (l.name == name) return l;
  ADD_FAILURE() << "no built-in theme " << name;
  return builtin_layouts().front();
}

// Metric cells side by side where each keeps 8 ems of its label size; in
// a narrow main column (the sidebar theme on a 4in page) one a row.
TEST(PairsCollide, MetricsStackInANarrowColumn) {
  const model::StyleMap narrow = {{"page.size", scalar("4in 11in")},
                                  {"page.margin.left", scalar("8mm")},
                                  {"page.margin.right", scalar("8mm")}};
  for (const std::string language : {"en", "zh"}) {
    SCOPED_TRACE(language);
    ThemeComposed wide = compose_in_theme(kHostile, theme_named("classic"), language);
    auto row = metric_baselines(wide.doc);
    ASSERT_EQ(row.size(), 3u);
    EXPECT_EQ(row[0], row[1]);
    EXPECT_EQ(row[1], row[2]);
    ThemeComposed thin = compose_in_theme(kHostile, theme_named("sidebar"), language, narrow);
    auto stacked = metric_baselines(thin.doc);
    ASSERT_EQ(stacked.size(), 3u);
    EXPECT_LT(stacked[0], stacked[1]);
    EXPECT_LT(stacked[1], stacked[2]);
  }
}

// The test's own measure: it sees an overprint where there is one.
TEST(PairsCollide, TheCheckSeesAnOverprint) {
  frame::Document doc;
  doc.pages.emplace_back();
  frame::GlyphRun a;
  a.size = pt(10);
  a.x = 0;
  a.y = pt(100);
  a.glyphs.push_back({});
  a.glyphs.back().advance = pt(30);
  a.glyphs.back().text = "A";
  frame::GlyphRun b = a;
  b.x = pt(20);
  b.glyphs.back().text = "B";
  doc.pages[0].elements.emplace_back(a);
  doc.pages[0].elements.emplace_back(b);
  EXPECT_EQ(collisions(doc).size(), 1u);
  std::get<frame::GlyphRun>(doc.pages[0].elements[1]).x = pt(31);
  EXPECT_TRUE(collisions(doc).empty());
}

}  // namespace
}  // namespace cvpdf::compose
