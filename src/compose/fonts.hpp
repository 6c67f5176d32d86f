// The faces a variant is set in: for each of regular, bold, italic and bold
// italic, a chain of Latin faces then CJK faces (the shaper picks, per
// character, the first face that has it); for `code` (mono, mono bold) the
// monospace faces of fonts.mono before those.
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "core/diagnostics.hpp"
#include "model/language_tags.hpp"
#include "text/font_book.hpp"
#include "text/shaper.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose {

enum class FontVariant { Regular, Bold, Italic, BoldItalic, Mono, MonoBold };

struct FontSet {
  text::FontChain regular, bold, italic, bold_italic;
  // Built by chain(Mono/MonoBold) on first use when the list is the
  // default one (most résumés set no code: no fontconfig lookup for it).
  mutable text::FontChain mono, mono_bold;
  text::FaceId metrics_face = text::kNoFace;  // first Latin regular face: struts and spaces
  // The contact icons' face (bundled Fork Awesome), last in every chain so
  // only its private-use icons reach it; kNoFace unless header.contact-icons
  // asks for icons.
  text::FaceId icon_face = text::kNoFace;

  const text::FontChain& chain(FontVariant v) const;

  // Fills mono and mono_bold; empty once they are.
  mutable std::function<void(const FontSet&)> build_mono{};
  // Held while the set is: a deferred family found missing later warns
  // into the diagnostics of the composition it was resolved for, and into
  // none once that is over (a --watch rebuild resolves the set again).
  std::shared_ptr<Diagnostics*> alive;
};

// Resolves the layout's font lists for `language` (BCP 47). A family is
// looked for among the bundled fonts, then through fontconfig; a path is
// loaded as it is (text::find_face). The CJK lists' system families, and
// the default monospace list (its chains made on first use), are looked
// for and opened on the first character that needs them (FontBook::defer):
// a run with no CJK text and no code neither starts fontconfig for them nor
// maps them, and a missing one leaves its characters to the next face and
// warns when a character first needs it. Other missing families warn; a
// style a family lacks (no bold face) warns once and uses the regular face,
// never a faked bold. Throws FatalError when no Latin face can be found.
// Messages point where each list was set (Style::origin).
FontSet resolve_fonts(const theme::Style& style, const std::string& language, text::FontBook& book,
                      Diagnostics& diags);

}  // namespace cvpdf::compose
