// The header: name, headline, contact items, photo, summary and the metrics
// row, arranged as the theme says — header.align (left, center, split),
// header.photo (right, left, none) and header.contact-style (line, column,
// grid). Any subset of the parts can be set (HeaderPart): a sidebar sets the
// photo and the contact items in its own column and the rest goes above the
// main column.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <vector>

#include "compose/composer.hpp"
#include "frame/photo.hpp"

namespace cvpdf::compose {

namespace {

// Wider than 4:1 (or taller than 1:4) is a banner or a scan, not a photo.
constexpr double kMaxPhotoAspect = 4.0;
// The narrowest metric cell, in ems of the label size (header.cpp set_metrics).
constexpr Scaled kMetricCellMinEm = 8;

// The photo, if the résumé names one: its path resolved against the
// résumé's directory, checked by decoding it (frame/photo.hpp) before
// anything is laid out, and fitted inside the photo box, a square of the
// layout's photo size (never wider than the column), keeping its aspect
// ratio. Problems are errors at the `photo:` value.
std::optional<frame::Image> photo_of(const model::Resume& resume, const Style& style, Scaled column, Diagnostics& diags) {
  const model::Person& person = resume.person;
  const std::string& written = person.photo;
  if (written.empty()) return std::nullopt;
  const SourceSpan at = person.photo_span.known() ? person.photo_span : person.span;
  const std::filesystem::path path(resume.photo_path());
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    diags.error(at, "the photo '" + written + "' was not found (looked for " + path.string() + ")",
                "a relative photo path is relative to the résumé's directory");
    return std::nullopt;
  }
  frame::PhotoInfo pixels;
  try {
    pixels = frame::check_photo(frame::read_photo_file(path.string()));
  } catch (const frame::PhotoProblem& problem) {
    diags.error(at, "the photo '" + written + "' " + problem.what(), problem.hint());
    return std::nullopt;
  }
  const double aspect = static_cast<double>(pixels.width) / pixels.height;
  if (aspect > kMaxPhotoAspect || aspect < 1 / kMaxPhotoAspect) {
    diags.warning(at,
                  "the photo '" + written + "' is " + std::to_string(pixels.width) + " × " +
                      std::to_string(pixels.height) + " pixels, a strip rather than a portrait; it is scaled down to fit the photo box",
                  "crop it to a portrait or square photo");
  }
  const double box = static_cast<double>(std::min(style.photo_size, column));
  const double scale = std::min(box / pixels.width, box / pixels.height);
  frame::Image image;
  image.path = path.string();
  image.width = std::max<Scaled>(1, std::llround(pixels.width * scale));
  image.height = std::max<Scaled>(1, std::llround(pixels.height * scale));
  return image;
}

enum class Edge { Left, Center, Right };

Scaled widest(const std::vector<SetLine>& lines) {
  Scaled w = 0;
  for (const auto& l : lines) w = std::max(w, l.width);
  return w;
}

Scaled stack_depth(const std::vector<SetLine>& lines) {
  Scaled h = 0;
  for (const auto& l : lines) h += l.height + l.depth;
  return h;
}

// Moves the lines to `edge` of the measure [x, x + width]: each line on its
// own, or, for a rigid block (a grid, whose columns must stay aligned), all
// by the same amount as the widest.
void align_lines(std::vector<SetLine>& lines, Scaled x, Scaled width, Edge edge, bool rigid = false) {
  const Scaled block = widest(lines);
  for (auto& l : lines) {
    const Scaled w = rigid ? block : l.width;
    Scaled dx = x;
    if (edge == Edge::Center) dx += (width - w) / 2;
    if (edge == Edge::Right) dx += width - w;
    translate(l.elements, dx, 0);
  }
}

// Lays the header out. The name, headline and contact items are groups of
// lines entering the galley one line at a time (as paragraphs do, so the
// page builder sees today's lines); what stands beside them — a photo at
// the side, a split header's contact block — hangs from the top of the
// first line, and the space it needs below the text is added before the
// summary.
class HeaderSetter {
 public:
  HeaderSetter(Composer& c, unsigned parts)
      : c_(c), style_(c.style), parts_(parts), width_(c.column_width), text_width_(c.column_width) {}

  void set() {
    place_photo();
    set_text();
    emit();
    if (parts_ & kHeaderSummary) set_summary();
    if (parts_ & kHeaderMetrics) set_metrics();
    if (clear_ > 0) c_.galley.add_glue(clear_);
  }

 private:
  struct Group {
    std::vector<SetLine> lines;
    Scaled gap = 0;  // above the group
  };
  enum class PhotoAt { Beside, Above };

  // The photo: decoded only when it is to be set (header.photo none, or a
  // mask without the photo, never opens the file). It stands beside the
  // text at the side header.photo names while the text keeps at least half
  // the column; in a narrower column (a sidebar) it stands above the text,
  // at that side, or centred under header.align center. A centred header
  // keeps the photo's room free on both sides, so the name stays centred
  // on the column and clear of the photo whatever its length.
  void place_photo() {
    if (!(parts_ & kHeaderPhoto) || style_.header_photo == "none") return;
    photo_ = photo_of(c_.resume, style_, width_, c_.diags);
    if (!photo_) return;
    const bool right = style_.header_photo == "right";
    const bool centred = style_.header_align == "center";
    const Scaled room = photo_->width + style_.text_size * 2;  // the photo and its gap
    text_width_ = width_ - (centred ? 2 * room : room);
    text_x_ = centred || !right ? room : 0;
    photo_at_ = PhotoAt::Beside;
    photo_->x = right ? width_ - photo_->width : 0;
    if (text_width_ < width_ / 2) {
      photo_at_ = PhotoAt::Above;
      text_x_ = 0;
      text_width_ = width_;
      if (centred) photo_->x = (width_ - photo_->width) / 2;
    }
  }

  ParagraphShape text_shape(Scaled width) const {
    ParagraphShape shape = c_.typesetter.body_shape(width);
    shape.align = Alignment::Ragged;
    return shape;
  }

  Edge edge() const {
    if (style_.header_align == "center") return Edge::Center;
    return Edge::Left;
  }

  void set_text() {
    const auto& person = c_.resume.person;
    std::vector<SetLine> name_lines, headline_lines;
    auto set_lead = [&] {
      name_lines.clear();
      headline_lines.clear();
      if (parts_ & kHeaderName) {
        RichText name;
        name.add(c_.text(person.name), c_.with(FontVariant::Bold, style_.name_size, style_.name_color), {},
                 person.name.span);
        ParagraphShape shape = text_shape(text_width_);
        shape.leading = shape.leading_cjk = 1.15;  // display size: tight leading
        name_lines = c_.typesetter.set(name, shape);
      }
      if ((parts_ & kHeaderHeadline) && !c_.text(person.headline).empty()) {
        RichText headline = c_.rich_text(c_.text(person.headline),
                                         c_.with(FontVariant::Regular, style_.headline_size, style_.accent_color),
                                         person.headline.span);
        headline_lines = c_.typesetter.set(headline, text_shape(text_width_));
      }
    };
    set_lead();
    // A word of the name, headline or contacts that cannot break within the
    // room the photo leaves would run under the photo: the photo goes above
    // instead, and they are set across the column.
    auto overflows = [&] {
      const Scaled room = text_width_ + pt(0.5);
      if (std::max(widest(name_lines), widest(headline_lines)) > room) return true;
      if (!(parts_ & kHeaderContact)) return false;
      const auto items = contact_items();
      if (items.empty()) return false;
      bool rigid = false;
      return widest(contact_lines(items, text_width_, style_.contact_style, rigid)) > room;
    };
    if (photo_ && photo_at_ == PhotoAt::Beside && overflows()) {
      photo_at_ = PhotoAt::Above;
      text_x_ = 0;
      text_width_ = width_;
      if (style_.header_align == "center") photo_->x = (width_ - photo_->width) / 2;
      set_lead();
    }
    // A split header's contact block stands beside the name when it fits
    // there; measured before the name and headline move.
    const Scaled left_width = std::max(widest(name_lines), widest(headline_lines));
    const bool has_lead = !(name_lines.empty() && headline_lines.empty());
    const bool beside_name =
        (parts_ & kHeaderContact) && style_.header_align == "split" && has_lead &&
        set_contacts_beside(left_width, name_lines.empty() ? headline_lines.front() : name_lines.front(),
                            name_lines.empty() ? style_.headline_size : style_.name_size);

    align_lines(name_lines, text_x_, text_width_, edge());
    align_lines(headline_lines, text_x_, text_width_, edge());
    add_group(std::move(name_lines), 0);
    add_group(std::move(headline_lines), style_.gap_after_name);
    if ((parts_ & kHeaderContact) && !beside_name) {
      const auto items = contact_items();
      if (items.empty()) return;
      bool rigid = false;
      auto lines = contact_lines(items, text_width_, style_.contact_style, rigid);
      // A split header whose contacts do not fit beside the name (or have
      // no name to stand beside) sets them as a left-aligned header does.
      align_lines(lines, text_x_, text_width_, edge(), rigid);
      add_group(std::move(lines), style_.gap_after_headline);
    }
  }

  void add_group(std::vector<SetLine> lines, Scaled gap) {
    if (lines.empty()) return;
    groups_.push_back({std::move(lines), groups_.empty() ? 0 : gap});
  }

  // The contact items, each with its link: e-mail, phone, location, links.
  std::vector<RichText> contact_items() const {
    const auto& person = c_.resume.person;
    const SpanStyle muted = c_.with(FontVariant::Regular, style_.contact_size, style_.muted_color);
    std::vector<RichText> items;
    if (!model::blank(person.email)) items.emplace_back().add(person.email, muted, "mailto:" + person.email, person.span);
    if (!model::blank(person.phone)) items.emplace_back().add(person.phone, muted, {}, person.span);
    if (!c_.text(person.location).empty())
      items.emplace_back().add(c_.text(person.location), muted, {}, person.location.span);
    for (const auto& link : person.links) {
      std::string label = c_.text(link.label);
      if (label.empty() && !model::blank(link.url)) label = link.url;
      if (label.empty()) continue;
      items.emplace_back().add(label, muted, link.url, link.span);
    }
    return items;
  }

  // The items on one line, header.contact-separator between them.
  RichText joined(const std::vector<RichText>& items) const {
    RichText line;
    const SpanStyle muted = c_.with(FontVariant::Regular, style_.contact_size, style_.muted_color);
    for (const auto& item : items) {
      if (!line.empty()) line.add(style_.contact_separator, muted);
      for (const auto& span : item.spans) line.add(span.text, span.style, span.link, span.source);
    }
    return line;
  }

  // The space between a grid's two columns.
  Scaled grid_gap() const { return style_.contact_size * 2; }

  // Whether the items make a grid in `width`: the widest left item, the
  // gap, the widest right item.
  bool grid_fits(const std::vector<Scaled>& widths, Scaled width) const {
    Scaled left = 0, right = 0;
    for (std::size_t i = 0; i < widths.size(); ++i) {
      Scaled& column = i % 2 == 0 ? left : right;
      column = std::max(column, widths[i]);
    }
    return left + (widths.size() > 1 ? grid_gap() + right : 0) <= width;
  }

  std::vector<Scaled> item_widths(const std::vector<RichText>& items) const {
    std::vector<Scaled> widths;
    for (const auto& item : items) widths.push_back(c_.typesetter.measure(item));
    return widths;
  }

  // The contact items set in `width` at x = 0 in `contact_style`:
  // a line (the items joined by the separator, wrapping ragged), a column
  // (one item a line) or a grid (two columns, the second starting where the
  // widest of the first ends, plus a gap). A grid that does not fit the
  // width is set as a column. `rigid` tells a grid: its lines move as one.
  std::vector<SetLine> contact_lines(const std::vector<RichText>& items, Scaled width, const std::string& contact_style,
                                     bool& rigid) {
    const ParagraphShape shape = text_shape(width);
    rigid = false;
    if (contact_style == "line") return c_.typesetter.set(joined(items), shape);
    std::vector<std::vector<SetLine>> cells;
    for (const auto& item : items) cells.push_back(c_.typesetter.set(item, shape));
    bool grid = contact_style == "grid" && items.size() > 1 && grid_fits(item_widths(items), width);
    for (const auto& cell : cells) grid = grid && cell.size() == 1;
    std::vector<SetLine> lines;
    if (!grid) {
      for (auto& cell : cells)
        for (auto& l : cell) lines.push_back(std::move(l));
      return lines;
    }
    rigid = true;
    Scaled left = 0;
    for (std::size_t i = 0; i < cells.size(); i += 2) left = std::max(left, cells[i].front().width);  // grid: one line each
    const Scaled second = left + grid_gap();
    for (std::size_t i = 0; i < cells.size(); i += 2) {
      SetLine row = std::move(cells[i].front());
      if (i + 1 < cells.size()) {
        SetLine& right = cells[i + 1].front();
        translate(right.elements, second, 0);
        for (auto& e : right.elements) row.elements.push_back(std::move(e));
        row.height = std::max(row.height, right.height);
        row.depth = std::max(row.depth, right.depth);
        row.width = second + right.width;
      }
      lines.push_back(std::move(row));
    }
    return lines;
  }

  // header.align split: the contact block flush right in the text area,
  // level with the name (`lead`, the first line, set at `lead_size`),
  // when it fits beside the name and
  // headline (`left_width`, their widest line) with at least an em of the
  // name's size between them. A contact line stands there when it fits on
  // one line; one that would wrap (it would break inside a phone number or
  // a name) becomes a column, whose items are right-aligned; a grid stands
  // flush right as a whole.
  bool set_contacts_beside(Scaled left_width, const SetLine& lead, Scaled lead_size) {
    const auto items = contact_items();
    if (items.empty()) return true;  // nothing to set, anywhere
    const Scaled room = text_width_ - left_width - style_.name_size;
    if (room <= 0) return false;
    const std::vector<Scaled> widths = item_widths(items);
    const bool fits = style_.contact_style == "grid" ? grid_fits(widths, room)
                                                     : *std::max_element(widths.begin(), widths.end()) <= room;
    if (!fits) return false;
    std::string contact_style = style_.contact_style;
    if (contact_style == "line" && c_.typesetter.measure(joined(items)) > room) contact_style = "column";
    bool rigid = false;
    auto lines = contact_lines(items, room, contact_style, rigid);
    if (lines.empty()) return true;  // items whose text sets to nothing (only spaces): nothing to set, anywhere
    align_lines(lines, text_x_ + text_width_ - room, room, Edge::Right, rigid);
    // The first item's capitals level with the first line's (the name's):
    // its baseline that far below the header's top.
    auto cap = [](Scaled size) { return static_cast<Scaled>(kCapHeightEm * static_cast<double>(size)); };
    Scaled baseline = std::max(lines.front().height, lead.height - cap(lead_size) + cap(style_.contact_size));
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (i > 0) baseline += lines[i - 1].depth + lines[i].height;
      translate(lines[i].elements, 0, baseline);
      for (auto& e : lines[i].elements) floats_.push_back(std::move(e));
    }
    float_depth_ = std::max(float_depth_, baseline + lines.back().depth);
    return true;
  }

  void emit() {
    if (photo_ && photo_at_ == PhotoAt::Beside && !groups_.empty()) {
      frame::Image placed = *photo_;
      placed.y = 0;
      floats_.insert(floats_.begin(), frame::Element(std::in_place_type<frame::Image>, placed));
      float_depth_ = std::max(float_depth_, photo_->height);
    } else if (photo_) {
      // Above the text, or alone: a block of its own.
      Block block;
      frame::Image placed = *photo_;
      placed.y = -photo_->height;
      block.elements.emplace_back(std::in_place_type<frame::Image>, placed);
      block.height = photo_->height;
      c_.galley.add_block(std::move(block));
      set_anything_ = true;
      if (!groups_.empty()) groups_.front().gap = style_.text_size;  // an em under the photo
    }
    if (!groups_.empty() && !floats_.empty()) {
      SetLine& first = groups_.front().lines.front();
      translate(floats_, 0, -first.height);
      for (auto& e : floats_) first.elements.push_back(std::move(e));
    }
    Scaled text_depth = 0;  // from the header's top to the last line's foot
    for (auto& group : groups_) {
      text_depth += group.gap + stack_depth(group.lines);
      c_.galley.add_lines(std::move(group.lines), 0, set_anything_, group.gap);
      set_anything_ = true;
    }
    clear_ = std::max<Scaled>(0, float_depth_ - text_depth);
  }

  void set_summary() {
    const auto& person = c_.resume.person;
    if (c_.text(person.summary).empty()) return;
    RichText summary = c_.rich_text(c_.text(person.summary), c_.body(), person.summary.span);
    c_.galley.add_lines(c_.typesetter.set(summary, c_.typesetter.body_shape(width_)), 0, true,
                        (set_anything_ ? style_.gap_after_contact : 0) + clear_);
    clear_ = 0;
    set_anything_ = true;
  }

  void set_metrics() {
    std::vector<const model::Metric*> metrics;
    for (const auto& metric : c_.resume.person.metrics)
      if (!c_.text(metric.value).empty() || !c_.text(metric.label).empty()) metrics.push_back(&metric);
    if (metrics.empty()) return;
    const auto n = static_cast<Scaled>(metrics.size());
    const Scaled gap = style_.pair_column_gap;
    // Side by side when every cell keeps about 8 ems of the label size
    // (a label of two or three words a line); narrower (a sidebar, a
    // narrow page), one metric a row, so no cell's words run into the next.
    const bool stacked = (width_ - (n - 1) * gap) / n < kMetricCellMinEm * style_.metric_label_size;
    const Scaled column = stacked ? width_ : (width_ - (n - 1) * gap) / n;
    // A metric: an accent bar, the value large, the label small beneath.
    const Scaled bar = std::max<Scaled>(pt(1.6), style_.metric_value_size / 10);
    const Scaled inset = bar + pt(5);
    std::vector<Block> cells;
    for (const model::Metric* m : metrics) {
      const model::Metric& metric = *m;
      RichText value = c_.rich_text(c_.text(metric.value),
                                    c_.with(FontVariant::Bold, style_.metric_value_size, style_.accent_color),
                                    metric.value.span);
      ParagraphShape shape = text_shape(column - inset);
      shape.leading = shape.leading_cjk = 1.1;
      auto value_lines = c_.typesetter.set(value, shape);
      RichText label = c_.rich_text(c_.text(metric.label),
                                    c_.with(FontVariant::Regular, style_.metric_label_size, style_.muted_color),
                                    metric.label.span);
      auto label_lines = c_.typesetter.set(label, text_shape(column - inset));
      Block cell = stack_lines(std::move(value_lines), 0);
      if (!label_lines.empty()) {
        Block under = stack_lines(std::move(label_lines), 0);
        Scaled shift = cell.depth + under.height;
        translate(under.elements, 0, shift);
        for (auto& e : under.elements) cell.elements.push_back(std::move(e));
        cell.depth = shift + under.depth;
      }
      cells.push_back(std::move(cell));
    }
    // One row of all cells, or (stacked) a row per cell, half an em apart.
    const std::size_t per_row = stacked ? 1 : cells.size();
    for (std::size_t first = 0; first < cells.size(); first += per_row) {
      const std::size_t last = std::min(cells.size(), first + per_row);
      Block row;
      Scaled value_height = 0, depth = 0;
      for (std::size_t i = first; i < last; ++i) {
        value_height = std::max(value_height, cells[i].height);
        depth = std::max(depth, cells[i].depth);
      }
      for (std::size_t i = first; i < last; ++i) {
        Scaled x = static_cast<Scaled>(i - first) * (column + gap);
        row.elements.push_back(
            frame::Rule{x, -value_height + pt(2), bar, value_height - pt(2) + depth - pt(2), style_.rule_color});
        translate(cells[i].elements, x + inset, 0);
        for (auto& e : cells[i].elements) row.elements.push_back(std::move(e));
      }
      row.height = value_height;
      row.depth = depth;
      const Scaled before = first == 0 ? (set_anything_ ? style_.gap_after_summary : 0) + clear_ : style_.text_size / 2;
      c_.galley.add_kept_block(std::move(row), before);
    }
    clear_ = 0;
    set_anything_ = true;
    c_.galley.add_glue(style_.metrics_gap_after);
  }

  Composer& c_;
  const Style& style_;
  const unsigned parts_;
  const Scaled width_;
  // The measure the name, headline and contacts are set to: the column
  // less the photo's room when the photo stands beside them.
  Scaled text_x_ = 0, text_width_;
  std::optional<frame::Image> photo_;
  PhotoAt photo_at_ = PhotoAt::Beside;
  std::vector<Group> groups_;
  // What hangs from the top of the first line, relative to that top, and
  // how far down it reaches.
  std::vector<frame::Element> floats_;
  Scaled float_depth_ = 0;
  Scaled clear_ = 0;           // space still owed below the floats
  bool set_anything_ = false;  // whether this header has set something yet
};

}  // namespace

void Composer::compose_header(unsigned parts) { HeaderSetter(*this, parts).set(); }

}  // namespace cvpdf::compose
