// Locale words (locale_words.hpp): ICU for dates, a table for headings.
// CLDR has month names and date patterns for hundreds of languages but no
// résumé words ("Present", "Experience"), so those are cvpdf's own: the
// theme's `words:`/`dates:` blocks (layout/classic.yaml) and the headings
// of JSON Resume's sections below.
#include "model/locale_words.hpp"

#include <unicode/dtfmtsym.h>
#include <unicode/dtptngen.h>
#include <unicode/locid.h>

#include <array>
#include <memory>

#include "model/language_tags.hpp"

namespace cvpdf::model {

namespace {

std::string utf8_of(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

bool is_pattern_letter(char16_t c) { return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z'); }

// ICU really has data for the locale's language: for one it does not know
// it answers with the default locale's, or the root's ("M06").
bool has_data(const icu::DateFormatSymbols& symbols, const icu::Locale& wanted) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale actual = symbols.getLocale(ULOC_ACTUAL_LOCALE, status);
  return U_SUCCESS(status) && std::string_view(actual.getLanguage()) == wanted.getLanguage() &&
         !std::string_view(wanted.getLanguage()).empty();
}

// JSON Resume's section keys, in the schema's order, and their headings.
constexpr std::array<std::string_view, 11> kSections = {"work",         "volunteer", "education", "awards",
                                                        "certificates", "publications", "skills", "languages",
                                                        "interests",    "references", "projects"};
struct Headings {
  std::string_view language;
  std::array<std::string_view, 11> words;
};
constexpr Headings kHeadings[] = {
    {"en", {"Experience", "Volunteering", "Education", "Awards", "Certificates", "Publications", "Skills", "Languages",
            "Interests", "References", "Projects"}},
    {"fr", {"Expérience", "Bénévolat", "Formation", "Distinctions", "Certifications", "Publications", "Compétences",
            "Langues", "Centres d’intérêt", "Références", "Projets"}},
    {"de", {"Berufserfahrung", "Ehrenamt", "Ausbildung", "Auszeichnungen", "Zertifikate", "Publikationen",
            "Kenntnisse", "Sprachen", "Interessen", "Referenzen", "Projekte"}},
    {"es", {"Experiencia", "Voluntariado", "Formación", "Premios", "Certificados", "Publicaciones", "Habilidades",
            "Idiomas", "Intereses", "Referencias", "Proyectos"}},
    {"pt", {"Experiência", "Voluntariado", "Formação", "Prêmios", "Certificados", "Publicações", "Competências",
            "Idiomas", "Interesses", "Referências", "Projetos"}},
    {"it", {"Esperienza", "Volontariato", "Istruzione", "Premi", "Certificazioni", "Pubblicazioni", "Competenze",
            "Lingue", "Interessi", "Referenze", "Progetti"}},
    {"ru", {"Опыт работы", "Волонтёрство", "Образование", "Награды", "Сертификаты", "Публикации", "Навыки", "Языки",
            "Интересы", "Рекомендации", "Проекты"}},
    {"zh-Hans", {"工作经历", "志愿经历", "教育背景", "荣誉奖项", "证书", "论文发表", "专业技能", "语言能力", "兴趣爱好",
                 "推荐人", "项目经历"}},
    {"zh-Hant", {"工作經歷", "志願經歷", "教育背景", "榮譽獎項", "證書", "論文發表", "專業技能", "語言能力", "興趣愛好",
                 "推薦人", "專案經歷"}},
    {"ja", {"職歴", "ボランティア活動", "学歴", "受賞歴", "資格", "論文・著書", "スキル", "語学", "趣味・関心", "推薦者",
            "プロジェクト"}},
    {"ko", {"경력", "봉사 활동", "학력", "수상 경력", "자격증", "논문 및 저서", "기술", "어학", "관심 분야", "추천인",
            "프로젝트"}},
};

const Headings* headings_for(const std::string& language) {
  // The tag as written, then with its script made explicit (zh → zh-Hans,
  // zh-TW → zh-Hant), then the primary subtag (fr-CA → fr).
  for (const std::string& tag : {language, pdf_language_tag(language), primary_language(language)})
    for (const auto& h : kHeadings)
      if (h.language == tag) return &h;
  return nullptr;
}

}  // namespace

std::string layout_date_pattern(std::string_view icu) {
  std::string out;
  std::u16string pattern;
  {
    const icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(icu.data(), static_cast<int32_t>(icu.size())));
    pattern.assign(u.getBuffer(), static_cast<std::size_t>(u.length()));
  }
  auto literal = [&](std::u16string_view text) {
    out += utf8_of(icu::UnicodeString(text.data(), static_cast<int32_t>(text.size())));
  };
  for (std::size_t i = 0; i < pattern.size();) {
    const char16_t c = pattern[i];
    if (c == u'\'') {
      // 'text' is literal; '' is a quote.
      if (i + 1 < pattern.size() && pattern[i + 1] == u'\'') {
        out += '\'';
        i += 2;
        continue;
      }
      const std::size_t close = pattern.find(u'\'', i + 1);
      const std::size_t end = close == std::u16string::npos ? pattern.size() : close;
      literal(std::u16string_view(pattern).substr(i + 1, end - i - 1));
      i = end + 1;
      continue;
    }
    if (!is_pattern_letter(c)) {
      literal(std::u16string_view(pattern).substr(i, 1));
      ++i;
      continue;
    }
    std::size_t n = 1;
    while (i + n < pattern.size() && pattern[i + n] == c) ++n;
    if (c == u'y' || c == u'u' || c == u'Y') out += "{year}";
    else if ((c == u'M' || c == u'L') && n >= 3) out += "{month}";
    else if (c == u'M' || c == u'L') out += n == 2 ? "{mm}" : "{m}";
    else if (c == u'd') out += n == 2 ? "{dd}" : "{d}";
    // Other fields (an era, G) have no placeholder: left out, with the
    // blank before them.
    else if (!out.empty() && out.back() == ' ') out.pop_back();
    i += n;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::optional<LocaleDates> locale_dates(const std::string& language) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale = icu::Locale::forLanguageTag(language, status);
  if (U_FAILURE(status) || locale.isBogus()) return std::nullopt;
  icu::DateFormatSymbols symbols(locale, status);
  if (U_FAILURE(status) || !has_data(symbols, locale)) return std::nullopt;
  std::unique_ptr<icu::DateTimePatternGenerator> generator(icu::DateTimePatternGenerator::createInstance(locale, status));
  if (U_FAILURE(status) || !generator) return std::nullopt;
  const icu::UnicodeString best = generator->getBestPattern(icu::UnicodeString(u"yMMM"), status);
  if (U_FAILURE(status)) return std::nullopt;
  LocaleDates out;
  out.pattern = layout_date_pattern(utf8_of(best));
  // "LLL" asks for the month's name standing alone (Russian "июнь"),
  // "MMM" for its form inside a date (French "juin", German "Juni").
  const auto context = best.indexOf(u'L') >= 0 ? icu::DateFormatSymbols::STANDALONE : icu::DateFormatSymbols::FORMAT;
  int32_t count = 0;
  const icu::UnicodeString* months = symbols.getMonths(count, context, icu::DateFormatSymbols::ABBREVIATED);
  if (!months || count < 12) return std::nullopt;
  for (int32_t m = 0; m < 12; ++m) out.months.push_back(utf8_of(months[m]));
  return out;
}

std::optional<std::string> section_heading_word(std::string_view section, const std::string& language) {
  const Headings* h = headings_for(language);
  if (!h) return std::nullopt;
  for (std::size_t i = 0; i < kSections.size(); ++i)
    if (kSections[i] == section) return std::string(h->words[i]);
  return std::nullopt;
}

Localized section_heading(std::string_view section, SourceSpan span) {
  Localized out;
  out.span = std::move(span);
  for (const auto& h : kHeadings) {
    for (std::size_t i = 0; i < kSections.size(); ++i) {
      if (kSections[i] != section) continue;
      out.by_language.emplace(std::string(h.language), std::string(h.words[i]));
      if (h.language == "en") out.by_language.emplace("", std::string(h.words[i]));
      // cvpdf's files say zh for Simplified Chinese.
      if (h.language == "zh-Hans") out.by_language.emplace("zh", std::string(h.words[i]));
    }
  }
  return out;
}

}  // namespace cvpdf::model
