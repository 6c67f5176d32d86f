// The text-layer check shared by the text-layer tests (text_layer_test.cpp,
// three_readers_test.cpp): a résumé variant rendered once, read back by a
// reader (pdftotext, `mutool draw -F txt`, pdf.js), and held to the text
// the loaded model says the variant shows. The expectation comes from the
// model, not from the layout: every value the variant shows appears as one
// contiguous run of words (a hyphenated word whole, no space the source
// lacks at a Han–Latin join), within an entry in the model's order, and
// the rest of the extraction holds only words of the résumé's values or
// the theme's own few (kThemeWords, digits, marks).
//
// The normalisation applied to every reader's text before the comparison:
// white space runs become one space (a line or page end a line-end mark,
// which matches a space of the value, or, beside CJK text, a space or
// nothing); a soft hyphen (U+00AD) and the white space after it are
// dropped (the PDF Reference 1.7, 10.7: the word continues on the next
// line); a line end right after a hyphen-minus is dropped ("large-\nmodel"
// is the word "large-model"); curly quotes read as straight ones and ASCII
// letters as lower case.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "compose/inline_markup.hpp"
#include "core/diagnostics.hpp"
#include "core/utf8.hpp"
#include "model/link_policy.hpp"
#include "model/loader.hpp"
#include "model/visible_content.hpp"
#include "run.hpp"
#include "text_layer_check.hpp"

namespace cvpdf::test {
namespace {

// A line end next to CJK text: the source may have a space there or not
// (a Chinese line breaks between two characters of a word), so it matches
// either.
constexpr char32_t kSoft = 1;
// Any other line end: a space of the value.
constexpr char32_t kLine = 2;
bool is_gap(char32_t c) { return c == ' ' || c == kSoft || c == kLine; }

bool is_cjk(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF);
}
bool is_alnum(char32_t c) { return (c < 0x80 && std::isalnum(static_cast<int>(c))) || (c >= 0xC0 && c < 0x2000); }
bool is_space(char32_t c) { return c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r' || c == 0xA0; }

// Curly quotes as straight ones and ASCII case folded: the typography pass
// and the themes' capitalised headings are the layout's, not the words.
char32_t fold(char32_t c) {
  if (c == 0x2018 || c == 0x2019) return '\'';
  if (c == 0x201C || c == 0x201D) return '"';
  if (c < 0x80) return static_cast<char32_t>(std::tolower(static_cast<int>(c)));
  return c;
}

std::vector<char32_t> decode(const std::string& s) {
  std::vector<char32_t> out;
  for (std::size_t pos = 0; pos < s.size();) out.push_back(utf8::decode(s, pos));
  return out;
}

std::string encode(const std::vector<char32_t>& s, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to && i < s.size(); ++i) out += is_gap(s[i]) ? std::string(" ") : utf8::encode(s[i]);
  return out;
}

// A value as one line of folded characters with single spaces.
std::vector<char32_t> normalised_value(const std::string& text) {
  std::vector<char32_t> out;
  for (char32_t c : decode(text)) {
    if (is_space(c)) {
      if (!out.empty() && out.back() != ' ') out.push_back(' ');
    } else {
      out.push_back(fold(c));
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// A reader's output folded (the file comment's normalisation): white
// space within a line one space, a line or page end kLine, or kSoft beside
// CJK text; a soft hyphen and the white space after it gone, and a line
// end after a hyphen-minus.
std::vector<char32_t> normalised_extraction(const std::string& text) {
  std::vector<char32_t> in = decode(text), out;
  for (std::size_t i = 0; i < in.size();) {
    if (in[i] == 0xAD) {
      for (++i; i < in.size() && is_space(in[i]);) ++i;
      continue;
    }
    if (!is_space(in[i])) {
      out.push_back(fold(in[i++]));
      continue;
    }
    bool line_end = false;
    std::size_t j = i;
    for (; j < in.size() && is_space(in[j]); ++j) line_end = line_end || in[j] == '\n' || in[j] == '\f';
    const bool cjk = (!out.empty() && is_cjk(out.back())) || (j < in.size() && is_cjk(in[j]));
    const bool after_hyphen = line_end && !out.empty() && out.back() == '-';
    if (!out.empty() && j < in.size() && !after_hyphen) out.push_back(!line_end ? ' ' : cjk ? kSoft : kLine);
    i = j;
  }
  return out;
}

// The words of `text`: split at white space and at punctuation (so
// "页，共" is two words and "Email:" is "email").
std::vector<std::string> words_of(const std::vector<char32_t>& text, std::size_t from, std::size_t to) {
  std::vector<std::string> out;
  std::string word;
  for (std::size_t i = from; i <= to && i <= text.size(); ++i) {
    const char32_t c = i < to && i < text.size() ? text[i] : U' ';
    const bool letter = is_alnum(c) || (is_cjk(c) && !(c >= 0x3000 && c <= 0x303F) && !(c >= 0xFF00 && c <= 0xFF0F) &&
                                        !(c >= 0xFF1A && c <= 0xFF20));
    if (letter) {
      word += utf8::encode(c);
    } else if (!word.empty()) {
      out.push_back(word);
      word.clear();
    }
  }
  return out;
}

// The words of a date a theme sets (kDateWords, digits), which may sit
// flush right on a line of a value ("… a 2017 – Present\nterm project").
const std::set<std::string> kDateWords = {
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "present",
    "至今", "現在", "현재", "年", "月"};

bool date_word(const std::string& w) {
  if (kDateWords.count(w)) return true;
  // "2021年4月": digits and date words run together.
  std::string rest = w;
  for (const char* unit : {"年", "月"})
    for (std::size_t at; (at = rest.find(unit)) != std::string::npos;) rest.erase(at, std::strlen(unit));
  return !rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Where `value` matches the extraction at `at`, else npos: the end. A
// space of the value matches a space or a line end; a line end beside CJK
// text matches a space or nothing; a date flush right at the end of one of
// the value's lines is stepped over.
std::size_t match_from(const std::vector<char32_t>& e, std::size_t j, const std::vector<char32_t>& v, std::size_t i) {
  while (i < v.size()) {
    if (j >= e.size()) return std::string::npos;
    if (e[j] == ' ') {
      // A date set flush right: the rest of this line is its words.
      std::size_t line_end = j + 1;
      while (line_end < e.size() && e[line_end] != kLine && e[line_end] != kSoft) ++line_end;
      const auto rest = words_of(e, j + 1, line_end);
      if (line_end < e.size() && !rest.empty() && std::all_of(rest.begin(), rest.end(), date_word)) {
        const std::size_t skipped =
            match_from(e, line_end + 1, v, v[i] == ' ' ? i + 1 : (e[line_end] == kSoft ? i : v.size() + 1));
        if (skipped != std::string::npos) return skipped;
      }
    }
    if (e[j] == kSoft) {
      if (v[i] == ' ') ++i;
      ++j;
      continue;
    }
    if (v[i] == ' ' ? (e[j] != ' ' && e[j] != kLine) : v[i] != e[j]) return std::string::npos;
    ++i;
    ++j;
  }
  return i == v.size() ? j : std::string::npos;
}

std::size_t match_at(const std::vector<char32_t>& e, std::size_t at, const std::vector<char32_t>& v) {
  if (v.empty() || at >= e.size() || is_gap(e[at])) return std::string::npos;
  // Whole words: a value starting or ending with a letter or digit does
  // not match inside a longer word.
  if (is_alnum(v.front()) && at > 0 && is_alnum(e[at - 1])) return std::string::npos;
  const std::size_t j = match_from(e, at, v, 0);
  if (j == std::string::npos || (is_alnum(v.back()) && j < e.size() && is_alnum(e[j]))) return std::string::npos;
  return j;
}

// The words a theme sets of its own, besides dates (kDateWords) and
// digits: the page footer, the contact icons read as their names (the
// built-in themes' words.<lang>), a publication's "doi:".
const std::set<std::string> kThemeWords = {
    "page", "of", "第", "页", "共", "ページ",                       // footers
    "email", "phone", "location", "website",                        // en
    "邮箱", "电话", "地址", "网站",                                 // zh
    "メール", "電話", "所在地", "ウェブサイト",                     // ja
    "이메일", "전화", "위치", "웹사이트",                           // ko
    "doi"};


// What the model says the variant shows: per block (the header, a heading,
// an entry), stages in order, a stage's values in any order (an entry's
// head sets its organisation, role, location and tags on one or two lines
// in an order each theme picks), all of them before the next stage's; and
// loose values, anywhere after the block's first value (an entry's links
// stand beside its head in one theme and under its text in another; the
// contacts of a sidebar theme).
using Stage = std::vector<std::string>;
struct Block {
  std::vector<Stage> stages;
  Stage loose;
  bool loose_anywhere = false;  // the header's contacts: a sidebar comes first
};

struct Expected {
  std::vector<Block> blocks;
  std::set<std::string> words;  // every word of every value, folded (words_of)
};

Expected expected_text(const model::Resume& r, const std::string& lang) {
  const std::string& fallback = r.languages.front();
  // A value as the PDF sets it: markup read, the language's quotes and en
  // dashes (what every résumé text is set with, compose/inline_markup.hpp).
  auto text = [&](const model::Localized& l) {
    auto runs = compose::markup::parse(model::visible_text(l, lang, fallback)).runs;
    compose::markup::apply_typography(runs, lang, false);
    return compose::markup::plain_text(runs);
  };
  Expected out;
  auto allow = [&](const std::string& value) {
    for (auto& w : words_of(normalised_value(value), 0, std::string::npos)) out.words.insert(std::move(w));
  };
  auto add = [&](Stage& stage, const std::string& value) {
    if (model::blank(value)) return;
    stage.push_back(value);
    allow(value);
  };
  // `entry`: an entry's link made from its address alone shows less of it
  // (model::shown_address); a contact's shows the address.
  auto add_link = [&](const model::Link& l, Stage& stage, bool entry) {
    std::string label = entry && l.label_is_address ? model::shown_address(l.url) : text(l.label);
    add(stage, label.empty() ? l.url : label);
    allow(l.network);  // its icon reads as the network's name
    allow(l.url);
  };
  const auto& p = r.person;
  Block header;
  header.stages.resize(3);
  add(header.stages[0], text(p.name));
  add(header.stages[1], text(p.headline));
  add(header.stages[2], text(p.summary));
  add(header.loose, p.email);
  add(header.loose, p.phone);
  add(header.loose, text(p.location));
  for (const auto& l : p.links) add_link(l, header.loose, false);
  header.loose_anywhere = true;
  out.blocks.push_back(header);
  // A block of one stage.
  auto single = [&](std::initializer_list<std::string> values) {
    Block b;
    b.stages.resize(1);
    for (const std::string& v : values) add(b.stages[0], v);
    out.blocks.push_back(std::move(b));
  };
  for (const auto& m : p.metrics) single({text(m.value), text(m.label)});
  for (const auto& section : r.sections) {
    if (!model::section_has_content(section, lang, fallback)) continue;
    single({text(section.title)});
    for (const auto& e : section.entries) {
      if (!model::entry_has_content(e, lang, fallback)) continue;
      Block b;
      b.stages.resize(1);
      if (const auto* item = e.as<model::ItemEntry>()) {
        add(b.stages[0], text(item->org));
        add(b.stages[0], text(item->role));
        add(b.stages[0], text(item->location));
        for (const auto& t : item->tags) add(b.stages[0], text(t));
        for (const auto& l : item->links) add_link(l, b.loose, true);
        b.stages.emplace_back();
        add(b.stages.back(), text(item->text));
        for (const auto& bullet : item->bullets) {
          b.stages.emplace_back();
          add(b.stages.back(), text(bullet.text));
          for (const auto& sub : bullet.sub_bullets) {
            b.stages.emplace_back();
            add(b.stages.back(), text(sub));
          }
        }
      } else if (const auto* pair = e.as<model::PairEntry>()) {
        add(b.stages[0], text(pair->label));
        add(b.stages[0], text(pair->text));
      } else if (const auto* publication = e.as<model::PublicationEntry>()) {
        add(b.stages[0], text(publication->authors));
        add(b.stages[0], text(publication->title));
        add(b.stages[0], text(publication->venue));
        // A theme shows the DOI or makes the title its link (citation.hpp).
        allow(publication->doi);
        allow(publication->year);
      } else if (const auto* paragraph = e.as<model::ParagraphEntry>()) {
        add(b.stages[0], text(paragraph->text));
      } else if (const auto* numbered = e.as<model::NumberedEntry>()) {
        add(b.stages[0], text(numbered->text));  // its number: digits, the theme's
      }
      out.blocks.push_back(b);
    }
    for (const auto& bullet : section.bullets) {
      single({text(bullet.text)});
      for (const auto& sub : bullet.sub_bullets) single({text(sub)});
    }
    single({text(section.text)});
  }
  return out;
}

struct Rendered {
  std::string pdf;
  model::Resume resume;
  bool ok = false;
};

// One render per variant, shared by the readers and the checks.
const Rendered& rendered(const Variant& v) {
  static std::map<std::string, Rendered> cache;
  auto it = cache.find(v.name());
  if (it != cache.end()) return it->second;
  Rendered& x = cache[v.name()];
  static const std::string dir = temp_dir();
  x.pdf = dir + "/" + std::to_string(cache.size()) + ".pdf";
  const std::string theme = v.theme.empty() ? "" : " --theme " + v.theme;
  // As the theme sets it: a short last page saved by a tighter setting
  // (fit.short-page) can make poppler read a flush-right date column after
  // its entry (examples/jsonresume.json at setting 0.67) — a fitted
  // layout's reading order is not yet what this test holds it to.
  Result r = run(cvpdf() + " '" + source(v.file) + "' --lang " + v.lang + theme + " --set fit.short-page=0 -o '" +
                 x.pdf + "'");
  EXPECT_EQ(r.status, 0) << v.name() << ": " << r.err;
  Diagnostics diags;
  const std::string path = source(v.file);
  auto resume = model::load_resume(read_file(path), path, path.substr(0, path.rfind('/')), diags);
  EXPECT_TRUE(resume.has_value()) << v.name();
  if (resume) x.resume = std::move(*resume);
  x.ok = r.status == 0 && resume.has_value();
  return x;
}

}  // namespace

const char* reader_name(Reader reader) {
  switch (reader) {
    case Reader::Poppler:
      return "pdftotext";
    case Reader::Mupdf:
      return "mutool";
    case Reader::Pdfjs:
      return "pdf.js";
  }
  return "?";
}

std::string pdfjs_script() { return source("tests/readers/pdfjs_text.mjs"); }

bool pdfjs_installed() { return exists(source("tests/readers/node_modules/pdfjs-dist/package.json")); }

std::string reader_text(const std::string& pdf, Reader reader) {
  std::string command;
  switch (reader) {
    case Reader::Poppler:
      command = "pdftotext -enc UTF-8 '" + pdf + "' -";
      break;
    case Reader::Mupdf:
      command = "mutool draw -F txt -o - '" + pdf + "'";
      break;
    case Reader::Pdfjs:
      command = "node '" + pdfjs_script() + "' '" + pdf + "'";
      break;
  }
  Result t = run(command);
  EXPECT_EQ(t.status, 0) << reader_name(reader) << " on " << pdf << ": " << t.err;
  return t.status == 0 ? t.out : std::string();
}

namespace {

struct Extracted {
  std::string raw;  // the reader's output
  const model::Resume* resume = nullptr;
  bool ok = false;
};

// One extraction per variant and reader.
const Extracted& extracted(const Variant& v, Reader reader) {
  static std::map<std::pair<std::string, Reader>, Extracted> cache;
  auto it = cache.find({v.name(), reader});
  if (it != cache.end()) return it->second;
  Extracted& x = cache[{v.name(), reader}];
  const Rendered& r = rendered(v);
  if (!r.ok) return x;
  x.raw = reader_text(r.pdf, reader);
  x.resume = &r.resume;
  x.ok = !x.raw.empty();
  return x;
}

}  // namespace

std::string folded_text(const Variant& v, Reader reader) {
  const Extracted& x = extracted(v, reader);
  const std::vector<char32_t> e = normalised_extraction(x.raw);
  return encode(e, 0, e.size());
}

std::string text_layer_problems(const Variant& v, Reader reader) {
  const Extracted& x = extracted(v, reader);
  if (!x.ok) return "not rendered or not read";
  std::ostringstream bad;
  // poppler reads a divided word's /ActualText, which holds no soft hyphen.
  if (reader == Reader::Poppler && x.raw.find("\u00AD") != std::string::npos) bad << "a soft hyphen in the text\n";
  {
    std::istringstream lines(x.raw);
    for (std::string line; std::getline(lines, line);)
      if (line.find("  ") != std::string::npos) bad << "a double space in \"" << line << "\"\n";
  }
  const std::vector<char32_t> e = normalised_extraction(x.raw);
  std::vector<bool> used(e.size(), false);
  auto find = [&](const std::vector<char32_t>& value, std::size_t from, std::size_t& end) {
    for (std::size_t at = from; at < e.size(); ++at) {
      if (used[at]) continue;
      const std::size_t to = match_at(e, at, value);
      if (to == std::string::npos) continue;
      bool free = true;
      for (std::size_t k = at; k < to && free; ++k) free = !used[k];
      if (!free) continue;
      end = to;
      return at;
    }
    return static_cast<std::size_t>(std::string::npos);
  };
  const Expected want = expected_text(*x.resume, v.lang);
  auto place = [&](const std::string& value, std::size_t from, std::size_t& end) {
    const std::vector<char32_t> norm = normalised_value(value);
    const std::size_t at = find(norm, from, end);
    if (at == std::string::npos) {
      std::size_t ignored = 0;
      bad << (find(norm, 0, ignored) == std::string::npos ? "missing or not whole: \"" : "out of order: \"") << value
          << "\"\n";
      return false;
    }
    for (std::size_t k = at; k < end; ++k) used[k] = true;
    return true;
  };
  for (const Block& block : want.blocks) {
    // The block's first value may be anywhere; the rest follow it.
    std::size_t cursor = 0, start = std::string::npos;
    for (const Stage& stage : block.stages) {
      std::size_t stage_end = cursor;
      for (const std::string& value : stage) {
        std::size_t end = 0;
        if (!place(value, cursor, end)) continue;
        if (start == std::string::npos) start = end;
        stage_end = std::max(stage_end, end);
      }
      cursor = stage_end;
    }
    for (const std::string& value : block.loose) {
      std::size_t end = 0;
      place(value, start == std::string::npos || block.loose_anywhere ? 0 : start, end);
    }
  }
  // What no value accounts for: the theme's words only.
  std::vector<char32_t> rest;
  for (std::size_t k = 0; k < e.size(); ++k) rest.push_back(used[k] ? U' ' : e[k]);
  for (const std::string& w : words_of(rest, 0, rest.size()))
    if (!want.words.count(w) && !kThemeWords.count(w) && !date_word(w)) bad << "a stray word: \"" << w << "\"\n";
  return bad.str();
}

}  // namespace cvpdf::test
