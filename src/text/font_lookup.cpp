// Font lookup: turns a layout's font entry (a path or a family name) into a
// loaded face. Owns the path resolution rules, the BCP 47 → fontconfig
// language mapping, and the "only accept the family that was asked for"
// check on fontconfig matches.
#include "text/font_lookup.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>

#include <fontconfig/fontconfig.h>
#include <hb-ot.h>

#include "text/font_tables.hpp"

namespace cvpdf::text {

namespace {

namespace fs = std::filesystem;

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool ends_with_ci(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && lower_ascii(s.substr(s.size() - suffix.size())) == suffix;
}

// A font entry with a trailing "#N" selects face N of a collection
// ("NotoSansCJK-Regular.ttc#2"); without it, face 0.
struct PathEntry {
  std::string path;
  unsigned index = 0;
};

PathEntry split_face_index(const std::string& entry) {
  auto hash = entry.rfind('#');
  if (hash == std::string::npos || hash + 1 == entry.size()) return {entry, 0};
  unsigned index = 0;
  const char* first = entry.data() + hash + 1;
  const char* last = entry.data() + entry.size();
  auto [ptr, ec] = std::from_chars(first, last, index);
  if (ec != std::errc() || ptr != last) return {entry, 0};
  return {entry.substr(0, hash), index};
}

// Family names never contain a slash or end in a font file extension, so
// this tells the two kinds of entry apart without touching the file system.
bool looks_like_path(const std::string& entry) {
  if (entry.find('/') != std::string::npos || entry.find('\\') != std::string::npos) return true;
  std::string path = split_face_index(entry).path;
  for (std::string_view ext : {".ttf", ".otf", ".ttc", ".otc"})
    if (ends_with_ci(path, ext)) return true;
  return false;
}

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// Absolute paths as given; relative ones against the layout's directory and
// then every bundled font directory. Layouts may also spell bundled fonts as
// "fonts/Lato-Bold.ttf" (the repository's layout), so a leading "fonts/" is
// tried without it inside the bundled directories.
std::optional<std::string> resolve_path(const FontBook& book, const std::string& path,
                                        const std::string& relative_to) {
  fs::path p(path);
  if (p.is_absolute()) return is_file(p) ? std::optional<std::string>(p.lexically_normal().string()) : std::nullopt;
  std::vector<fs::path> candidates;
  if (!relative_to.empty()) candidates.push_back(fs::path(relative_to) / p);
  fs::path without_fonts;
  auto it = p.begin();
  if (it != p.end() && *it == "fonts") {
    for (++it; it != p.end(); ++it) without_fonts /= *it;
  }
  for (const auto& dir : book.bundled_font_dirs()) {
    candidates.push_back(fs::path(dir) / p);
    if (!without_fonts.empty()) candidates.push_back(fs::path(dir) / without_fonts);
  }
  for (const auto& candidate : candidates)
    if (is_file(candidate)) return candidate.lexically_normal().string();
  return std::nullopt;
}

struct Match {
  std::string file;
  unsigned index = 0;
  std::vector<std::string> families;
};

// Matches `request` in the system configuration.
std::optional<Match> fontconfig_match(const FontRequest& request) {
  FcPattern* pattern = FcPatternCreate();
  FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>(request.family_or_path.c_str()));
  FcPatternAddInteger(pattern, FC_WEIGHT, request.weight == Weight::Bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
  FcPatternAddInteger(pattern, FC_SLANT, request.slant == Slant::Italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
  std::string lang = fontconfig_language(request.language);
  if (!lang.empty()) {
    FcLangSet* langs = FcLangSetCreate();
    FcLangSetAdd(langs, reinterpret_cast<const FcChar8*>(lang.c_str()));
    FcPatternAddLangSet(pattern, FC_LANG, langs);
    FcLangSetDestroy(langs);
  }
  FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern* found = FcFontMatch(nullptr, pattern, &result);
  FcPatternDestroy(pattern);
  if (!found) return std::nullopt;

  Match match;
  FcChar8* file = nullptr;
  if (FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch && file)
    match.file = reinterpret_cast<const char*>(file);
  int index = 0;
  if (FcPatternGetInteger(found, FC_INDEX, 0, &index) == FcResultMatch)
    match.index = static_cast<unsigned>(index) & 0xFFFFu;  // high bits: a variable font's named instance
  FcChar8* family = nullptr;
  for (int n = 0; FcPatternGetString(found, FC_FAMILY, n, &family) == FcResultMatch; ++n)
    match.families.emplace_back(reinterpret_cast<const char*>(family));
  FcPatternDestroy(found);
  if (match.file.empty()) return std::nullopt;
  return match;
}

// fontconfig always answers with *some* font; only a match that carries the
// requested family counts. "Noto Sans CJK" also accepts "Noto Sans CJK SC"
// etc.: the regional families of a pan-CJK font, chosen by the language.
bool family_accepted(const std::string& requested, const std::vector<std::string>& families) {
  std::string want = lower_ascii(requested);
  for (const auto& family : families) {
    std::string have = lower_ascii(family);
    if (have == want) return true;
    if (have.size() == want.size() + 3 && have.compare(0, want.size(), want) == 0 && have[want.size()] == ' ') {
      std::string region = have.substr(want.size() + 1);
      if (region == "sc" || region == "tc" || region == "hk" || region == "jp" || region == "kr") return true;
    }
  }
  return false;
}

// One face of a bundled font file, as read from its own tables.
struct BundledFace {
  std::string file;
  unsigned index = 0;
  std::vector<std::string> families;  // typographic family (name ID 16) and family (ID 1)
  unsigned weight_class = 400;
  bool italic = false;
};

std::string name_of(hb_face_t* face, hb_ot_name_id_t id) {
  unsigned size = 0;
  const unsigned length = hb_ot_name_get_utf8(face, id, HB_LANGUAGE_INVALID, &size, nullptr);
  std::string s(length + 1, '\0');
  size = static_cast<unsigned>(s.size());
  hb_ot_name_get_utf8(face, id, HB_LANGUAGE_INVALID, &size, s.data());
  s.resize(size);
  return s;
}

// The bundled fonts' faces, read once per set of directories. Family names
// are looked up here first, so "Lato" means the bundled files even where a
// different Lato is installed: the same output on every machine. Read with
// HarfBuzz from the mapped files, not FcFreeTypeQueryAll: a run whose
// fonts are all bundled never starts fontconfig.
// The faces of the font files in `dirs` whose names `wanted` accepts
// (every one when it is null), read from their own tables.
std::vector<BundledFace> read_faces(const std::vector<std::string>& dirs, bool (*wanted)(std::string_view, const std::string&),
                                    const std::string& wanted_family) {
  std::vector<BundledFace> faces;
  for (const auto& dir : dirs) {
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const auto name = entry.path().filename().string();
      bool font = false;
      for (std::string_view ext : {".ttf", ".otf", ".ttc", ".otc"}) font = font || ends_with_ci(name, ext);
      if (font && (!wanted || wanted(name, wanted_family)) && is_file(entry.path())) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());  // directory order is arbitrary; matching ties must not be
    for (const auto& file : files) {
      hb_blob_t* blob = hb_blob_create_from_file_or_fail(file.c_str());
      if (!blob) continue;
      const unsigned count = hb_face_count(blob);
      for (unsigned index = 0; index < count; ++index) {
        hb_face_t* face = hb_face_create(blob, index);
        BundledFace found;
        found.file = file.string();
        found.index = index;
        for (hb_ot_name_id_t id : {HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY, HB_OT_NAME_ID_FONT_FAMILY})
          if (std::string family = name_of(face, id); !family.empty()) found.families.push_back(family);
        if (auto style = os2_style(FontTable(face, "OS/2").reader())) {
          found.weight_class = style->weight_class;
          found.italic = style->italic;
        }
        hb_face_destroy(face);
        if (!found.families.empty()) faces.push_back(std::move(found));
      }
      hb_blob_destroy(blob);
    }
  }
  return faces;
}

const std::vector<BundledFace>& bundled_fonts(const std::vector<std::string>& dirs) {
  static std::mutex mutex;
  static std::map<std::vector<std::string>, std::vector<BundledFace>> sets;
  std::lock_guard lock(mutex);
  auto it = sets.find(dirs);
  if (it != sets.end()) return it->second;
  return sets.emplace(dirs, read_faces(dirs, nullptr, {})).first->second;
}

// Letters and digits only, lower case: "Noto Sans CJK SC" → "notosanscjksc".
std::string compact(std::string_view s) {
  std::string out;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A packaged file may hold `family` when its name before the style
// ("NotoSansCJK" of NotoSansCJK-Bold.ttc, "CharisSIL" of
// CharisSIL-Italic.ttf) begins the family's name: the files of other
// families are not opened at all.
bool may_hold(std::string_view file, const std::string& family) {
  const std::string stem = compact(file.substr(0, std::min(file.find('-'), file.rfind('.'))));
  return !stem.empty() && compact(family).rfind(stem, 0) == 0;
}

// Debian's directories of the system fonts the built-in themes name, whose
// packages the .deb depends on: Noto CJK (fonts-noto-cjk, -extra), DejaVu,
// Charis SIL, Open Sans. A family found in them is opened without
// starting fontconfig, whose start parses its whole configuration (25 M
// instructions, most of a Chinese résumé's font work); the same files
// fontconfig finds for these names on a Debian system.
constexpr const char* kPackagedFontDirs[] = {"/usr/share/fonts/opentype/noto", "/usr/share/fonts/truetype/dejavu",
                                             "/usr/share/fonts/truetype/charis", "/usr/share/fonts/truetype/open-sans"};

// The packaged faces that may be `family`, read once per family.
const std::vector<BundledFace>& packaged_fonts(const std::string& family) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<BundledFace>> sets;
  std::lock_guard lock(mutex);
  auto it = sets.find(family);
  if (it != sets.end()) return it->second;
  const std::vector<std::string> dirs(std::begin(kPackagedFontDirs), std::end(kPackagedFontDirs));
  return sets.emplace(family, read_faces(dirs, may_hold, family)).first->second;
}

// The bundled face of the requested family nearest the requested style:
// the slant first, then the nearest weight, then the first in file order
// (fontconfig's order of precedence for these properties).
std::optional<Match> bundled_match(const FontRequest& request, const std::vector<BundledFace>& faces) {
  const BundledFace* best = nullptr;
  auto distance = [&](const BundledFace& f) {
    const bool slant_differs = f.italic != (request.slant == Slant::Italic);
    const int want = request.weight == Weight::Bold ? 700 : 400;
    return std::pair<bool, int>(slant_differs, std::abs(static_cast<int>(f.weight_class) - want));
  };
  for (const auto& face : faces) {
    if (!family_accepted(request.family_or_path, face.families)) continue;
    if (!best || distance(face) < distance(*best)) best = &face;
  }
  if (!best) return std::nullopt;
  return Match{best->file, best->index, best->families};
}

// The packaged face of exactly the requested family nearest its style. A
// family of several regions ("Noto Sans CJK", whose faces are SC, TC, JP…)
// is left to fontconfig, which picks the region by the language.
std::optional<Match> packaged_match(const FontRequest& request) {
  const std::string want = lower_ascii(request.family_or_path);
  std::vector<BundledFace> exact;
  for (const auto& face : packaged_fonts(request.family_or_path)) {
    const bool named = std::any_of(face.families.begin(), face.families.end(),
                                   [&](const std::string& family) { return lower_ascii(family) == want; });
    if (named) exact.push_back(face);
  }
  return bundled_match(request, exact);
}

// The system's font of the requested family, if it has one.
std::optional<Match> system_match(const FontRequest& request) {
  if (auto packaged = packaged_match(request)) return packaged;
  ensure_fontconfig();
  std::optional<Match> match = fontconfig_match(request);
  if (match && !family_accepted(request.family_or_path, match->families)) match.reset();
  return match;
}

bool style_matches(const FontRequest& request, Weight weight, Slant slant) {
  return request.weight == weight && request.slant == slant;
}

}  // namespace

void ensure_fontconfig() {
  static std::once_flag once;
  std::call_once(once, [] { FcInit(); });
}

// fontconfig's orthography names for the languages whose glyph forms differ
// between regions; the rest pass their primary subtag, which fontconfig only
// uses to order otherwise equal matches.
std::string fontconfig_language(const std::string& bcp47) {
  std::string tag = lower_ascii(bcp47);
  std::replace(tag.begin(), tag.end(), '_', '-');
  if (tag.empty()) return {};
  auto has_subtag = [&](std::string_view sub) {
    std::size_t pos = 0;
    while ((pos = tag.find(sub, pos)) != std::string::npos) {
      bool starts = pos == 0 || tag[pos - 1] == '-';
      bool ends = pos + sub.size() == tag.size() || tag[pos + sub.size()] == '-';
      if (starts && ends) return true;
      ++pos;
    }
    return false;
  };
  std::string primary = tag.substr(0, tag.find('-'));
  if (primary == "zh") {
    if (has_subtag("hk")) return "zh-hk";
    if (has_subtag("mo")) return "zh-mo";
    if (has_subtag("hant") || has_subtag("tw")) return "zh-tw";
    if (has_subtag("sg")) return "zh-sg";
    return "zh-cn";  // "zh", "zh-Hans", "zh-CN": simplified is the default reading of "zh"
  }
  if (primary.size() < 2 || primary.size() > 3) return {};
  return primary;  // "ja", "ko", "en", ...
}

std::optional<FaceId> find_face(FontBook& book, const FontRequest& request, bool* exact_style) {
  if (exact_style) *exact_style = true;
  if (request.family_or_path.empty()) return std::nullopt;

  if (looks_like_path(request.family_or_path)) {
    PathEntry entry = split_face_index(request.family_or_path);
    auto path = resolve_path(book, entry.path, request.relative_to);
    if (!path) return std::nullopt;
    // A file that exists but is not a font is the layout's mistake to fix:
    // load_file's FatalError names it.
    FaceId id = book.load_file(*path, entry.index, request.family_or_path, request.origin);
    const Face& face = book.face(id);
    if (exact_style) *exact_style = style_matches(request, face.weight, face.slant);
    return id;
  }

  std::optional<Match> match = bundled_match(request, bundled_fonts(book.bundled_font_dirs()));
  if (!match && request.defer_system) {
    const std::string key = request.family_or_path + '\n' + std::to_string(static_cast<int>(request.weight)) +
                            std::to_string(static_cast<int>(request.slant)) + '\n' + request.language;
    return book.defer(key, [request]() -> std::optional<FontBook::Location> {
      auto found = system_match(request);
      if (!found) return std::nullopt;
      return FontBook::Location{found->file, found->index};
    }, request.family_or_path, request.origin);
  }
  if (!match) match = system_match(request);
  if (!match) return std::nullopt;

  FaceId id = book.load_file(match->file, match->index, request.family_or_path, request.origin);
  // The face's own OS/2 style, not the match's FC_WEIGHT/FC_SLANT: the
  // system configuration's synthetic rules (90-synthetic.conf) report a
  // roman face as oblique when italic was asked for.
  const Face& face = book.face(id);
  if (exact_style) *exact_style = style_matches(request, face.weight, face.slant);
  return id;
}

namespace {

void collect_families(FcFontSet* set, std::vector<std::string>& out) {
  for (int i = 0; set && i < set->nfont; ++i) {
    FcChar8* family = nullptr;
    for (int n = 0; FcPatternGetString(set->fonts[i], FC_FAMILY, n, &family) == FcResultMatch; ++n)
      out.emplace_back(reinterpret_cast<const char*>(family));
  }
}

void collect_system_families(std::vector<std::string>& out) {
  FcPattern* pattern = FcPatternCreate();
  FcObjectSet* objects = FcObjectSetBuild(FC_FAMILY, nullptr);
  FcFontSet* set = FcFontList(nullptr, pattern, objects);
  collect_families(set, out);
  if (set) FcFontSetDestroy(set);
  FcObjectSetDestroy(objects);
  FcPatternDestroy(pattern);
}

void sort_unique(std::vector<std::string>& names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
}

}  // namespace

std::vector<std::string> installed_families() {
  ensure_fontconfig();
  std::vector<std::string> names;
  collect_system_families(names);
  sort_unique(names);
  return names;
}

std::vector<std::string> installed_families(const FontBook& book) {
  ensure_fontconfig();
  std::vector<std::string> names;
  collect_system_families(names);
  for (const auto& face : bundled_fonts(book.bundled_font_dirs()))
    names.insert(names.end(), face.families.begin(), face.families.end());
  sort_unique(names);
  return names;
}

}  // namespace cvpdf::text
