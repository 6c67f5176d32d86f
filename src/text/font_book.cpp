// FontBook: opening font files once (a MappedFile under a HarfBuzz
// blob/face/font) and reading the metrics the composer and the PDF backend
// need; noticing changed files; where bundled fonts live.
#include "text/font_book.hpp"

#include <filesystem>
#include <limits>

#include <hb-ot.h>

#include "text/colour_emoji.hpp"
#include "text/font_fallback.hpp"
#include "text/font_tables.hpp"

namespace cvpdf::text {

namespace {

// A blob over a MappedFile's bytes that keeps the mapping alive for as long
// as HarfBuzz holds the blob (or any sub-blob of a table). READONLY, not
// MAY_MAKE_WRITABLE: a table HarfBuzz must patch (a damaged font) is copied
// instead of the mapping being made writable, so the zero pages the SIGBUS
// handler maps read-only are never written to.
hb_blob_t* blob_over(const std::shared_ptr<const MappedFile>& file) {
  const std::string_view bytes = file->bytes();
  auto* keep = new std::shared_ptr<const MappedFile>(file);
  return hb_blob_create(bytes.data(), static_cast<unsigned>(bytes.size()), HB_MEMORY_MODE_READONLY, keep,
                        [](void* p) { delete static_cast<std::shared_ptr<const MappedFile>*>(p); });
}

}  // namespace

bool Face::has_glyph(char32_t cp) const {
  if (!hb_font) return false;
  hb_codepoint_t glyph = 0;
  return hb_font_get_nominal_glyph(hb_font, cp, &glyph) && glyph != 0;
}

std::uint32_t Face::glyph_for(char32_t cp) const {
  if (!hb_font) return 0;
  hb_codepoint_t glyph = 0;
  if (!hb_font_get_nominal_glyph(hb_font, cp, &glyph)) return 0;
  return glyph;
}

int Face::advance(std::uint32_t glyph) const { return hb_font ? hb_font_get_glyph_h_advance(hb_font, glyph) : 0; }

std::vector<std::string> default_bundled_font_dirs(const std::string& executable_path) {
  namespace fs = std::filesystem;
  std::vector<fs::path> candidates;
  std::error_code ec;
  fs::path exe = executable_path.empty() ? fs::read_symlink("/proc/self/exe", ec) : fs::path(executable_path);
  if (!exe.empty()) {
    // argv[0] may be relative or a symlink (e.g. /usr/local/bin/cvpdf -> ../opt/...);
    // the fonts sit next to the real file.
    fs::path real = fs::weakly_canonical(fs::absolute(exe, ec), ec);
    fs::path dir = (ec ? exe : real).parent_path();
    candidates.push_back(dir / ".." / "share" / "cvpdf" / "fonts");
    candidates.push_back(dir / "fonts");
  }
#ifdef CVPDF_INSTALL_FONT_DIR
  candidates.emplace_back(CVPDF_INSTALL_FONT_DIR);
#endif
#ifdef CVPDF_SOURCE_FONT_DIR
  candidates.emplace_back(CVPDF_SOURCE_FONT_DIR);
#endif
  std::vector<std::string> dirs;
  std::vector<fs::path> seen;
  for (const auto& candidate : candidates) {
    std::error_code dir_ec;
    if (!fs::is_directory(candidate, dir_ec)) continue;
    fs::path canonical = fs::canonical(candidate, dir_ec);
    if (dir_ec) continue;
    bool duplicate = false;
    for (const auto& s : seen) duplicate = duplicate || s == canonical;
    if (duplicate) continue;
    seen.push_back(canonical);
    dirs.push_back(canonical.string());
  }
  return dirs;
}

FontBook::FontBook() : bundled_dirs_(default_bundled_font_dirs()) {}


FontBook::~FontBook() {
  for (auto& f : faces_) release(*f);
}

void FontBook::release(Face& face) {
  hb_font_destroy(face.hb_font);
  hb_face_destroy(face.hb_face);
  hb_blob_destroy(face.blob);
  face.hb_font = nullptr;
  face.hb_face = nullptr;
  face.blob = nullptr;
  face.file.reset();
}

void FontBook::open_face(Face& face, const std::string& path, unsigned index) {
  auto fail = [&](const std::string& why, const std::string& hint) {
    release(face);
    throw FatalError({Severity::Error, SourceSpan{path, 0, 0}, why, hint});
  };
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) fail("font file not found", "check the path in the layout's fonts");
  face.file = MappedFile::open(path);
  const ByteReader file(face.file->bytes());
  if (file.size() > std::numeric_limits<unsigned>::max())
    fail("the font file is too large (over 4 GB)", "use another font file");
  face.blob = blob_over(face.file);
  const unsigned face_count = hb_face_count(face.blob);
  if (face_count == 0) fail("not a font file (no OpenType/TrueType faces)", "use a .ttf, .otf or .ttc file");
  if (index >= face_count)
    fail("the font collection has " + std::to_string(face_count) + (face_count == 1 ? " face" : " faces") +
             ", no face " + std::to_string(index),
         "use a face index below " + std::to_string(face_count));
  if (std::string table = damaged_table(file, index); !table.empty())
    fail("the font file is truncated or damaged (" + table + " runs past the end of the file)",
         "download or copy the font again");
  face.hb_face = hb_face_create(face.blob, index);
  const unsigned upem = hb_face_get_upem(face.hb_face);
  if (hb_face_get_glyph_count(face.hb_face) == 0 || upem < 16 || upem > 16384)
    fail("corrupt or unsupported font file (no glyphs or a bad head table)", "use another copy of the font");

  face.path = path;
  face.index = index;
  face.hb_font = hb_font_create(face.hb_face);
  face.units_per_em = upem;
  hb_font_set_scale(face.hb_font, static_cast<int>(upem), static_cast<int>(upem));

  auto name = [&](hb_ot_name_id_t id) {
    // The length comes back as the return value; the in/out size only
    // counts what was written (nothing, with no buffer).
    unsigned size = 0;
    unsigned length = hb_ot_name_get_utf8(face.hb_face, id, HB_LANGUAGE_INVALID, &size, nullptr);
    std::string s(length + 1, '\0');
    size = static_cast<unsigned>(s.size());
    hb_ot_name_get_utf8(face.hb_face, id, HB_LANGUAGE_INVALID, &size, s.data());
    s.resize(size);
    return s;
  };
  face.family = name(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY);
  if (face.family.empty()) face.family = name(HB_OT_NAME_ID_FONT_FAMILY);
  face.postscript_name = name(HB_OT_NAME_ID_POSTSCRIPT_NAME);
  if (face.postscript_name.empty()) face.postscript_name = "cvpdf-font-" + std::to_string(face.id);

  hb_position_t value = 0;
  auto metric = [&](hb_ot_metrics_tag_t tag, int fallback) {
    return hb_ot_metrics_get_position(face.hb_font, tag, &value) ? value : fallback;
  };
  face.ascender = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, static_cast<int>(upem * 8 / 10));
  face.descender = metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, -static_cast<int>(upem * 2 / 10));
  face.cap_height = metric(HB_OT_METRICS_TAG_CAP_HEIGHT, static_cast<int>(upem * 7 / 10));
  face.x_height = metric(HB_OT_METRICS_TAG_X_HEIGHT, static_cast<int>(upem / 2));

  const FontTable cff(face.hb_face, "CFF ");
  face.is_cff = !cff.empty();
  if (face.is_cff && !cff_well_formed(cff.reader()))
    fail("the font file is damaged (its 'CFF ' table is malformed)",
         "download or copy the font again, or use another font");
  face.is_cid_keyed = face.is_cff && cff_is_cid_keyed(cff.reader());

  // Style from OS/2: usWeightClass and fsSelection's italic bit.
  face.weight = Weight::Regular;
  face.slant = Slant::Upright;
  if (auto style = os2_style(FontTable(face.hb_face, "OS/2").reader())) {
    face.weight = style->weight_class >= 600 ? Weight::Bold : Weight::Regular;
    face.slant = style->italic ? Slant::Italic : Slant::Upright;
  }
}

FaceId FontBook::load_file(const std::string& path, unsigned index, const std::string& named_as,
                           const SourceSpan& named_at) {
  return load(path, index, named_as, named_at);
}

FaceId FontBook::fallback_face(char32_t cp, const std::string& language, Weight weight, Slant slant) const {
  if (!fallback_on_) return kNoFace;
  if (!fallback_) fallback_ = std::make_unique<SystemFallback>();
  return fallback_->face_for(*this, cp, language, weight, slant);
}

const ColourEmoji* FontBook::colour_emoji() const {
  if (!fallback_on_) return nullptr;
  if (!colour_emoji_sought_) {
    colour_emoji_ = ColourEmoji::find_installed();
    colour_emoji_sought_ = true;
  }
  return colour_emoji_.get();
}

FaceId FontBook::load(const std::string& path, unsigned index, const std::string& named_as,
                      const SourceSpan& named_at) const {
  auto remember = [&](Face& face) {
    if (!face.named_at.known() && named_at.known()) {
      face.named_as = named_as;
      face.named_at = named_at;
    }
    return face.id;
  };
  for (auto& f : faces_) {
    if (f->path != path || f->index != index) continue;
    if (stale_[f->id]) {
      // refresh_changed_files() could not reopen it: try again, so the
      // error reaches whoever names the font now.
      Face fresh;
      fresh.id = f->id;
      open_face(fresh, path, index);
      release(*f);
      fresh.named_as = f->named_as;
      fresh.named_at = f->named_at;
      fresh.fallback_for = f->fallback_for;
      *f = std::move(fresh);
      stale_[f->id] = false;
    }
    return remember(*f);
  }
  auto face = std::make_unique<Face>();
  face->id = static_cast<FaceId>(faces_.size());
  open_face(*face, path, index);
  faces_.push_back(std::move(face));
  stale_.push_back(false);
  deferred_.push_back(false);
  locators_.emplace_back();
  lazy_.push_back(false);
  missing_hooks_.emplace_back();
  return remember(*faces_.back());
}

FaceId FontBook::defer(const std::string& key, Locator locate, const std::string& named_as,
                       const SourceSpan& named_at) {
  if (auto it = deferred_keys_.find(key); it != deferred_keys_.end()) return it->second;
  auto face = std::make_unique<Face>();
  face->id = static_cast<FaceId>(faces_.size());
  face->named_as = named_as;
  face->named_at = named_at;
  faces_.push_back(std::move(face));
  stale_.push_back(false);
  deferred_.push_back(true);
  locators_.push_back(std::move(locate));
  lazy_.push_back(true);
  missing_hooks_.emplace_back();
  deferred_keys_.emplace(key, faces_.back()->id);
  return faces_.back()->id;
}

void FontBook::when_missing(FaceId id, std::function<void()> hook) {
  if (!lazy_.at(id)) return;
  if (deferred_[id]) {
    missing_hooks_[id] = std::move(hook);
  } else if (!faces_[id]->file) {
    hook();
  }
}

void FontBook::open_deferred(FaceId id) const {
  // Looked for once, found or not, even when opening throws.
  deferred_[id] = false;
  const Locator locate = std::move(locators_[id]);
  locators_[id] = nullptr;
  const std::optional<Location> where = locate();
  if (!where) {
    const auto hook = std::move(missing_hooks_[id]);
    missing_hooks_[id] = nullptr;
    if (hook) hook();
    return;
  }
  Face& face = *faces_[id];
  try {
    open_face(face, where->path, where->index);
  } catch (const FatalError& e) {
    // As a layout key's font that load_file refused: at that key.
    Face named;
    named.path = where->path;
    named.named_as = face.named_as;
    named.named_at = face.named_at;
    throw named.error(e.diagnostic().message, e.diagnostic().hint);
  }
}

namespace {
constexpr const char* kChanged = "the font file changed while cvpdf was reading it";
constexpr const char* kChangedHint =
    "wait until the file is completely written (a copy or download in progress?) and run again";
}  // namespace

FatalError Face::error(const std::string& message, const std::string& hint) const {
  // Whatever went wrong, a file that changed under the read is the cause to report.
  const bool changed = file && file->changed();
  const std::string what = changed ? std::string(kChanged) : message;
  const std::string how = changed ? std::string(kChangedHint) : hint;
  if (named_at.known())
    return FatalError({Severity::Error, named_at, "font '" + named_as + "' (" + path + "): " + what, how});
  return FatalError({Severity::Error, SourceSpan{path, 0, 0}, what, how});
}

void Face::check_unchanged() const {
  if (file && file->changed()) throw error(kChanged, kChangedHint);
}

void FontBook::check_unchanged() const {
  // A stale face is in no current result: any use goes through load_file,
  // which reopens it or throws. Checking it would fail every build for a
  // font the layout may no longer name.
  for (const auto& f : faces_)
    if (!stale_[f->id]) f->check_unchanged();
}

std::vector<std::string> FontBook::refresh_changed_files() {
  std::vector<std::string> changed;
  for (auto& f : faces_) {
    if (!f->file) continue;
    const auto now = stamp_of(f->path);
    if (!f->file->faulted() && now && *now == f->file->stamp()) continue;
    changed.push_back(f->path);
    Face fresh;
    fresh.id = f->id;
    try {
      open_face(fresh, f->path, f->index);
    } catch (const FatalError&) {
      // Keep the old face (its memory stays readable) until load_file
      // asks for this file again and reports what is wrong with it.
      stale_[f->id] = true;
      continue;
    }
    fresh.named_as = f->named_as;
    fresh.named_at = f->named_at;
    fresh.fallback_for = f->fallback_for;
    release(*f);
    *f = std::move(fresh);
    stale_[f->id] = false;
  }
  return changed;
}

}  // namespace cvpdf::text
