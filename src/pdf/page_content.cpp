// frame::Page → content stream (see page_content.hpp).
//
// Glyph positions: the frame gives each glyph's advance as set (justified
// spaces are wider, kerning already applied); the PDF reader advances by the
// width in /W. Instead of writing a correction after every glyph, the painter
// keeps both pens in integer millionths of an em — where the frame says the
// glyph goes, and where the reader will put it — and writes a TJ adjustment
// only when they drift apart by a tenth of a thousandth of an em or more.
// A run set with font expansion (frame::GlyphRun::expansion) is drawn with
// the horizontal scaling (Tz) set to as much, which both pens are kept in.
// Rounding never accumulates, because the target is recomputed from the
// exact scaled-point sum for every glyph.
#include "pdf/page_content.hpp"

#include <algorithm>
#include <optional>
#include <variant>

#include "core/diagnostics.hpp"
#include "pdf/cluster_pieces.hpp"
#include "pdf/content_stream.hpp"
#include "pdf/extraction_spans.hpp"
#include "pdf/format.hpp"

namespace cvpdf::pdf {

namespace {

[[noreturn]] void internal_error(const std::string& message) {
  throw FatalError({Severity::Error, SourceSpan{}, message, "this is a bug in cvpdf; please report it"});
}

// a × 10^6 / b rounded half away from zero (b > 0).
std::int64_t micro_ratio(std::int64_t a, std::int64_t b) {
  const __int128 scaled = static_cast<__int128>(a) * 1000000;
  return static_cast<std::int64_t>(scaled >= 0 ? (scaled + b / 2) / b : -((-scaled + b / 2) / b));
}

// a / b rounded half away from zero (b > 0).
std::int64_t rounded_div(std::int64_t a, std::int64_t b) { return a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b); }

double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }

// Below this drift (in millionths of an em) no adjustment is written: 100
// is a tenth of a TJ unit, 0.001 pt at 10 pt — nothing any device shows.
constexpr std::int64_t kAdjustThreshold = 100;

// Glyph `id` of `font`, from its maps.
PaintGlyph search(const PageFont& font, std::uint32_t id) {
  const auto encoded = font.glyphs->find(id);
  if (encoded == font.glyphs->end()) return {};
  PaintGlyph g{true, encoded->second.code, encoded->second.width, nullptr};
  if (font.unicode) {
    const auto mapped = font.unicode->find(g.code);
    if (mapped != font.unicode->end()) g.unicode = &mapped->second;
  }
  return g;
}

// The same through the font's index when it has one.
PaintGlyph lookup(const PageFont& font, std::uint32_t id) {
  if (!font.by_id.empty()) return id < font.by_id.size() ? font.by_id[id] : PaintGlyph{};
  return search(font, id);
}

// Glyph `id` of `font` standing for `piece` of its cluster, or drawn as an
// added hyphen (piece kSoftHyphenText), when the font gave it a code for
// that piece (TrueType); else as lookup finds it.
PaintGlyph lookup_piece(const PageFont& font, std::uint32_t id, const std::string& piece) {
  if (!font.piece_codes) return lookup(font, id);
  const auto code = font.piece_codes->find({id, piece});
  if (code == font.piece_codes->end()) return lookup(font, id);
  PaintGlyph g{true, code->second.code, code->second.width, nullptr};
  if (!font.unicode) return g;
  if (const auto mapped = font.unicode->find(g.code); mapped != font.unicode->end()) g.unicode = &mapped->second;
  return g;
}

// True when the glyph's text differs from what the ToUnicode map says for
// its code (an empty text is a cluster continuation and needs nothing).
bool needs_actual_text(const PageFont& font, const PaintGlyph& glyph, const std::string& text) {
  if (text.empty() || !font.unicode) return false;
  return !glyph.unicode || *glyph.unicode != text;
}

// Whether `positions` holds a glyph of element `element`.
bool has_element(const std::set<GlyphPosition>& positions, std::size_t element) {
  const auto at = positions.lower_bound({element, 0});
  return at != positions.end() && at->first == element;
}

class Painter {
 public:
  Painter(const frame::Page& page, const PageResources& resources)
      : page_(page),
        resources_(resources),
        tagged_(resources.structure && !resources.structure->empty()),
        spans_(plan_extraction_spans(page, tagged_)) {}

  PaintedPage run() {
    for (std::size_t e = 0; e < page_.elements.size(); ++e) {
      const frame::Element& element = page_.elements[e];
      if (const auto* link = std::get_if<frame::LinkArea>(&element)) {
        // An annotation, nothing to draw; the structure writer places it.
        out_.links.push_back({e, link->tag});
        continue;
      }
      if (!paints(element)) continue;
      if (const auto* run = std::get_if<frame::GlyphRun>(&element)) {
        paint(*run, e);
        continue;
      }
      leave_text();
      if (tagged_) enter_sequence(std::visit([](const auto& el) { return el.tag; }, element));
      if (const auto* rule = std::get_if<frame::Rule>(&element)) paint(*rule);
      else if (const auto* image = std::get_if<frame::Image>(&element)) paint(*image);
    }
    leave_text();
    close_sequence();
    out_.content = stream_.take();
    return std::move(out_);
  }

 private:
  double x_pt(Scaled x) const { return to_pt(x); }
  double y_pt(Scaled y_from_top) const { return to_pt(page_.height - y_from_top); }

  void fill_colour(const frame::Color& c) {
    const frame::Color clamped{clamp01(c.r), clamp01(c.g), clamp01(c.b)};
    if (fill_ && *fill_ == clamped) return;
    stream_.set_fill_rgb(clamped.r, clamped.g, clamped.b);
    fill_ = clamped;
  }

  // A marked-content sequence lives on one side of BT/ET: one opened inside
  // a text object is closed before ET, one opened outside before BT.
  void enter_text() {
    if (in_text_) return;
    if (!sequence_in_text_) close_sequence();
    stream_.begin_text();
    in_text_ = true;
  }

  void leave_text() {
    if (!in_text_) return;
    if (sequence_in_text_) close_sequence();
    stream_.end_text();
    in_text_ = false;
    paint_pictures();
  }

  // The colour emoji pictures of the runs just written, which a text object
  // cannot hold.
  void paint_pictures() {
    for (const frame::EmojiPicture& picture : pictures_) {
      const auto name = resources_.emoji.find(picture.glyph->glyph);
      if (name == resources_.emoji.end())
        internal_error("no PDF image for colour emoji glyph " + std::to_string(picture.glyph->glyph));
      out_.emoji_used.insert(picture.glyph->glyph);
      if (tagged_) enter_sequence(frame::Tag{frame::kArtifact, 0});
      stream_.save_state();
      stream_.transform(to_pt(picture.width), 0, 0, to_pt(picture.height), x_pt(picture.x),
                        y_pt(picture.y + picture.height));
      stream_.draw_xobject(name->second);
      stream_.restore_state();
    }
    pictures_.clear();
  }

  // Which glyphs of `run` a colour picture stands for (written invisibly);
  // the pictures wait in pictures_ for the text object's end.
  std::vector<bool> hidden_glyphs(const frame::GlyphRun& run) {
    std::vector<bool> hidden;
    for (frame::EmojiPicture& picture : frame::emoji_pictures(run, resources_.colour_emoji)) {
      hidden.resize(run.glyphs.size());
      std::fill_n(hidden.begin() + static_cast<std::ptrdiff_t>(picture.first), picture.count, true);
      pictures_.push_back(picture);
    }
    return hidden;
  }

  void close_sequence() {
    if (!in_sequence_) return;
    stream_.end_marked_content();
    in_sequence_ = false;
  }

  // Continues the open marked-content sequence when the content belongs to
  // its node and asks no /ActualText of its own, else closes it and opens
  // one for `tag` (with `actual_text`, UTF-16BE hex, when given).
  void enter_sequence(const frame::Tag& tag, const std::string* actual_text = nullptr) {
    if (tag.node != frame::kArtifact &&
        (tag.node < 0 || static_cast<std::size_t>(tag.node) >= resources_.structure->size()))
      internal_error("an element is tagged with structure node " + std::to_string(tag.node) + " of " +
                     std::to_string(resources_.structure->size()));
    if (in_sequence_ && !actual_text && tag.node == sequence_node_) {
      if (tag.node != frame::kArtifact) out_.marked.back().seq = std::min(out_.marked.back().seq, tag.seq);
      return;
    }
    close_sequence();
    if (tag.node == frame::kArtifact) {
      stream_.begin_artifact();
    } else {
      const frame::StructNode& node = (*resources_.structure)[static_cast<std::size_t>(tag.node)];
      const std::string& role = node.standard_role.empty() ? node.role : node.standard_role;
      stream_.begin_marked_content(actual_text ? std::string("Span") : role,
                                   static_cast<std::int64_t>(out_.marked.size()),
                                   actual_text ? std::optional<std::string>(*actual_text) : std::nullopt);
      out_.marked.push_back({tag.node, tag.seq});
    }
    in_sequence_ = true;
    sequence_in_text_ = in_text_;
    sequence_node_ = tag.node;
  }

  // An /ActualText sequence. On a tagged page the node's content takes a
  // sequence of its own, `/Span <</MCID n/ActualText <…>>> BDC`, rather than
  // a /Span nested inside the node's sequence, because of two poppler
  // 22.12 behaviours: its structure reader ends an MCID's content at the
  // first EMC, nested or not (the rest of a paragraph after a hyphenated
  // word went missing), and its text extraction honours /ActualText only
  // on a sequence tagged /Span (on `/P <</MCID n/ActualText …>>` it reads
  // the glyphs). The tag of a tagged sequence is not what the structure
  // element's type comes from (/S is), so /Span is safe there. An artifact
  // is in no tree: it keeps its /Artifact sequence with a /Span nested in it.
  void begin_actual_text(const frame::Tag& tag, const std::string& utf8) {
    const std::string hex = utf16be_hex(utf8);
    nested_actual_text_ = !tagged_ || tag.node == frame::kArtifact;
    if (!nested_actual_text_) {
      enter_sequence(tag, &hex);
      return;
    }
    if (tagged_) enter_sequence(tag);
    stream_.begin_actual_text(hex);
  }

  void end_actual_text() {
    if (nested_actual_text_) stream_.end_marked_content();
    else close_sequence();
  }

  void paint(const frame::GlyphRun& run, std::size_t element) {
    const auto font = resources_.fonts.find(run.face);
    if (font == resources_.fonts.end() || !font->second.glyphs)
      internal_error("no PDF font for face #" + std::to_string(run.face));
    out_.fonts_used.insert(run.face);

    enter_text();
    // The run's sequence opens before its text state when its first glyph
    // is plain, so that state belongs with the glyphs it sets.
    // A span running on from the previous run keeps its sequence, which
    // now holds this run too.
    if (tagged_ && in_span_ && run.tag.node != frame::kArtifact)
      out_.marked.back().seq = std::min(out_.marked.back().seq, run.tag.seq);
    // Span starts and ends are few: a run without any looks none up per glyph.
    const bool starts_here = has_element(spans_.starts, element);
    const bool ends_here = has_element(spans_.ends, element);
    // A glyph of a many-glyph cluster with a code for its piece reads as
    // that piece (cluster_pieces.hpp).
    const auto pieces = font->second.piece_codes && !font->second.piece_codes->empty()
                            ? cluster_pieces(run.glyphs)
                            : std::vector<std::optional<std::string>>();
    auto encode = [&](std::size_t g, const std::string*& text) {
      text = &run.glyphs[g].text;
      if (*text == kSoftHyphenText) return lookup_piece(font->second, run.glyphs[g].id, *text);
      if (pieces.empty() || !pieces[g]) return lookup(font->second, run.glyphs[g].id);
      PaintGlyph found = lookup_piece(font->second, run.glyphs[g].id, *pieces[g]);
      if (font->second.piece_codes->count({run.glyphs[g].id, *pieces[g]})) text = &*pieces[g];
      return found;
    };
    // A glyph with the marks after it that are set off the pen (a
    // Devanagari vowel sign below, Thai tone marks above), or a cluster whose
    // pieces are not its text (a decomposed Thai AM), is one /ActualText of
    // their texts: poppler starts a word where the baseline moves by half a
    // point and orders words by x, reading "दुनिया" as "दनु िया"; the
    // /ActualText keeps them whole. Returns the last glyph of the group, or
    // npos when `g` starts none.
    auto positioned_cluster = [&](std::size_t g) {
      if (in_span_ || run.glyphs[g].text.empty()) return std::string::npos;
      std::size_t last = g;
      bool needed = !pieces.empty() && pieces[g] && !run.glyphs[g].text.starts_with(*pieces[g]);
      while (last + 1 < run.glyphs.size()) {
        const frame::Glyph& next = run.glyphs[last + 1];
        // A mark: no advance of its own, set off the pen onto its base.
        const bool moved = next.advance == 0 && (next.x_offset != 0 || next.y_offset != 0);
        if (!next.text.empty() && !moved) break;
        ++last;
        needed = needed || moved;
        if (starts_here && spans_.starts.count({element, last})) return std::string::npos;
      }
      return needed ? last : std::string::npos;
    };
    auto group_text = [&](std::size_t g, std::size_t last) {
      std::string text;
      for (std::size_t k = g; k <= last; ++k) text += run.glyphs[k].text;
      return text;
    };
    std::size_t cluster_last = std::string::npos;  // the open cluster /ActualText ends at this glyph
    if (tagged_ && !in_span_ && !(starts_here && spans_.starts.count({element, 0}))) {
      const std::string* text = nullptr;
      const PaintGlyph first = encode(0, text);
      if (!first.embedded || (!needs_actual_text(font->second, first, *text) &&
                              positioned_cluster(0) == std::string::npos))
        enter_sequence(run.tag);
    }
    fill_colour(run.color);
    if (!font_ || font_->first != run.face || font_->second != run.size) {
      stream_.set_font(font->second.resource, to_pt(run.size));
      font_ = {run.face, run.size};
    }
    // Font expansion scales the glyphs horizontally: the reader's pen, in
    // ems so scaled, is compared with the frame's pen scaled back into it.
    // Tz, not a scaled Tm: pdf.js 4 restarts its text item's width at a
    // text matrix of another scale, and then reads any gap, 0.01 pt, as a
    // word space ("CPU/ GPU/ NPU" where only "CPU/" was expanded).
    const std::int64_t scale = 1000 + run.expansion;  // thousandths
    if (scale != scale_) {
      stream_.set_horizontal_scaling(static_cast<double>(scale) / 10.0);
      scale_ = scale;
    }
    stream_.set_text_matrix(1, 0, 0, 1, x_pt(run.x), y_pt(run.y));

    Scaled target = 0;      // the frame's pen, sp from the run origin
    std::int64_t pen = 0;   // the reader's pen, millionths of an em
    bool in_array = false;
    const std::vector<bool> hidden = hidden_glyphs(run);
    for (std::size_t g = 0; g < run.glyphs.size(); ++g) {
      const frame::Glyph& glyph = run.glyphs[g];
      if (const bool invisible = !hidden.empty() && hidden[g]; invisible != invisible_) {
        if (in_array) stream_.end_positioned();
        in_array = false;
        stream_.set_render_mode(invisible ? 3 : 0);
        invisible_ = invisible;
      }
      const bool span_start = starts_here && spans_.starts.count({element, g}) > 0;
      const std::string* text = nullptr;
      const PaintGlyph encoded = encode(g, text);
      // Not a font problem: collect_font_usage checked every glyph against
      // its face and subset_font encoded each one or refused the font,
      // naming its file. A glyph missing here means the two walks differ.
      if (!encoded.embedded)
        internal_error("glyph " + std::to_string(glyph.id) + " of font #" + std::to_string(run.face) + " (/" +
                       font->second.resource + ") was not embedded");
      const bool in_cluster = cluster_last != std::string::npos;
      const std::size_t cluster = in_cluster || span_start ? std::string::npos : positioned_cluster(g);
      const bool cluster_start = cluster != std::string::npos;
      const bool actual_text = !in_span_ && !span_start && !in_cluster && !cluster_start &&
                               needs_actual_text(font->second, encoded, *text);
      // Plain glyphs of a tagged page go in their node's sequence, opened
      // here rather than before the run so that a run that starts with an
      // /ActualText opens no empty one.
      const bool plain = tagged_ && !in_span_ && !span_start && !actual_text && !in_cluster && !cluster_start;
      const bool opens = plain && !(in_sequence_ && sequence_node_ == run.tag.node);
      if (in_array && (glyph.y_offset != rise_ || actual_text || span_start || opens || cluster_start)) {
        stream_.end_positioned();
        in_array = false;
      }
      if (plain) enter_sequence(run.tag);
      if (span_start) {
        begin_actual_text(run.tag, *glyph.reads_as);
        in_span_ = true;
      }
      if (glyph.y_offset != rise_) {
        stream_.set_rise(to_pt(glyph.y_offset));
        rise_ = glyph.y_offset;
      }
      if (actual_text) begin_actual_text(run.tag, *text);
      if (cluster_start) {
        begin_actual_text(run.tag, group_text(g, cluster));
        cluster_last = cluster;
      }
      if (!in_array) {
        stream_.begin_positioned();
        in_array = true;
      }
      const std::int64_t drift = micro_ratio((target + glyph.x_offset) * 1000, run.size * scale) - pen;
      if (drift >= kAdjustThreshold || drift <= -kAdjustThreshold) {
        const std::int64_t hundredths = rounded_div(drift, 10);  // TJ units × 100
        stream_.positioned_adjustment(static_cast<double>(-hundredths) / 100.0);
        pen += hundredths * 10;
      }
      stream_.positioned_glyph(encoded.code);
      pen += encoded.width;
      target += glyph.advance;
      if (actual_text || (in_span_ && ends_here && spans_.ends.count({element, g}))) {
        stream_.end_positioned();
        in_array = false;
        end_actual_text();
        if (!actual_text) in_span_ = false;
      } else if (g == cluster_last) {
        stream_.end_positioned();
        in_array = false;
        end_actual_text();
        cluster_last = std::string::npos;
      }
    }
    if (in_array) stream_.end_positioned();
  }

  void paint(const frame::Rule& rule) {
    leave_text();
    fill_colour(rule.color);
    stream_.rect(x_pt(rule.x), y_pt(rule.y + rule.height), to_pt(rule.width), to_pt(rule.height));
    stream_.fill_nonzero();
  }

  void paint(const frame::Image& image) {
    const auto name = resources_.images.find(image.path);
    if (name == resources_.images.end()) internal_error("no PDF image for " + image.path);
    out_.images_used.insert(image.path);
    leave_text();
    stream_.save_state();
    stream_.transform(to_pt(image.width), 0, 0, to_pt(image.height), x_pt(image.x), y_pt(image.y + image.height));
    stream_.draw_xobject(name->second);
    stream_.restore_state();
  }

  const frame::Page& page_;
  const PageResources& resources_;
  const bool tagged_;
  const ExtractionSpans spans_;
  bool in_sequence_ = false;  // a tagged page's marked-content sequence is open
  bool sequence_in_text_ = false;  // … and was opened inside a text object
  frame::StructId sequence_node_ = frame::kArtifact;
  bool in_span_ = false;  // inside a reads_as /ActualText sequence
  bool nested_actual_text_ = false;  // the open /ActualText is a /Span inside another sequence
  ContentStream stream_;
  PaintedPage out_;
  bool in_text_ = false;
  std::optional<frame::Color> fill_;
  std::optional<std::pair<text::FaceId, Scaled>> font_;
  Scaled rise_ = 0;
  std::int64_t scale_ = 1000;  // Tz, in thousandths (q/Q around pictures restore it as they find it)
  bool invisible_ = false;  // text render mode 3 (a colour emoji's glyphs)
  std::vector<frame::EmojiPicture> pictures_;  // to draw when the text object ends
};

}  // namespace

void index_glyphs(PageFont& font) {
  font.by_id.clear();
  if (!font.glyphs || font.glyphs->empty()) return;
  font.by_id.resize(static_cast<std::size_t>(font.glyphs->rbegin()->first) + 1);
  for (const auto& entry : *font.glyphs) font.by_id[entry.first] = search(font, entry.first);
}

PaintedPage paint_page(const frame::Page& page, const PageResources& resources) {
  return Painter(page, resources).run();
}

}  // namespace cvpdf::pdf
