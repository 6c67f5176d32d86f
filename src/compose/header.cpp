// The header: name, headline, contact line, summary and the metrics row.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "compose/composer.hpp"
#include "frame/photo.hpp"

namespace cvpdf::compose {

namespace {

// Wider than 4:1 (or taller than 1:4) is a banner or a scan, not a photo.
constexpr double kMaxPhotoAspect = 4.0;

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

}  // namespace


void Composer::compose_header(unsigned parts) {
  const auto& person = resume.person;
  const Scaled width = column_width;
  // A photo sits at the top right; the name, headline and contact line keep
  // clear of it.
  const std::optional<frame::Image> photo =
      (parts & kHeaderPhoto) ? photo_of(resume, style, width, diags) : std::nullopt;
  const Scaled photo_gap = photo ? style.text_size * 2 : 0;
  const Scaled beside_photo = photo ? width - photo->width - photo_gap : width;
  ParagraphShape left = typesetter.body_shape(beside_photo);
  left.align = Alignment::Ragged;
  Scaled header_height = 0;  // of what stands beside the photo
  auto measure = [&](const std::vector<SetLine>& lines, Scaled gap) {
    header_height += gap;
    for (const auto& l : lines) header_height += l.height + l.depth;
  };

  RichText name;
  if (parts & kHeaderName) name.add(text(person.name), with(FontVariant::Bold, style.name_size, style.name_color), {}, person.name.span);
  ParagraphShape name_shape = left;
  name_shape.leading = name_shape.leading_cjk = 1.15;  // display size: tight leading
  auto name_lines = typesetter.set(name, name_shape);
  measure(name_lines, 0);
  if (photo && !name_lines.empty()) {
    frame::Image placed = *photo;
    placed.x = width - photo->width;
    placed.y = -name_lines.front().height;
    name_lines.front().elements.emplace_back(std::in_place_type<frame::Image>, placed);
  }
  galley.add_lines(std::move(name_lines), 0);

  if ((parts & kHeaderHeadline) && !person.headline.empty()) {
    RichText headline;
    headline.add(text(person.headline), with(FontVariant::Regular, style.headline_size, style.accent_color), {},
                 person.headline.span);
    auto lines = typesetter.set(headline, left);
    measure(lines, style.gap_after_name);
    galley.add_lines(std::move(lines), 0, true, style.gap_after_name);
  }

  // Contact line: e-mail, phone, location, links — separated by the layout's separator.
  RichText contact;
  const SpanStyle muted = with(FontVariant::Regular, style.contact_size, style.muted_color);
  auto separate = [&] {
    if (!contact.empty()) contact.add(style.contact_separator, muted);
  };
  if (!person.email.empty()) {
    separate();
    contact.add(person.email, muted, "mailto:" + person.email, person.span);
  }
  if (!person.phone.empty()) {
    separate();
    contact.add(person.phone, muted, {}, person.span);
  }
  if (!person.location.empty()) {
    separate();
    contact.add(text(person.location), muted, {}, person.location.span);
  }
  for (const auto& link : person.links) {
    separate();
    std::string label = text(link.label);
    if (label.empty()) label = link.url;
    contact.add(label, muted, link.url, link.span);
  }
  if ((parts & kHeaderContact) && !contact.empty()) {
    auto lines = typesetter.set(contact, left);
    measure(lines, style.gap_after_headline);
    galley.add_lines(std::move(lines), 0, true, style.gap_after_headline);
  }
  // What follows starts below the photo.
  Scaled clear_photo = photo ? std::max<Scaled>(0, photo->height - header_height) : 0;

  if ((parts & kHeaderSummary) && !person.summary.empty()) {
    RichText summary;
    summary.add(text(person.summary), body(), {}, person.summary.span);
    galley.add_lines(typesetter.set(summary, typesetter.body_shape(width)), 0, true,
                     style.gap_after_contact + clear_photo);
    clear_photo = 0;
  }

  if ((parts & kHeaderMetrics) && !person.metrics.empty()) {
    const auto n = static_cast<Scaled>(person.metrics.size());
    const Scaled gap = style.pair_column_gap;
    const Scaled column = (width - (n - 1) * gap) / n;
    // A metric: an accent bar, the value large, the label small beneath.
    const Scaled bar = std::max<Scaled>(pt(1.6), style.metric_value_size / 10);
    const Scaled inset = bar + pt(5);
    Block row;
    Scaled value_height = 0;
    std::vector<Block> cells;
    for (const auto& metric : person.metrics) {
      RichText value;
      value.add(text(metric.value), with(FontVariant::Bold, style.metric_value_size, style.accent_color), {},
                metric.value.span);
      ParagraphShape shape = left;
      shape.width = column - inset;
      shape.leading = shape.leading_cjk = 1.1;
      auto value_lines = typesetter.set(value, shape);
      RichText label;
      label.add(text(metric.label), with(FontVariant::Regular, style.metric_label_size, style.muted_color), {},
                metric.label.span);
      ParagraphShape label_shape = left;
      label_shape.width = column - inset;
      auto label_lines = typesetter.set(label, label_shape);
      Block cell = stack_lines(std::move(value_lines), 0);
      if (!label_lines.empty()) {
        Block under = stack_lines(std::move(label_lines), 0);
        Scaled shift = cell.depth + under.height;
        translate(under.elements, 0, shift);
        for (auto& e : under.elements) cell.elements.push_back(std::move(e));
        cell.depth = shift + under.depth;
      }
      value_height = std::max(value_height, cell.height);
      cells.push_back(std::move(cell));
    }
    Scaled depth = 0;
    for (auto& cell : cells) depth = std::max(depth, cell.depth);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      Scaled x = static_cast<Scaled>(i) * (column + gap);
      row.elements.push_back(frame::Rule{x, -value_height + pt(2), bar, value_height - pt(2) + depth - pt(2), style.rule_color});
      translate(cells[i].elements, x + inset, 0);
      for (auto& e : cells[i].elements) row.elements.push_back(std::move(e));
    }
    row.height = value_height;
    row.depth = depth;
    galley.add_kept_block(std::move(row), style.gap_after_summary + clear_photo);
    clear_photo = 0;
    galley.add_glue(style.metrics_gap_after);
  }
  if (clear_photo > 0) galley.add_glue(clear_photo);
}

}  // namespace cvpdf::compose
