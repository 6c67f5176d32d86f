// RenderCV's built-in locales (RenderCV 2.8: the `<Language>Locale`
// defaults of its schema.json, and its other_locales/*.yaml — hungarian and
// vietnamese came with 2.8, RenderCV pull requests 687 and 693; the 22
// languages of its `language_iso_639_1` table): what a file that says only
// `locale: {language: german}` gets in RenderCV — month abbreviations and
// names, "present", and how an education entry joins degree and area. The
// file's own words override them (rendercv_style.cpp).
#include "model/schema.hpp"

namespace cvpdf::model::detail {

namespace {

// Months are '|'-separated, January first.
constexpr RenderCvLocaleWords kLocales[] = {
    {"english", "present", "Jan|Feb|Mar|Apr|May|June|July|Aug|Sept|Oct|Nov|Dec",
     "January|February|March|April|May|June|July|August|September|October|November|December", "DEGREE in AREA"},
    {"arabic", "الحاضر", "ينا|فبر|مار|أبر|ماي|يون|يول|أغس|سبت|أكت|نوف|ديس",
     "يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر", "DEGREE in AREA"},
    {"danish", "nuværende", "Jan|Feb|Mar|Apr|Maj|Jun|Jul|Aug|Sep|Okt|Nov|Dec",
     "Januar|Februar|Marts|April|Maj|Juni|Juli|August|September|Oktober|November|December", "DEGREE i AREA"},
    {"dutch", "heden", "Jan|Feb|Mrt|Apr|Mei|Jun|Jul|Aug|Sep|Okt|Nov|Dec",
     "Januari|Februari|Maart|April|Mei|Juni|Juli|Augustus|September|Oktober|November|December", "DEGREE in AREA"},
    {"french", "présent", "Jan|Fév|Mar|Avr|Mai|Juin|Juil|Aoû|Sep|Oct|Nov|Déc",
     "Janvier|Février|Mars|Avril|Mai|Juin|Juillet|Août|Septembre|Octobre|Novembre|Décembre", "DEGREE en AREA"},
    {"german", "gegenwärtig", "Jan|Feb|Mär|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez",
     "Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember", "DEGREE in AREA"},
    {"hebrew", "הווה", "ינו'|פבר'|מרץ|אפר'|מאי|יוני|יולי|אוג'|ספט'|אוק'|נוב'|דצמ'",
     "ינואר|פברואר|מרץ|אפריל|מאי|יוני|יולי|אוגוסט|ספטמבר|אוקטובר|נובמבר|דצמבר", "DEGREE in AREA"},
    {"hindi", "वर्तमान", "जन|फर|मार|अप्र|मई|जून|जुल|अग|सित|अक्ट|नव|दिस",
     "जनवरी|फरवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर", "AREA में DEGREE"},
    {"hungarian", "jelenleg", "Jan|Febr|Márc|Ápr|Máj|Jún|Júl|Aug|Szept|Okt|Nov|Dec",
     "Január|Február|Március|Április|Május|Június|Július|Augusztus|Szeptember|Október|November|December",
     "DEGREE AREA szakon"},
    {"indonesian", "sekarang", "Jan|Feb|Mar|Apr|Mei|Jun|Jul|Agu|Sep|Okt|Nov|Des",
     "Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember", "DEGREE di AREA"},
    {"italian", "presente", "Gen|Feb|Mar|Apr|Mag|Giu|Lug|Ago|Set|Ott|Nov|Dic",
     "Gennaio|Febbraio|Marzo|Aprile|Maggio|Giugno|Luglio|Agosto|Settembre|Ottobre|Novembre|Dicembre", "DEGREE in AREA"},
    {"japanese", "現在", "1月|2月|3月|4月|5月|6月|7月|8月|9月|10月|11月|12月",
     "1月|2月|3月|4月|5月|6月|7月|8月|9月|10月|11月|12月", "AREA DEGREE"},
    {"korean", "현재", "1월|2월|3월|4월|5월|6월|7월|8월|9월|10월|11월|12월",
     "1월|2월|3월|4월|5월|6월|7월|8월|9월|10월|11월|12월", "AREA DEGREE"},
    {"mandarin_chinese", "至今", "1月|2月|3月|4月|5月|6月|7月|8月|9月|10月|11月|12月",
     "一月|二月|三月|四月|五月|六月|七月|八月|九月|十月|十一月|十二月", "AREA DEGREE"},
    {"norwegian_bokmål", "nåværende", "Jan|Feb|Mar|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Des",
     "Januar|Februar|Mars|April|Mai|Juni|Juli|August|September|Oktober|November|Desember", "DEGREE i AREA"},
    {"norwegian_nynorsk", "nåverande", "Jan|Feb|Mar|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Des",
     "Januar|Februar|Mars|April|Mai|Juni|Juli|August|September|Oktober|November|Desember", "DEGREE i AREA"},
    {"persian", "حال", "ژان|فور|مار|آور|مه|ژون|ژول|اوت|سپت|اکت|نوا|دسا",
     "ژانویه|فوریه|مارس|آوریل|مه|ژوئن|ژوئیه|اوت|سپتامبر|اکتبر|نوامبر|دسامبر", "DEGREE in AREA"},
    {"portuguese", "presente", "Jan|Fev|Mar|Abr|Mai|Jun|Jul|Ago|Set|Out|Nov|Dez",
     "Janeiro|Fevereiro|Março|Abril|Maio|Junho|Julho|Agosto|Setembro|Outubro|Novembro|Dezembro", "DEGREE em AREA"},
    {"russian", "настоящее время", "Янв|Фев|Мар|Апр|Май|Июн|Июл|Авг|Сен|Окт|Ноя|Дек",
     "Январь|Февраль|Март|Апрель|Май|Июнь|Июль|Август|Сентябрь|Октябрь|Ноябрь|Декабрь", "DEGREE в AREA"},
    {"spanish", "presente", "Ene|Feb|Mar|Abr|May|Jun|Jul|Ago|Sep|Oct|Nov|Dic",
     "Enero|Febrero|Marzo|Abril|Mayo|Junio|Julio|Agosto|Septiembre|Octubre|Noviembre|Diciembre", "DEGREE en AREA"},
    {"turkish", "halen", "Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara",
     "Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık", "AREA, DEGREE"},
    {"vietnamese", "hiện tại", "Th01|Th02|Th03|Th04|Th05|Th06|Th07|Th08|Th09|Th10|Th11|Th12",
     "Tháng Một|Tháng Hai|Tháng Ba|Tháng Tư|Tháng Năm|Tháng Sáu|Tháng Bảy|Tháng Tám|Tháng Chín|Tháng Mười|"
     "Tháng Mười Một|Tháng Mười Hai",
     "DEGREE ngành AREA"},
};

}  // namespace

const RenderCvLocaleWords* rendercv_locale_words(std::string_view language) {
  std::string l;
  for (unsigned char c : language) l += static_cast<char>(c < 0x80 ? std::tolower(c) : c);
  for (const auto& words : kLocales)
    if (l == words.language || rendercv_language_code(words.language) == rendercv_language_code(l)) return &words;
  return nullptr;
}

std::vector<std::string> rendercv_months(const char* joined) {
  std::vector<std::string> out;
  std::string_view rest = joined;
  while (true) {
    const auto bar = rest.find('|');
    out.emplace_back(rest.substr(0, bar));
    if (bar == std::string_view::npos) break;
    rest.remove_prefix(bar + 1);
  }
  return out;
}

}  // namespace cvpdf::model::detail
