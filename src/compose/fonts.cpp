// Font resolution for a variant: layout family lists → FontChains.
#include "compose/fonts.hpp"

#include <memory>
#include <optional>
#include <set>

#include "text/font_lookup.hpp"

namespace cvpdf::compose {

namespace {

// The bundled icon font (fonts/ForkAwesome-Regular.ttf, OFL).
constexpr const char* kIconFamily = "ForkAwesome";

struct Resolver {
  text::FontBook& book;
  const std::string& language;
  Diagnostics& diags;
  std::set<std::string> warned{};  // "no bold face" is said once per family
  std::shared_ptr<Diagnostics*> alive = std::make_shared<Diagnostics*>(&diags);

  // Said once: the regular, bold and italic faces of a missing family
  // each find it missing, and every variant of the run asks again.
  std::function<void()> missing(const std::string& family, const SourceSpan& at) const {
    return [d = &diags, at, family] {
      d->warning_once(at, "font family '" + family + "' was not found",
                 "install it, give a font file path, or see `cvpdf --list-fonts`");
    };
  }

  // The face for one family entry in one style; nullopt when the family is
  // not found at all. `styled` tells whether the exact style exists. `at`:
  // the place of the list that named the family (Style::origin), where
  // messages point.
  std::optional<text::FaceId> find(const std::string& family, const SourceSpan& at, const std::string& directory,
                                   text::Weight w, text::Slant s, bool& styled, bool deferred = false) {
    styled = true;
    text::FontRequest request{family, w, s, language, directory};
    request.defer_system = deferred;
    request.origin = at;  // errors found after loading (subsetting, a changed file) point here too
    bool exact = true;
    std::optional<text::FaceId> id;
    try {
      id = text::find_face(book, request, &exact);
    } catch (const FatalError& e) {
      // A file that is not a font, or a damaged one: say which layout key named it.
      const Diagnostic& d = e.diagnostic();
      if (!at.known()) throw;
      throw FatalError({Severity::Error, at, "font '" + family + "' (" + d.span.file + "): " + d.message,
                        d.hint});
    }
    if (id) styled = exact;
    return id;
  }

  // `directory`: where the layer that named the list resolves relative paths.
  // `deferred`: system families are looked for on first use (find_face's
  // defer_system), so they neither warn here nor start fontconfig.
  void build_chain(const std::vector<std::string>& families, const SourceSpan& at, const std::string& directory,
                   text::Weight w, text::Slant s, text::FontChain& chain, bool quiet = false,
                   bool deferred = false) {
    for (const auto& family : families) {
      bool styled = true;
      auto id = find(family, at, directory, w, s, styled, deferred);
      const bool warns = !quiet && w == text::Weight::Regular && s == text::Slant::Upright;
      if (!id) {
        if (warns) missing(family, at)();
        continue;
      }
      // A deferred family is found missing when a character first needs
      // it: the warning is said then, into this composition's diagnostics
      // while it lasts (FontSet::alive).
      if (deferred && warns)
        book.when_missing(*id, [alive = std::weak_ptr<Diagnostics*>(alive), warn = missing(family, at)] {
          if (alive.lock()) warn();
        });
      if (!styled && w == text::Weight::Bold && !quiet) {
        std::string message = "font family '" + family + "' has no bold face; bold text uses the regular face";
        if (warned.insert(message).second)
          diags.warning(at, message, "choose a family with a bold face for real bold text");
      }
      chain.faces.push_back(*id);
    }
  }

};

}  // namespace

const text::FontChain& FontSet::chain(FontVariant v) const {
  if ((v == FontVariant::Mono || v == FontVariant::MonoBold) && build_mono) {
    const auto build = std::move(build_mono);
    build_mono = nullptr;
    build(*this);
  }
  switch (v) {
    case FontVariant::Bold: return bold;
    case FontVariant::Italic: return italic;
    case FontVariant::BoldItalic: return bold_italic;
    case FontVariant::Mono: return mono;
    case FontVariant::MonoBold: return mono_bold;
    case FontVariant::Regular: break;
  }
  return regular;
}

FontSet resolve_fonts(const theme::Style& style, const std::string& language, text::FontBook& book,
                      Diagnostics& diags) {
  Resolver r{book, language, diags};
  FontSet set;
  set.alive = r.alive;
  struct Slot {
    text::FontChain* chain;
    text::Weight weight;
    text::Slant slant;
  };
  const Slot slots[] = {
      {&set.regular, text::Weight::Regular, text::Slant::Upright},
      {&set.bold, text::Weight::Bold, text::Slant::Upright},
      {&set.italic, text::Weight::Regular, text::Slant::Italic},
      {&set.bold_italic, text::Weight::Bold, text::Slant::Italic},
  };
  for (const auto& slot : slots) {
    r.build_chain(style.latin_fonts, style.origin(style.latin_fonts).span, style.latin_font_directory, slot.weight,
                  slot.slant, *slot.chain);
    std::size_t latin_count = slot.chain->faces.size();
    if (latin_count == 0 && slot.chain == &set.regular) {
      throw FatalError({Severity::Error, style.origin(style.latin_fonts).span,
                        "none of the Latin fonts of the layout could be found",
                        "check fonts.latin in the layout, or use the built-in layout"});
    }
    // CJK faces have no italic; italic CJK text uses the upright face.
    if (slot.weight == text::Weight::Bold && !style.cjk_bold_fonts.empty()) {
      r.build_chain(style.cjk_bold_fonts, style.origin(style.cjk_bold_fonts).span, style.cjk_bold_font_directory, slot.weight,
                    text::Slant::Upright, *slot.chain, false, true);
    } else {
      r.build_chain(style.cjk_fonts, style.origin(style.cjk_fonts).span, style.cjk_font_directory, slot.weight,
                    text::Slant::Upright, *slot.chain, false, true);
    }
  }
  // Code: the monospace faces, then the regular (bold) chain for what they
  // lack. A mono family a layer names and that is missing warns; the
  // default's (DejaVu Sans Mono, not on every system) is quietly replaced
  // by the Latin face, as most résumés have no code to set in it.
  const theme::FieldOrigin mono_origin = style.origin(style.mono_fonts);
  const bool named = mono_origin.given;
  auto build_mono = [families = style.mono_fonts, directory = style.mono_font_directory, at = mono_origin.span,
                     named](const FontSet& s, Resolver& resolver) {
    resolver.build_chain(families, at, directory, text::Weight::Regular, text::Slant::Upright, s.mono, !named);
    resolver.build_chain(families, at, directory, text::Weight::Bold, text::Slant::Upright, s.mono_bold, !named);
    for (text::FaceId id : s.regular.faces) s.mono.faces.push_back(id);
    for (text::FaceId id : s.bold.faces) s.mono_bold.faces.push_back(id);
  };
  if (named) {
    build_mono(set, r);
  } else {
    // The default list warns about nothing: nothing is lost by looking later.
    set.build_mono = [build_mono, &book, language](const FontSet& s) {
      Diagnostics quiet;
      Resolver later{book, language, quiet};
      build_mono(s, later);
    };
  }
  set.metrics_face = set.regular.faces.front();
  if (style.contact_icons != theme::ContactIcons::None) {
    bool styled = true;
    if (auto icons = r.find(kIconFamily, style.origin(style.contact_icons).span, "", text::Weight::Regular,
                            text::Slant::Upright, styled)) {
      set.icon_face = *icons;
      for (const auto& slot : slots) slot.chain->faces.push_back(*icons);
    } else {
      diags.warning(style.origin(style.contact_icons).span, "the icon font '" + std::string(kIconFamily) + "' was not found",
                    "it is bundled in cvpdf's fonts/ directory; the contact items are set as text");
    }
  }
  return set;
}

}  // namespace cvpdf::compose
