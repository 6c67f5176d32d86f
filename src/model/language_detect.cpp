// Language detection for a résumé that declares none (language_detect.hpp).
// Scripts decide CJK; for Chinese, characters written differently in the two
// scripts decide Simplified or Traditional. Latin text is counted against
// short lists of function words, and only a clear lead leaves English: ICU
// has no language identifier, and a wrong guess is worse than English.
#include "model/language_detect.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <type_traits>

#include "core/utf8.hpp"

namespace cvpdf::model {

namespace {

// Enough text to tell; a long résumé says nothing more after it.
constexpr std::size_t kTextLimit = 64 * 1024;

// Characters in everyday résumé words whose Simplified and Traditional
// forms differ, pair by pair (checked with ICU's Hans-Hant transliterator);
// the set with more occurrences is the script.
constexpr std::string_view kSimplified =
    "这个们来时为说国过发后会学对经还进动现实产种关长问间开头体应机业从电与务简历网级处项计设软数据术领导负责验维讯"
    "络统营销报际议资质专组织优层龙兰广东华门区书车边图运变单记转传热线场员团队获奖语读写试课练评论样济岁严";
constexpr std::string_view kTraditional =
    "這個們來時為說國過發後會學對經還進動現實產種關長問間開頭體應機業從電與務簡歷網級處項計設軟數據術領導負責驗維訊"
    "絡統營銷報際議資質專組織優層龍蘭廣東華門區書車邊圖運變單記轉傳熱線場員團隊獲獎語讀寫試課練評論樣濟歲嚴";

std::set<char32_t> code_points(std::string_view s) {
  std::set<char32_t> out;
  for (std::size_t pos = 0; pos < s.size();) out.insert(utf8::decode(s, pos));
  return out;
}

bool is_han(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2FA1F) ||
         (c >= 0xF900 && c <= 0xFAFF);
}
bool is_kana(char32_t c) { return (c >= 0x3041 && c <= 0x30FF && c != 0x30FB) || (c >= 0x31F0 && c <= 0x31FF); }
bool is_hangul(char32_t c) {
  return (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F);
}
bool is_latin_letter(char32_t c) {
  return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7);
}
char32_t fold(char32_t c) {
  if (c >= U'A' && c <= U'Z') return c + 32;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
  return c;
}

// Function words that mark one language among the six, chosen so that no
// word is in two lists (la, de, con, para, una, e are left out for that).
struct StopWords {
  const char* language;
  std::array<std::string_view, 14> words;
};
constexpr StopWords kStopWords[] = {
    {"en", {"the", "and", "of", "with", "for", "to", "in", "on", "at", "from", "by", "as", "is", "an"}},
    {"fr", {"le", "les", "des", "et", "du", "pour", "dans", "avec", "au", "aux", "sur", "une", "est", "d"}},
    {"de", {"der", "die", "das", "und", "mit", "für", "von", "den", "dem", "im", "zu", "ein", "eine", "bei"}},
    {"es", {"el", "los", "las", "del", "y", "por", "al", "como", "desde", "sus", "entre", "más", "sobre", "también"}},
    {"pt", {"os", "do", "da", "dos", "das", "em", "uma", "no", "na", "ao", "com", "não", "pelo", "pela"}},
    {"it", {"il", "di", "della", "delle", "nel", "nella", "gli", "per", "che", "un", "degli", "dei", "alla", "sono"}},
};

std::string latin_language(std::string_view text) {
  std::array<int, std::size(kStopWords)> hits{};
  auto count = [&](const std::string& word) {
    for (std::size_t i = 0; i < std::size(kStopWords); ++i)
      if (std::find(kStopWords[i].words.begin(), kStopWords[i].words.end(), word) != kStopWords[i].words.end()) ++hits[i];
  };
  std::string word;
  for (std::size_t pos = 0; pos < text.size();) {
    const char32_t c = utf8::decode(text, pos);
    if (is_latin_letter(c)) {
      utf8::append(word, fold(c));
    } else if (!word.empty()) {
      count(word);
      word.clear();
    }
  }
  if (!word.empty()) count(word);
  // The best other language must be clearly ahead of English and of the
  // runner-up, on enough words to mean something.
  std::size_t best = 1;
  for (std::size_t i = 2; i < hits.size(); ++i)
    if (hits[i] > hits[best]) best = i;
  int others = 0;
  for (std::size_t i = 1; i < hits.size(); ++i)
    if (i != best) others = std::max(others, hits[i]);
  if (hits[best] >= 8 && hits[best] > 2 * hits[0] && 2 * hits[best] > 3 * others) return kStopWords[best].language;
  return "en";
}

struct Gatherer {
  std::string text;
  void add(const std::string& s) {
    if (text.size() >= kTextLimit || s.empty()) return;
    text.append(s, 0, std::min(s.size(), kTextLimit - text.size()));
    text += '\n';
  }
  void add(const Localized& l) {
    for (const auto& [language, value] : l.by_language) add(value);
  }
  void add(const std::vector<Localized>& ls) {
    for (const auto& l : ls) add(l);
  }
  void add(const std::vector<Bullet>& bs) {
    for (const auto& b : bs) {
      add(b.text);
      add(b.sub_bullets);
    }
  }
};

}  // namespace

std::string detect_language_of_text(std::string_view text) {
  static const std::set<char32_t> simplified = code_points(kSimplified), traditional = code_points(kTraditional);
  std::size_t han = 0, kana = 0, hangul = 0, latin = 0, hans = 0, hant = 0, hebrew = 0, arabic = 0, persian = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    const char32_t c = utf8::decode(text, pos);
    if (c >= 0x05D0 && c <= 0x05F2) {
      ++hebrew;
    } else if ((c >= 0x0620 && c <= 0x064A) || (c >= 0x066E && c <= 0x06D3)) {
      ++arabic;
      // پ چ ژ گ ی: letters Persian has and Arabic has not.
      persian += c == 0x067E || c == 0x0686 || c == 0x0698 || c == 0x06AF || c == 0x06CC ? 1 : 0;
    } else if (is_han(c)) {
      ++han;
      hans += simplified.count(c);
      hant += traditional.count(c);
    } else if (is_kana(c)) {
      ++kana;
    } else if (is_hangul(c)) {
      ++hangul;
    } else if (is_latin_letter(c)) {
      ++latin;
    }
  }
  // A CJK character says about as much as a short Latin word: a Chinese
  // résumé full of English product names is still Chinese, an English one
  // naming a few Chinese employers is still English.
  const std::size_t cjk = han + kana + hangul;
  if (cjk > 0 && cjk * 4 >= latin) {
    if (hangul > kana && hangul * 2 >= han) return "ko";
    // Japanese is never without kana; a stray katakana word in Chinese is.
    if (kana >= 2 && kana * 10 >= han) return "ja";
    if (han > 0) return hant > hans ? "zh-Hant" : "zh-Hans";
    return kana > hangul ? "ja" : "ko";
  }
  // Hebrew and Arabic letters count as Latin ones do: a Hebrew résumé
  // naming English tools is Hebrew. Persian is told by its own letters.
  if (hebrew + arabic > latin) {
    if (hebrew >= arabic) return "he";
    return persian * 20 >= arabic && persian > 0 ? "fa" : "ar";
  }
  return latin_language(text);
}

std::string detect_language(const Resume& resume) {
  Gatherer g;
  const Person& p = resume.person;
  g.add(p.headline);
  g.add(p.location);
  g.add(p.summary);
  for (const auto& m : p.metrics) g.add(m.label);
  for (const auto& s : resume.sections) {
    g.add(s.bullets);
    g.add(s.text);
    for (const auto& e : s.entries)
      for_each_field(e, [&](const FieldKey& key, const auto& field) {
        using Field = std::decay_t<decltype(field)>;
        if constexpr (std::is_same_v<Field, Localized> || std::is_same_v<Field, std::vector<Localized>> ||
                      std::is_same_v<Field, std::vector<Bullet>>)
          if (key.use != FieldUse::Names) g.add(field);
      });
  }
  // Nothing but a name: the name is all there is to go by.
  if (g.text.find_first_not_of(" \n") == std::string::npos) g.add(p.name);
  return detect_language_of_text(g.text);
}

bool settle_language(Resume& resume) {
  if (resume.languages_declared) return false;
  resume.languages = {detect_language(resume)};
  return true;
}

}  // namespace cvpdf::model
