// The random résumé generator (see random_resume.hpp). Every scalar is
// written double-quoted, so no text can be read as YAML syntax; the text
// itself avoids what cvpdf would transform on the way to the page — the
// Markdown subset's * ` [ ] \ and straight quotes (typographic ones are
// set) — so that what the input says is what the PDF must show.
#include "random_resume.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <string_view>

namespace cvpdf::test {

std::uint64_t SplitMix64::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t SplitMix64::below(std::uint64_t n) {
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(next()) * n) >> 64);
}

std::string yaml_quoted(const std::string& text) {
  std::string out = "\"";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c == 0x7F) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\x%02X", c);
      out += buffer;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

namespace {

constexpr std::array<std::string_view, 72> kLatin = {
    "systems", "training", "inference", "latency", "throughput", "kernel", "scheduler", "storage",
    "replication", "consensus", "cluster", "compiler", "vectorized", "parallel", "distributed", "memory",
    "bandwidth", "profiling", "optimized", "designed", "built", "led", "shipped", "reduced", "improved",
    "migrated", "the", "a", "of", "and", "for", "with", "on", "to", "in", "across", "team", "platform",
    "pipeline", "model", "quantization", "operator", "accelerator", "benchmark", "analysis", "framework",
    "runtime", "fault-tolerant", "large-scale", "multi-node", "CPU/GPU/NPU", "PyTorch", "Megatron", "LLVM",
    "AArch64", "HPC", "RDMA", "café", "Zürich", "naïve", "São", "Paulo", "Ærø", "façade", "Łódź",
    "Dvořák", "Ångström", "déjà", "vu", "résumé", "Donaudampfschifffahrtsgesellschaft", "x86-64"};

// Common ideographs (and a few kana-free CJK words' parts): Simplified
// Chinese as a zh résumé has it.
constexpr std::string_view kHan =
    "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定"
    "行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其"
    "些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建"
    "月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接"
    "知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器"
    "压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议"
    "声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复"
    "容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标"
    "写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞";

constexpr std::array<std::string_view, 8> kCjkMarks = {"，", "、", "；", "：", "（", "）", "·", "～"};

struct Generator {
  SplitMix64 rng;
  int budget = 0;  // words still to spend on long texts: keeps most résumés to 1–3 pages

  std::string latin_word() { return std::string(kLatin[rng.below(kLatin.size())]); }

  std::string han(int count) {
    // Each ideograph of kHan is three bytes of UTF-8.
    std::string out;
    for (int i = 0; i < count; ++i) out += kHan.substr(3 * rng.below(kHan.size() / 3), 3);
    return out;
  }

  std::string hex(int length) {
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string out;
    for (int i = 0; i < length; ++i) {
      out += digits[rng.below(16)];
      if (rng.chance(10) && i + 1 < length && length < 80) out += ':';  // a grouped fingerprint now and then
    }
    return out;
  }

  std::string url() {
    std::string out = rng.chance(50) ? "https://" : "http://";
    out += rng.chance(50) ? "downloads.example.org" : "data.example-cluster.net";
    for (int i = rng.between(0, 5); i > 0; --i) out += "/" + latin_word() + (rng.chance(30) ? "_" + hex(6) : "");
    if (rng.chance(70)) {
      out += "/download?token=" + hex(rng.between(8, 60)) + "&expires=" + std::to_string(1700000000 + rng.below(99999999));
      out += "&signature=" + hex(rng.between(8, 120));
      if (rng.chance(30)) out += "&user=~" + latin_word();
    }
    if (rng.chance(20)) out += "#section-" + std::to_string(rng.below(100));
    return out;
  }

  // A token that is not a plain word: what a real résumé has in its long tail.
  std::string odd_token() {
    switch (rng.below(6)) {
      case 0: return hex(rng.chance(30) ? rng.between(100, 300) : rng.between(16, 64));  // a key fingerprint
      case 1: return url();
      case 2: return std::to_string(rng.below(100000)) + (rng.chance(50) ? "×" : "%");
      case 3: return latin_word() + "_" + latin_word() + "_" + latin_word();  // an identifier
      case 4: return "v" + std::to_string(rng.below(20)) + "." + std::to_string(rng.below(100)) + "-rc" + std::to_string(rng.below(9));
      default: return latin_word() + "/" + latin_word();
    }
  }

  // How many words a text gets: from a few to very long, the long ones
  // only while the budget lasts.
  int length(int typical_max) {
    int n;
    const auto roll = rng.below(100);
    if (roll < 50) n = rng.between(1, std::max(1, typical_max / 3));
    else if (roll < 88) n = rng.between(1, typical_max);
    else if (roll < 97) n = rng.between(typical_max, 3 * typical_max);
    else n = rng.between(3 * typical_max, 8 * typical_max);
    if (n > typical_max && budget < n) n = rng.between(1, typical_max);
    if (n > typical_max) budget -= n;
    return n;
  }

  enum class Script { Latin, Cjk, Mixed };

  std::string latin_text(int words) {
    std::string out;
    for (int i = 0; i < words; ++i) {
      if (i) out += rng.chance(8) ? ", " : " ";
      out += rng.chance(4) ? odd_token() : latin_word();
    }
    if (words > 6 && rng.chance(50)) out += ".";
    return out;
  }

  std::string cjk_text(int words, bool mixed) {
    std::string out;
    bool latin_before = false;
    for (int i = 0; i < words; ++i) {
      const bool latin = mixed && rng.chance(30);
      if (latin) {
        // Latin in Chinese text: spaced from the ideographs as zh writers do, or not.
        if (i && rng.chance(60)) out += " ";
        out += rng.chance(15) ? odd_token() : latin_word();
        latin_before = true;
        continue;
      }
      if (latin_before && rng.chance(60)) out += " ";
      latin_before = false;
      out += han(rng.between(1, 4));
      if (i + 1 < words && rng.chance(12)) out += kCjkMarks[rng.below(kCjkMarks.size())];
    }
    if (words > 4 && !latin_before && rng.chance(60)) out += "。";
    return out;
  }

  std::string text(Script script, int typical_max) {
    const int words = length(typical_max);
    switch (script) {
      case Script::Latin: return latin_text(words);
      case Script::Cjk: return cjk_text(words, false);
      default: return cjk_text(words, true);
    }
  }

  Script any_script() {
    const auto roll = rng.below(10);
    return roll < 5 ? Script::Latin : roll < 8 ? Script::Mixed : Script::Cjk;
  }
};

// A text value: plain (one text for both variants) or {en, zh}, maybe
// with the zh translation missing (the variant falls back to en's).
struct Value {
  bool localized = false;
  std::string en, zh;
  bool has_zh = true;

  std::string yaml() const {
    if (!localized) return yaml_quoted(en);
    std::string out = "{en: " + yaml_quoted(en);
    if (has_zh) out += ", zh: " + yaml_quoted(zh);
    return out + "}";
  }
  const std::string& in(const std::string& language) const { return localized && language == "zh" && has_zh ? zh : en; }
};

class Writer {
 public:
  Writer(std::uint64_t seed, int edition)
      : g_{SplitMix64(seed), 900}, numbered_g_{SplitMix64(seed ^ 0x4E554D4245524544ull), 300}, edition_(edition) {}

  RandomResume write(std::uint64_t seed) {
    out_.seed = seed;
    out_.edition = edition_;
    out_.languages = {"en", "zh"};
    line(0, "# A random résumé from tests/e2e/random_resume.cpp, seed " + std::to_string(seed) + ".");
    line(0, "languages: [en, zh]");
    person();
    sections();
    out_.yaml = text_;
    return out_;
  }

 private:
  void line(int indent, const std::string& s) { text_ += std::string(static_cast<std::size_t>(indent), ' ') + s + "\n"; }

  // Records `v` as shown in each variant the surrounding `only:`s keep.
  void show(const Value& v, const std::string& where) {
    for (const auto& language : out_.languages) {
      if (!visible(language)) continue;
      const std::string& s = v.in(language);
      if (s.find_first_not_of(' ') != std::string::npos) {
        out_.shown[language].push_back({s, where});
        ++content_[language];
      }
    }
  }
  // Something shown that is not text the PDF must hold as written (a date).
  void content() {
    for (const auto& language : out_.languages)
      if (visible(language)) ++content_[language];
  }
  bool visible(const std::string& language) const {
    for (const auto* only : only_)
      if (!only->empty() && *only != language) return false;
    return true;
  }

  Value value(int typical_max, bool may_be_empty = true) {
    Value v;
    v.localized = g_.rng.chance(55);
    if (v.localized) {
      v.en = g_.text(g_.rng.chance(80) ? Generator::Script::Latin : Generator::Script::Mixed, typical_max);
      v.zh = g_.text(g_.rng.chance(70) ? Generator::Script::Cjk : Generator::Script::Mixed, typical_max);
      v.has_zh = !g_.rng.chance(8);
    } else {
      v.en = g_.text(g_.any_script(), typical_max);
    }
    if (may_be_empty && g_.rng.chance(6)) {
      v.en.clear();
      if (g_.rng.chance(70)) v.zh.clear();
    }
    return v;
  }

  // `key: value` with the value recorded as shown.
  void field(int indent, const std::string& key, const Value& v, const std::string& where) {
    line(indent, key + ": " + v.yaml());
    show(v, where + "." + key);
  }

  // A list of values under `key` (bullets, tags), 0..max long.
  void values(int indent, const std::string& key, int max, int typical_words, const std::string& where) {
    const int n = g_.rng.between(0, max);
    if (n == 0 && !g_.rng.chance(20)) return;
    if (n == 0) {
      line(indent, key + ": []");
      return;
    }
    line(indent, key + ":");
    for (int i = 0; i < n; ++i) {
      const Value v = value(typical_words);
      line(indent + 2, "- " + v.yaml());
      show(v, where + "." + key + "[" + std::to_string(i) + "]");
    }
  }

  void links(int indent, const std::string& where, bool labels_shown) {
    const int n = g_.rng.between(0, 3);
    if (n == 0) return;
    line(indent, "links:");
    for (int i = 0; i < n; ++i) {
      const Value label = value(4, false);
      line(indent + 2, "- label: " + label.yaml());
      if (g_.rng.chance(75)) line(indent + 4, "url: " + yaml_quoted(g_.url()));
      if (labels_shown) show(label, where + ".links[" + std::to_string(i) + "].label");
    }
  }

  std::string only() {
    const auto roll = g_.rng.below(100);
    return roll < 8 ? "en" : roll < 16 ? "zh" : "";
  }

  void person() {
    line(0, "person:");
    const std::string where = "person";
    Value name;
    name.localized = g_.rng.chance(50);
    name.en = g_.rng.chance(10) ? g_.latin_text(g_.rng.between(4, 12)) : g_.latin_word() + " " + g_.latin_word();
    name.zh = g_.han(g_.rng.between(2, 4));
    field(2, "name", name, where);
    if (g_.rng.chance(80)) field(2, "headline", value(10), where);
    if (g_.rng.chance(80)) {
      std::string user;
      for (const char c : g_.latin_word())
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) user += c;  // ASCII: an address's local part
      const std::string email = (user.empty() ? "cv" : user) + "." + std::to_string(g_.rng.below(1000)) + "@example.org";
      field(2, "email", Value{false, email, "", true}, where);
    }
    if (g_.rng.chance(60)) {
      const std::string phone = "+86 138 " + std::to_string(1000 + g_.rng.below(9000)) + " " + std::to_string(1000 + g_.rng.below(9000));
      field(2, "phone", Value{false, phone, "", true}, where);
    }
    if (g_.rng.chance(60)) field(2, "location", value(5), where);
    // A theme may show a person's link as an icon: its label is not looked for.
    links(2, where, false);
    if (g_.rng.chance(70)) field(2, "summary", value(40), where);
    if (g_.rng.chance(40)) {
      line(2, "metrics:");
      for (int i = g_.rng.between(1, 4), k = 0; k < i; ++k) {
        const std::string at = where + ".metrics[" + std::to_string(k) + "]";
        const Value v = g_.rng.chance(70) ? Value{false, std::to_string(g_.rng.below(100)) + "×", "", true} : value(2, false);
        line(4, "- value: " + v.yaml());
        show(v, at + ".value");
        field(6, "label", value(6, false), at);
      }
    }
  }

  // While alive, the generator draws from the numbered entries' stream:
  // what they add (edition 2) leaves every draw of edition 1 as it was.
  class NumberedStream {
   public:
    explicit NumberedStream(Writer& w) : w_(w) { std::swap(w_.g_, w_.numbered_g_); }
    ~NumberedStream() { std::swap(w_.g_, w_.numbered_g_); }
    NumberedStream(const NumberedStream&) = delete;
    NumberedStream& operator=(const NumberedStream&) = delete;

   private:
    Writer& w_;
  };

  void sections() {
    const int n = g_.rng.between(1, 6);
    line(0, "sections:");
    // Edition 2's sections of numbered entries, each before the section
    // of edition 1 it names (n: after the last).
    std::vector<int> numbered_before;
    if (edition_ >= 2) {
      NumberedStream own(*this);
      for (int chance : {35, 10})
        if (g_.rng.chance(chance)) numbered_before.push_back(g_.rng.between(0, n));
      std::sort(numbered_before.begin(), numbered_before.end());
    }
    int index = 0;
    for (int s = 0; s <= n; ++s) {
      for (int at : numbered_before)
        if (at == s) {
          NumberedStream own(*this);
          section("sections[" + std::to_string(index++) + "]", true);
        }
      if (s < n) section("sections[" + std::to_string(index++) + "]", false);
    }
  }

  // A section: its title and `only:`, then entries, bullets or text (or,
  // `numbered`, numbered entries alone).
  void section(const std::string& where, bool numbered) {
    const std::string only_here = only();
    only_.push_back(&only_here);
    Value title = value(4, false);
    if (g_.rng.chance(3)) title = value(12, false);
    line(2, "- title: " + title.yaml());
    show(title, where + ".title");
    if (!only_here.empty()) line(4, "only: " + only_here);
    const auto before = content_;
    if (numbered) {
      // Up to 14: a number of two digits in the label column.
      line(4, "entries:");
      numbered_entries(where, 0, g_.rng.chance(15) ? g_.rng.between(9, 14) : g_.rng.between(1, 6));
    } else if (const auto roll = g_.rng.below(100); roll < 10) {
      values(4, "bullets", 6, 25, where);
    } else if (roll < 18) {
      field(4, "text", value(50), where);
    } else {
      entries(where);  // a section has one of entries, bullets and text
    }
    for (const auto& language : out_.languages)
      if (visible(language) && content_[language] == before.at(language) && !title.in(language).empty())
        out_.empty_sections[language].push_back({title.in(language), where + ".title"});
    only_.pop_back();
  }

  void entries(const std::string& where) {
    const int n = g_.rng.chance(10) ? g_.rng.between(6, 14) : g_.rng.between(0, 5);
    if (n == 0) {
      line(4, "entries: []");
      return;
    }
    line(4, "entries:");
    // A section mostly holds one kind of entry; now and then a mixture.
    const auto section_kind = g_.rng.below(10);
    const bool mixed = g_.rng.chance(15);
    // Edition 2: now and then a run of numbered entries among the others,
    // before the entry it names (n: after the last).
    int numbered_before = -1, numbered_count = 0;
    if (edition_ >= 2) {
      NumberedStream own(*this);
      if (g_.rng.chance(12)) {
        numbered_before = g_.rng.between(0, n);
        numbered_count = g_.rng.between(1, 4);
      }
    }
    for (int e = 0, index = 0; e <= n; ++e) {
      if (e == numbered_before) {
        NumberedStream own(*this);
        numbered_entries(where, index, numbered_count);
        index += numbered_count;
      }
      if (e == n) break;
      const std::string at = where + ".entries[" + std::to_string(index++) + "]";
      const auto kind = mixed ? g_.rng.below(10) : section_kind;
      const std::string only_here = only();
      only_.push_back(&only_here);
      if (kind < 5) item(at, only_here);
      else if (kind < 7) pair(at, only_here);
      else if (kind < 9) publication(at, only_here);
      else paragraph(at, only_here);
      only_.pop_back();
    }
  }

  // The first key of an entry opens its list item ("- key: …"); the rest
  // stand under it.
  struct Keys {
    bool first = true;
    std::string prefix() {
      const std::string p = first ? "    - " : "      ";
      first = false;
      return p;
    }
  };

  void keyed(Keys& k, const std::string& key, const Value& v, const std::string& where) {
    line(0, k.prefix() + key + ": " + v.yaml());
    show(v, where + "." + key);
  }

  void only_key(Keys& k, const std::string& only_here) {
    if (!only_here.empty()) line(0, k.prefix() + "only: " + only_here);
  }

  // A date as the user guide writes them (2024, 2024-06, 2024-06-30) in `year`.
  std::string date(int year) {
    char buffer[48];
    const int month = 1 + static_cast<int>(g_.rng.below(12)), day = 1 + static_cast<int>(g_.rng.below(28));
    switch (g_.rng.below(3)) {
      case 0: return std::to_string(year);
      case 1: std::snprintf(buffer, sizeof buffer, "%d-%02d", year, month); return buffer;
      default: std::snprintf(buffer, sizeof buffer, "%d-%02d-%02d", year, month, day); return buffer;
    }
  }

  void item(const std::string& at, const std::string& only_here) {
    Keys k;
    only_key(k, only_here);
    // At least one of org and role, as a real item has.
    const bool org = g_.rng.chance(90), role = !org || g_.rng.chance(75);
    if (org) keyed(k, "org", value(g_.rng.chance(5) ? 20 : 6), at);
    if (role) keyed(k, "role", value(g_.rng.chance(5) ? 20 : 8), at);
    const auto dates = g_.rng.below(10);
    const int year = 1990 + static_cast<int>(g_.rng.below(30));
    if (dates < 8) content();
    if (dates < 3) {
      line(0, k.prefix() + "date: " + (g_.rng.chance(15) ? std::string("present") : date(year)));
    } else if (dates < 8) {
      // The end a year or more after the start, whatever either's precision.
      line(0, k.prefix() + "start: " + date(year));
      if (g_.rng.chance(85))
        line(0, k.prefix() + "end: " + (g_.rng.chance(30) ? std::string("present") : date(year + 1 + static_cast<int>(g_.rng.below(6)))));
    }
    if (g_.rng.chance(45)) keyed(k, "location", value(g_.rng.chance(8) ? 16 : 4), at);
    if (g_.rng.chance(70)) values(6, "bullets", 5, 25, at);
    if (g_.rng.chance(25)) keyed(k, "text", value(40), at);
    if (g_.rng.chance(25)) links(6, at, true);
    if (g_.rng.chance(20)) values(6, "tags", 3, 3, at);
  }

  void pair(const std::string& at, const std::string& only_here) {
    Keys k;
    only_key(k, only_here);
    keyed(k, "label", value(g_.rng.chance(8) ? 14 : 3, false), at);
    keyed(k, "text", value(20), at);
  }

  std::string author() {
    if (g_.rng.chance(25)) return g_.han(g_.rng.between(2, 3));
    std::string name = g_.latin_word();
    name[0] = static_cast<char>(name[0] >= 'a' && name[0] <= 'z' ? name[0] - 32 : name[0]);
    return std::string(1, static_cast<char>('A' + g_.rng.below(26))) + ". " + name;
  }

  void publication(const std::string& at, const std::string& only_here) {
    Keys k;
    only_key(k, only_here);
    keyed(k, "title", value(g_.rng.chance(5) ? 40 : 14, false), at);
    if (g_.rng.chance(85)) {
      std::vector<std::string> authors;
      for (int i = g_.rng.between(1, g_.rng.chance(10) ? 30 : 6); i > 0; --i) authors.push_back(author());
      std::string list;
      for (std::size_t i = 0; i < authors.size(); ++i) {
        list += (i ? ", " : "") + yaml_quoted(authors[i]);
        show(Value{false, authors[i], "", true}, at + ".authors[" + std::to_string(i) + "]");
      }
      line(0, k.prefix() + "authors: [" + list + "]");
      if (g_.rng.chance(60)) line(0, k.prefix() + "me: " + yaml_quoted(authors[g_.rng.below(authors.size())]));
    }
    if (g_.rng.chance(80)) keyed(k, "venue", value(g_.rng.chance(5) ? 20 : 6), at);
    if (g_.rng.chance(80)) {
      const std::string year = std::to_string(1990 + g_.rng.below(36));
      line(0, k.prefix() + "year: " + year);
      show(Value{false, year, "", true}, at + ".year");
    }
    if (g_.rng.chance(50))
      line(0, k.prefix() + "doi: " + yaml_quoted("10.5555/" + g_.latin_word() + "." + std::to_string(g_.rng.below(100000))));
    else if (g_.rng.chance(30))
      line(0, k.prefix() + "url: " + yaml_quoted(g_.url()));
  }

  // `count` numbered entries from entries[first] on: `- number:` or
  // `- reversed_number:`, mostly one of the two for the run; a text of the
  // numbered stream (numbered_g_ while a NumberedStream is alive).
  void numbered_entries(const std::string& where, int first, int count) {
    const bool reversed = g_.rng.chance(40), mixed = g_.rng.chance(10);
    for (int i = 0; i < count; ++i) {
      const std::string at = where + ".entries[" + std::to_string(first + i) + "]";
      const std::string only_here = only();
      only_.push_back(&only_here);
      Keys k;
      only_key(k, only_here);
      const bool back = mixed ? g_.rng.chance(50) : reversed;
      keyed(k, back ? "reversed_number" : "number", value(g_.rng.chance(8) ? 40 : 12), at);
      only_.pop_back();
    }
  }

  void paragraph(const std::string& at, const std::string& only_here) {
    const Value v = value(60, false);
    if (only_here.empty() && !v.localized) {
      line(4, "- " + v.yaml());
    } else {
      // A localized paragraph is the mapping itself; `only:` beside it
      // needs the `text:` form of a paragraph-like item.
      Keys k;
      only_key(k, only_here);
      if (only_here.empty()) {
        line(4, "- en: " + yaml_quoted(v.en));
        if (v.has_zh) line(6, "zh: " + yaml_quoted(v.zh));
        show(v, at);
        return;
      }
      keyed(k, "text", v, at);
      return;
    }
    show(v, at);
  }

  Generator g_;
  Generator numbered_g_;  // the numbered entries' own stream (edition 2)
  int edition_;
  RandomResume out_;
  std::string text_;
  std::vector<const std::string*> only_;
  std::map<std::string, int> content_ = {{"en", 0}, {"zh", 0}};  // values shown so far, per variant
};

// The short résumés' writer (random_short_resume): plain words, every
// value in both languages, each entry from its own stream.
class ShortWriter {
 public:
  explicit ShortWriter(std::uint64_t seed) : seed_(seed), g_{SplitMix64(seed), 0} {}

  RandomResume write(int entries) {
    out_.seed = seed_;
    out_.edition = 0;
    out_.languages = {"en", "zh"};
    text_ = "# A short random résumé from tests/e2e/random_resume.cpp, seed " + std::to_string(seed_) + ", " +
            std::to_string(entries) + " entries.\nlanguages: [en, zh]\nperson:\n";
    field(2, "name", {g_.latin_word() + " " + g_.latin_word(), g_.han(3)}, "person");
    field(2, "headline", words(4, 8), "person");
    text_ += "  email: \"short." + std::to_string(seed_ % 1000) + "@example.org\"\n";
    text_ += "sections:\n";
    Kind kind = Kind::Items;
    int section = -1, in_section = 0;
    for (int i = 0; i < entries; ++i) {
      // The entry's own stream: what comes before it never moves it.
      g_.rng = SplitMix64(seed_ * 0x9E3779B97F4A7C15ull + 0xD1B54A32D192ED03ull * static_cast<std::uint64_t>(i + 1));
      if (i == 0 || g_.rng.chance(25)) {
        kind = static_cast<Kind>(g_.rng.below(4));
        in_section = 0;
        const std::string where = "sections[" + std::to_string(++section) + "]";
        line(2, "- title: " + both(words(1, 3), where + ".title"));
        line(4, kind == Kind::Bullets ? "bullets:" : "entries:");
      }
      const std::string where = "sections[" + std::to_string(section) + "]." +
                                (kind == Kind::Bullets ? "bullets[" : "entries[") + std::to_string(in_section++) + "]";
      entry(kind, where);
    }
    out_.yaml = text_;
    return out_;
  }

 private:
  enum class Kind { Items, Publications, Pairs, Bullets };
  struct Pair {
    std::string en, zh;
  };

  void line(int indent, const std::string& s) { text_ += std::string(static_cast<std::size_t>(indent), ' ') + s + "\n"; }
  Pair words(int lo, int hi) {
    const int n = g_.rng.between(lo, hi);
    std::string en;
    for (int i = 0; i < n; ++i) en += (i ? " " : "") + g_.latin_word();
    return {en, g_.han(std::max(2, n * 2))};
  }
  // `{en: …, zh: …}`, recorded as shown in each.
  std::string both(const Pair& v, const std::string& where) {
    out_.shown["en"].push_back({v.en, where});
    out_.shown["zh"].push_back({v.zh, where});
    return "{en: " + yaml_quoted(v.en) + ", zh: " + yaml_quoted(v.zh) + "}";
  }
  void field(int indent, const std::string& key, const Pair& v, const std::string& where) {
    line(indent, key + ": " + both(v, where + "." + key));
  }

  void entry(Kind kind, const std::string& at) {
    switch (kind) {
      case Kind::Items: {
        line(6, "- org: " + both(words(1, 3), at + ".org"));
        if (g_.rng.chance(70)) field(8, "role", words(1, 4), at);
        const int year = 2000 + g_.rng.between(0, 20);
        line(8, "start: " + std::to_string(year));
        line(8, "end: " + std::to_string(year + g_.rng.between(1, 4)));
        line(8, "bullets:");
        for (int b = g_.rng.between(1, 4), k = 0; k < b; ++k)
          line(10, "- " + both(words(6, 30), at + ".bullets[" + std::to_string(k) + "]"));
        break;
      }
      case Kind::Publications: {
        line(6, "- title: " + both(words(4, 12), at + ".title"));
        const std::string author = "A. " + g_.latin_word();
        line(8, "authors: [" + yaml_quoted(author) + "]");
        for (const char* language : {"en", "zh"}) out_.shown[language].push_back({author, at + ".authors[0]"});
        field(8, "venue", words(1, 4), at);
        line(8, "year: " + std::to_string(2000 + g_.rng.between(0, 25)));
        break;
      }
      case Kind::Pairs:
        line(6, "- label: " + both(words(1, 2), at + ".label"));
        field(8, "text", words(3, 12), at);
        break;
      case Kind::Bullets: line(6, "- " + both(words(6, 25), at)); break;
    }
  }

  std::uint64_t seed_;
  Generator g_;
  RandomResume out_;
  std::string text_;
};

}  // namespace

RandomResume random_resume(std::uint64_t seed, int edition) { return Writer(seed, edition).write(seed); }

RandomResume random_short_resume(std::uint64_t seed, int entries) { return ShortWriter(seed).write(entries); }

RandomResume spilling_short_resume(std::uint64_t seed, const std::function<int(const RandomResume&)>& pages_of) {
  // Double until it spills, then halve the bracket (fits, spills].
  int fits = 0, spills = 1;
  RandomResume spilled = random_short_resume(seed, spills);
  while (pages_of(spilled) < 2) {
    fits = spills;
    if (spills >= kShortMaxEntries) return spilled;
    spills = std::min(2 * spills, kShortMaxEntries);
    spilled = random_short_resume(seed, spills);
  }
  while (spills - fits > 1) {
    const int mid = (fits + spills) / 2;
    RandomResume tried = random_short_resume(seed, mid);
    if (pages_of(tried) >= 2) {
      spills = mid;
      spilled = std::move(tried);
    } else {
      fits = mid;
    }
  }
  return spilled;
}

}  // namespace cvpdf::test
