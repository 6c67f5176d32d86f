// FontBook: the faces cvpdf has loaded (bundled files, layout paths and
// fontconfig matches), each file mapped once (MappedFile) and opened with
// HarfBuzz, shared by every variant of a run. Faces are addressed by FaceId.
// A face may also be deferred: its file is looked for (fontconfig) and
// opened on the first use of its FaceId, so a run opens only the faces a
// character needs (an English résumé never maps the CJK collections).
// Also owns noticing that a font file changed under a run (a mapped file cut
// short, or rewritten in place) and reopening changed files between --watch
// builds, and the cache of system fallback faces (font_fallback.hpp).
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <hb.h>

#include "core/diagnostics.hpp"
#include "core/units.hpp"
#include "text/mapped_file.hpp"

namespace cvpdf::text {

class SystemFallback;
class ColourEmoji;

using FaceId = std::uint32_t;
inline constexpr FaceId kNoFace = 0xFFFFFFFF;

enum class Weight { Regular, Bold };
enum class Slant { Upright, Italic };

// One loaded face. Metrics are in font units (units_per_em per em).
struct Face {
  FaceId id = kNoFace;
  std::string path;        // the file it was loaded from
  unsigned index = 0;      // face index within a collection (.ttc)
  std::string family;      // family name from the font
  std::string postscript_name;
  Weight weight = Weight::Regular;
  Slant slant = Slant::Upright;
  bool synthetic_bold = false;  // never set silently: a warning goes with it
  unsigned units_per_em = 1000;
  int ascender = 0;    // typographic ascender (positive)
  int descender = 0;   // typographic descender (negative)
  int cap_height = 0;
  int x_height = 0;
  bool is_cff = false;       // outlines in a CFF table (OpenType/CFF), not glyf
  bool is_cid_keyed = false; // CFF with a CID-keyed charset (e.g. Noto CJK)
  hb_blob_t* blob = nullptr; // the whole file, over `file`'s mapping
  hb_face_t* hb_face = nullptr;
  hb_font_t* hb_font = nullptr;  // scale = units_per_em, HarfBuzz's own font functions
  std::shared_ptr<const MappedFile> file;
  // The layout entry that first named this face and where ("fonts.latin"'s
  // value in a layout file), for messages about the font found later, when
  // it is shaped or embedded. Empty span when unknown (a test, a fuzzer).
  std::string named_as;
  SourceSpan named_at;
  // The characters this face was found for by system fallback, in the
  // order they were first asked for (for -v); empty for a face a layout names.
  std::vector<char32_t> fallback_for;

  // A FatalError about this font: at the layout key that named it when
  // known ("layout.yaml:3:10: font './x.ttf' (/abs/x.ttf): message"), else
  // at the font file ("/abs/x.ttf: message"). When the file changed under
  // the read, the error says so instead: that is the cause.
  FatalError error(const std::string& message, const std::string& hint) const;
  // Throws error("the font file changed while cvpdf was reading it") when
  // the file was cut short under a read or rewritten in place since it was
  // opened: whatever was read from it may be garbage.
  void check_unchanged() const;

  // A deferred face whose font was not found has no font: no glyphs.
  bool has_glyph(char32_t cp) const;
  std::uint32_t glyph_for(char32_t cp) const;  // 0 when missing
  int advance(std::uint32_t glyph) const;      // horizontal advance in font units
  // A length in font units at a given size.
  Scaled scale(int font_units, Scaled size) const {
    return static_cast<Scaled>(static_cast<long double>(font_units) * size / units_per_em);
  }
};

// The existing directories where bundled fonts may live, in search order:
// `<exe_dir>/../share/cvpdf/fonts` (a relocated install tree),
// `<exe_dir>/fonts`, then the compiled-in install directory
// (CVPDF_INSTALL_FONT_DIR) and the source tree's fonts/ (CVPDF_SOURCE_FONT_DIR).
// An empty `executable_path` means this process's own executable
// (/proc/self/exe). Duplicates (by canonical path) are dropped.
std::vector<std::string> default_bundled_font_dirs(const std::string& executable_path = {});

class FontBook {
 public:
  // Starts with default_bundled_font_dirs() of the running executable.
  FontBook();
  ~FontBook();
  FontBook(const FontBook&) = delete;
  FontBook& operator=(const FontBook&) = delete;

  // Loads (once) the face `index` of the file at `path`. Throws FatalError
  // naming the file when it is missing, unreadable or not a font (IoError
  // when it exists but cannot be read). `named_as`/`named_at`: the layout
  // entry asking for it, kept on the face for later messages (the first
  // one given wins). A face that refresh_changed_files() could not reopen
  // is tried again here, so its error reaches the layout key that names it.
  FaceId load_file(const std::string& path, unsigned index = 0, const std::string& named_as = {},
                   const SourceSpan& named_at = {});

  // A deferred face is looked for and opened here, on its first use.
  const Face& face(FaceId id) const {
    if (id < deferred_.size() && deferred_[id]) open_deferred(id);
    return *faces_.at(id);
  }

  // Where a deferred face's file is: nullopt when there is none.
  struct Location {
    std::string path;
    unsigned index = 0;
  };
  using Locator = std::function<std::optional<Location>()>;
  // A FaceId now, the face on its first face(id): `locate` runs then (once)
  // and the file it names is opened as load_file would. The same `key`
  // (the request: family, style, language) gives the same FaceId. Errors
  // opening the file are load_file's, at `named_at` when known ("font
  // 'named_as' (path): ..."), thrown from that first face(id). When
  // `locate` finds nothing the face has no glyphs (and no file).
  FaceId defer(const std::string& key, Locator locate, const std::string& named_as = {},
               const SourceSpan& named_at = {});
  // For a deferred face: `hook` runs when its lookup finds nothing — now,
  // if it already has; on the first face(id) if that is still to come
  // (replacing an earlier hook). Nothing for other faces. The composer's
  // "font family not found" warning, said only when a character needed it.
  void when_missing(FaceId id, std::function<void()> hook);
  // Whether the face has a font file open: false for a deferred face not
  // used yet or not found (for -v's and the depfile's list of fonts read).
  bool opened(FaceId id) const { return !deferred_.at(id) && faces_.at(id)->file != nullptr; }

  // The installed face that sets `cp` when no face of a chain has it
  // (SystemFallback's rule; `language` is the text's BCP 47 tag, `weight`
  // and `slant` those of the chain), loaded on first use; kNoFace when no
  // usable installed font has it, or fallback is off. Const although it
  // may load a face: the book is a cache of the system's fonts, and no
  // FaceId or face already handed out changes.
  FaceId fallback_face(char32_t cp, const std::string& language, Weight weight, Slant slant) const;
  // On by default. Off: only the chains' faces set text (tests that need
  // the same output whatever fonts a machine has installed).
  void set_system_fallback(bool on) { fallback_on_ = on; }
  bool system_fallback() const { return fallback_on_; }
  // The installed colour emoji face (colour_emoji.hpp), looked for on the
  // first call; null when there is none or system fallback is off (the
  // output must not depend on what a machine has installed then).
  const ColourEmoji* colour_emoji() const;
  // The same, without looking for it: null until colour_emoji() found it.
  const ColourEmoji* colour_emoji_if_sought() const { return colour_emoji_.get(); }
  std::size_t size() const { return faces_.size(); }

  // Face::check_unchanged() for every face (but those refresh could not
  // reopen): call after shaping and after subsetting, before trusting any
  // output made from the fonts.
  void check_unchanged() const;

  // For --watch, before each rebuild: reopens every face whose file's
  // (device, inode, size, mtime) differs from when it was opened, or whose
  // mapping faulted. FaceIds stay valid. A file that no longer opens keeps
  // its old face (still safe to read) and is reported by the next
  // load_file of it. Returns the paths reopened or found broken.
  std::vector<std::string> refresh_changed_files();

  // Directories searched for bundled fonts and layout font paths, in order:
  // next to the executable (build tree / install tree), then the compiled-in
  // install and source directories.
  const std::vector<std::string>& bundled_font_dirs() const { return bundled_dirs_; }
  void set_bundled_font_dirs(std::vector<std::string> dirs) { bundled_dirs_ = std::move(dirs); }

 private:
  friend class SystemFallback;

  // load_file's work, callable from fallback_face (hence const, over
  // mutable members: loading adds a face and changes none).
  FaceId load(const std::string& path, unsigned index, const std::string& named_as, const SourceSpan& named_at) const;
  // Opens face `index` of `path` into `face` (everything but id and origin).
  static void open_face(Face& face, const std::string& path, unsigned index);
  static void release(Face& face);
  void open_deferred(FaceId id) const;

  mutable std::vector<std::unique_ptr<Face>> faces_;
  mutable std::vector<bool> stale_;  // by FaceId: its file changed and did not reopen
  mutable std::vector<bool> deferred_;  // by FaceId: not looked for yet
  mutable std::vector<Locator> locators_;  // by FaceId: empty but for deferred faces
  mutable std::vector<bool> lazy_;  // by FaceId: made by defer()
  mutable std::vector<std::function<void()>> missing_hooks_;  // by FaceId
  std::map<std::string, FaceId> deferred_keys_;
  std::vector<std::string> bundled_dirs_;
  bool fallback_on_ = true;
  mutable std::unique_ptr<SystemFallback> fallback_;  // made on the first fallback lookup
  mutable std::unique_ptr<ColourEmoji> colour_emoji_;
  mutable bool colour_emoji_sought_ = false;
};

}  // namespace cvpdf::text
