// The header: name, headline, contact items, photo, summary and the metrics
// row, arranged as the theme says — header.align (left, center, split),
// header.photo (right, left, none) and header.contact-style (line, column,
// grid). Any subset of the parts can be set (HeaderPart): a sidebar sets the
// photo and the contact items in its own column and the rest goes above the
// main column. The contact items carry their links (mailto:, tel:, a
// network's URL) and, under header.contact-icons, their Fork Awesome icons;
// a contact line breaks between items only, into balanced lines.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <vector>

#include "compose/composer.hpp"
#include "compose/inline_markup.hpp"
#include "core/utf8.hpp"
#include "frame/photo.hpp"
#include "model/language_tags.hpp"
#include "model/link_policy.hpp"
#include "model/networks.hpp"
#include "text/case_mapping.hpp"

namespace cvpdf::compose {

namespace {

// Wider than 4:1 (or taller than 1:4) is a banner or a scan, not a photo.
constexpr double kMaxPhotoAspect = 4.0;
// The narrowest box every contact icon is set in, in ems of the contact
// size (as wide as the header's widest icon when that is wider:
// same_icon_box()).
constexpr double kIconBoxEm = 1.0;
// The narrowest metric cell, in ems of the label size (header.cpp set_metrics).
constexpr Scaled kMetricCellMinEm = 8;

// The photo, if the résumé names one: its path resolved against the
// résumé's directory, checked by decoding it (frame/photo.hpp) before
// anything is laid out, and fitted inside the photo box, a square of the
// layout's photo size (never wider than the column), keeping its aspect
// ratio. Problems are errors at the `photo:` value.
std::optional<frame::Image> photo_of(const model::Resume& resume, const theme::Style& style, Scaled column,
                                     Diagnostics& diags) {
  const model::Person& person = resume.person;
  const std::string& written = person.photo;
  if (written.empty()) return std::nullopt;
  const SourceSpan at = person.photo_span.known() ? person.photo_span : person.span;
  const std::filesystem::path path(resume.photo_path());
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!std::filesystem::is_regular_file(status)) {
    // A path that names something else (a FIFO would block the read) is not
    // "not found": the user looks at the path, not for the file.
    using std::filesystem::file_type;
    const file_type type = status.type();
    const char* kind = type == file_type::directory ? "a directory"
                       : type == file_type::fifo    ? "a FIFO (named pipe)"
                       : type == file_type::socket  ? "a socket"
                       : type == file_type::block || type == file_type::character ? "a device"
                                                                                     : nullptr;
    if (kind)
      diags.error(at, "the photo '" + written + "' is " + kind + ", not an image file (" + path.string() + ")",
                  "give the path of a JPEG or PNG file");
    else
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

// A phone number as an RFC 3966 global number: its digits, after a '+'
// when the number starts with one ("+44 (0)20 7946 0958" is written as
// the reader dials it, so the digits are taken as they stand); "" when it
// has no digits, which is then set without a link.
std::string tel_uri(const std::string& phone) {
  std::string digits;
  for (char ch : phone)
    if (ch >= '0' && ch <= '9') digits += ch;
  if (digits.empty()) return {};
  const auto first = phone.find_first_not_of(" \t");
  return "tel:" + std::string(first != std::string::npos && phone[first] == '+' ? "+" : "") + digits;
}

// The network a link names, or the one its URL's host belongs to.
const model::Network* network_of(const model::Link& link) {
  const model::Network* network = model::find_network(link.network);
  return network || link.url.empty() ? network : model::network_of_url(link.url);
}

// Whether, under header.contact-icons `icons`, the icon of `network` stands
// alone for `link`: only for a link to a network it names; a site, a
// network without a glyph of its own or plain text keep their words.
bool stands_alone(const model::Network& network, const model::Link& link) {
  return !link.url.empty() && network.name != "Website" && network.icon != model::kIconLink;
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
    if (!(parts_ & kHeaderPhoto) || style_.header_photo == theme::HeaderPhoto::None) return;
    photo_ = photo_of(c_.resume, style_, width_, c_.diags);
    if (!photo_) return;
    const bool right = style_.header_photo == theme::HeaderPhoto::Right;
    const bool centred = style_.header_align == theme::HeaderAlign::Center;
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
    shape.align = theme::Alignment::Ragged;
    shape.flush_rtl = false;  // the header's edge places each line (align_lines)
    return shape;
  }

  Edge edge() const {
    if (style_.header_align == theme::HeaderAlign::Center) return Edge::Center;
    return Edge::Left;
  }

  void set_text() {
    const auto& person = c_.resume.person;
    std::vector<SetLine> name_lines, headline_lines;
    auto set_lead = [&] {
      name_lines.clear();
      headline_lines.clear();
      if (parts_ & kHeaderName) {
        // Markup as in any text: `Ada *Countess* Lovelace`.
        RichText name = c_.rich_text(c_.text(person.name),
                                     c_.with(FontVariant::Bold, style_.name_size, style_.name_color), c_.place(person.name));
        ParagraphShape shape = text_shape(text_width_);
        shape.leading = shape.leading_cjk = 1.15;  // display size: tight leading
        name_lines = c_.typesetter.set(name, shape);
      }
      if ((parts_ & kHeaderHeadline) && !c_.text(person.headline).empty()) {
        RichText headline = c_.rich_text(c_.text(person.headline),
                                         c_.with(FontVariant::Regular, style_.headline_size, style_.accent_color),
                                         c_.place(person.headline));
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
      return widest(contact_lines(items, text_width_, style_.contact_style, rigid, kArtifact, edge() == Edge::Left)) >
             room;
    };
    if (photo_ && photo_at_ == PhotoAt::Beside && overflows()) {
      photo_at_ = PhotoAt::Above;
      text_x_ = 0;
      text_width_ = width_;
      if (style_.header_align == theme::HeaderAlign::Center) photo_->x = (width_ - photo_->width) / 2;
      set_lead();
    }
    // Read in this order whatever stands where: the name (H1), the photo
    // of the person it names, the headline, the contacts.
    c_.tag_as(name_lines, "H1");
    tag_photo();
    c_.tag_as(headline_lines, "P");
    // A split header's contact block stands beside the name when it fits
    // there; measured before the name and headline move.
    const Scaled left_width = std::max(widest(name_lines), widest(headline_lines));
    const bool has_lead = !(name_lines.empty() && headline_lines.empty());
    const bool beside_name =
        (parts_ & kHeaderContact) && style_.header_align == theme::HeaderAlign::Split && has_lead &&
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
      auto lines =
          contact_lines(items, text_width_, style_.contact_style, rigid, c_.add_node("P"), edge() == Edge::Left);
      // A split header whose contacts do not fit beside the name (or have
      // no name to stand beside) sets them as a left-aligned header does.
      align_lines(lines, text_x_, text_width_, edge(), rigid);
      add_group(std::move(lines), style_.gap_after_headline);
    }
  }

  // The photo is a Figure whose /Alt is the name of the person it shows.
  void tag_photo() {
    if (!photo_ || !c_.structure) return;
    const StructId figure = c_.add_node("Figure");
    std::string alt = markup::plain_text(c_.text(c_.resume.person.name));
    c_.structure->nodes()[static_cast<std::size_t>(figure)].alt = alt.empty() ? "Photo" : alt;
    photo_->tag = {figure, c_.structure->next_seq()};
  }

  void add_group(std::vector<SetLine> lines, Scaled gap) {
    if (lines.empty()) return;
    groups_.push_back({std::move(lines), groups_.empty() ? 0 : gap});
  }

  // The contact items, each with its link: e-mail, phone (tel:), location,
  // links; under header.contact-icons each begins with its icon.
  std::vector<RichText> contact_items() const {
    const auto& person = c_.resume.person;
    std::vector<RichText> items;
    // Addresses, numbers and usernames are set as written; a location and
    // a label the résumé writes are text like any other, markup and all.
    add_item(items, person.email, "mailto:" + person.email, person.span, model::kIconEmail, style_.email_word, false,
             false);
    add_item(items, person.phone, tel_uri(person.phone), person.span, model::kIconPhone, style_.phone_word, false,
             false);
    add_item(items, c_.text(person.location), {}, c_.place(person.location), model::kIconLocation, style_.location_word,
             false, true);
    for (const auto& link : person.links) {
      std::string label = c_.text(link.label);
      const bool written = !label.empty() && !link.label_is_username;
      if (label.empty() && !model::blank(link.url)) label = link.url;
      // Its network's icon, or the one of the network the URL's host
      // belongs to; a globe for any other address, none for plain text.
      const model::Network* network = network_of(link);
      char32_t icon = network ? network->icon : (link.url.empty() ? 0 : model::kIconSite);
      // Plain text naming a network ("GitHub") gets that network's icon.
      if (!network && link.url.empty())
        if (const model::Network* named = model::find_network(label); named && named->name != "Website") {
          icon = named->icon;
          network = named;
        }
      const bool alone = network && stands_alone(*network, link);
      // A username alone says nothing on paper without its network's icon:
      // with no icons drawn it is "GitHub: octocat" ("GitHub：octocat" in
      // Chinese and Japanese), as résumés write it.
      if (link.label_is_username && !link.network.empty() && style_.contact_icons == theme::ContactIcons::None &&
          link.network != "Website")
        label = link.network + colon() + label;
      const std::string word = !network || network->name == "Website" ? style_.website_word : std::string(network->name);
      add_item(items, label, link.url, written ? c_.place(link.label) : model::TextPlace(link.span), icon, word, alone,
               written);
    }
    same_icon_box(items);
    return items;
  }

  // Every icon of the header in one box (Font Awesome's fixed-width
  // class): an em, or as wide as the widest icon (Google Scholar's
  // graduation cap is wider), so the items' words start in one column
  // when they are stacked. The no-break space after a narrow icon is the
  // wider (its glyph still starts where the icon ends, as every space
  // glyph does).
  void same_icon_box(std::vector<RichText>& items) const {
    auto icon_width = [&](const RichText& item) {
      RichText icon;
      icon.spans = {item.spans[0]};
      return c_.typesetter.measure(icon);
    };
    auto boxed = [](const RichText& item) { return has_icon(item) && item.spans.size() > 1 && item.spans[1].text == "\u00A0"; };
    auto widest = static_cast<Scaled>(kIconBoxEm * static_cast<double>(style_.contact_size));
    for (const auto& item : items)
      if (boxed(item)) widest = std::max(widest, icon_width(item));
    for (auto& item : items)
      if (boxed(item)) item.spans[1].style.letter_spacing = std::max<Scaled>(0, widest - icon_width(item));
  }

  std::string colon() const { return model::label_colon(c_.language); }

  // The same words whatever their capitals and the white space around them.
  static bool same_words(std::string_view a, std::string_view b) {
    auto trimmed = [](std::string_view s) {
      while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
      while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
      return s;
    };
    return text::fold_case(trimmed(a)) == text::fold_case(trimmed(b));
  }

  // One contact item: `text` with its link, and its icon when the theme
  // sets them and the icon font was found. `alone`: under `icons` the icon
  // stands for the whole item (the link says where it goes). In the PDF's
  // text the icon reads as `word` ("Email: ada@example.org", "GitHub"
  // alone), never as its private-use character: what parsers and a
  // reader's copy see.
  void add_item(std::vector<RichText>& items, const std::string& text, const std::string& link, const model::TextPlace& at,
                char32_t icon, const std::string& word, bool alone, bool markup) const {
    if (model::blank(text)) return;
    // Every address goes through the one link rule (model/link_policy): the
    // résumé's links passed it when read; what the header makes of a field
    // (tel: and its digits) passes it here.
    bool allowed = true;
    const std::string target = link.empty() ? std::string() : model::link_uri(link, &allowed);
    if (!allowed) {
      model::RefusedLink why = model::refused_link(link);
      c_.diags.warning(at.span, std::move(why.message), std::move(why.hint));
    }
    const SpanStyle muted = c_.with(FontVariant::Regular, style_.contact_size, style_.muted_color);
    RichText& item = items.emplace_back();
    if (icon != 0 && c_.icon_face != text::kNoFace && style_.contact_icons != theme::ContactIcons::None) {
      const bool icon_only = alone && style_.contact_icons == theme::ContactIcons::Icons;
      // In the accent colour, as moderncv sets its symbols; a no-break
      // space after it, so the icon never ends a line without its item.
      const SpanStyle accent = c_.with(FontVariant::Regular, style_.contact_size, style_.accent_color);
      item.add(utf8::encode(icon), accent, target, at.span);
      // The colon's space is the no-break space set after the icon.
      std::string reads_as = icon_only ? word : word + colon();
      while (!icon_only && !reads_as.empty() && reads_as.back() == ' ') reads_as.pop_back();
      // A label that is the network's own name ("GitHub" with the GitHub
      // icon) already says what the icon would: the icon reads as nothing,
      // not "GitHub: GitHub".
      if (!icon_only && same_words(text, word)) reads_as.clear();
      item.spans.back().stands_for = std::move(reads_as);
      if (icon_only) return;
      // Widened to the header's icon box by same_icon_box().
      item.add("\u00A0", muted, target, at.span);
    }
    if (markup) c_.add_text(item, text, muted, at, target);
    else item.add(text, muted, target, at.span);
  }

  // Whether an item begins with its icon (Fork Awesome's, in the private
  // use area).
  static bool has_icon(const RichText& item) {
    if (item.spans.empty() || item.spans.front().text.empty()) return false;
    std::size_t pos = 0;
    const char32_t cp = utf8::decode(item.spans.front().text, pos);
    return cp >= 0xE000 && cp <= 0xF8FF;
  }

  // Where an icon item's words start: its icon and the no-break space
  // after it (as wide together for every icon, add_item); 0 when no item
  // has an icon followed by words.
  Scaled icon_indent(const std::vector<RichText>& items) const {
    for (const auto& item : items)
      if (has_icon(item) && item.spans.size() > 2 && item.spans[1].text == "\u00A0") {
        RichText prefix;
        prefix.spans = {item.spans[0], item.spans[1]};
        return c_.typesetter.measure(prefix);
      }
    return 0;
  }

  // The items on one line, header.contact-separator between them.
  RichText joined(const std::vector<RichText>& items) const { return joined(items, 0, items.size()); }
  RichText joined(const std::vector<RichText>& items, std::size_t from, std::size_t to) const {
    RichText line;
    const SpanStyle muted = c_.with(FontVariant::Regular, style_.contact_size, style_.muted_color);
    for (std::size_t i = from; i < to; ++i) {
      if (!line.empty() && !style_.contact_separator.empty()) {
        line.add(style_.contact_separator, muted);
        line.spans.back().separator = true;
      }
      for (const auto& span : items[i].spans)
        if (!span.text.empty()) line.spans.push_back(span);  // whole: an icon's stand-in text too
    }
    return line;
  }

  // A contact line too long for `width`: broken between items only, so no
  // separator ever ends a line and no item is divided while whole items
  // fit; in the fewest lines, and among those the break points that make
  // the longest line shortest — two lines of about equal width rather than
  // a full one and a short one (TeX's \parfillskip-free balancing, as in a
  // two-line title). An item wider than the measure has its own line and
  // breaks inside as any text does.
  std::vector<SetLine> balanced_line(const std::vector<RichText>& items, const ParagraphShape& shape, StructId into) {
    const std::size_t n = items.size();
    const std::vector<Scaled> widths = item_widths(items);
    const Scaled separator =
        n > 1 ? std::max<Scaled>(0, c_.typesetter.measure(joined(items, 0, 2)) - widths[0] - widths[1]) : 0;
    auto line_width = [&](std::size_t from, std::size_t to) {
      Scaled w = 0;
      for (std::size_t i = from; i < to; ++i) w += widths[i] + (i > from ? separator : 0);
      return w;
    };
    // best[i]: the fewest lines for items[0, i), then the shortest longest
    // line; from[i]: where its last line begins.
    struct Best {
      std::size_t lines = 0;
      Scaled longest = 0;
    };
    std::vector<Best> best(n + 1);
    std::vector<std::size_t> from(n + 1, 0);
    for (std::size_t i = 1; i <= n; ++i) {
      best[i] = {n + 1, 0};
      for (std::size_t j = i; j-- > 0;) {
        const Scaled w = line_width(j, i);
        if (w > shape.width && j + 1 < i) break;  // longer lines from further back only grow
        const Best candidate{best[j].lines + 1, std::max(best[j].longest, w)};
        if (candidate.lines < best[i].lines ||
            (candidate.lines == best[i].lines && candidate.longest < best[i].longest)) {
          best[i] = candidate;
          from[i] = j;
        }
      }
    }
    std::vector<std::size_t> starts;
    for (std::size_t i = n; i > 0; i = from[i]) starts.push_back(from[i]);
    std::reverse(starts.begin(), starts.end());
    std::vector<SetLine> lines;
    for (std::size_t k = 0; k < starts.size(); ++k) {
      const std::size_t to = k + 1 < starts.size() ? starts[k + 1] : n;
      auto set = c_.typesetter.set(joined(items, starts[k], to), shape);
      c_.tag(set, into);
      for (auto& l : set) lines.push_back(std::move(l));
    }
    return lines;
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
  // The lines are tagged into `into` (each link a Link of its own), unless
  // that is kArtifact: a trial. `hang`: a left-aligned column whose items
  // have icons sets every line's words at one x, where the words after the
  // icons start — an item without an icon too, and an item's second line.
  std::vector<SetLine> contact_lines(const std::vector<RichText>& items, Scaled width,
                                     theme::ContactStyle contact_style, bool& rigid, StructId into = kArtifact,
                                     bool hang = false) {
    const ParagraphShape shape = text_shape(width);
    rigid = false;
    if (contact_style == theme::ContactStyle::Line) {
      if (c_.typesetter.measure(joined(items)) > width) return balanced_line(items, shape, into);
      auto lines = c_.typesetter.set(joined(items), shape);
      c_.tag(lines, into);
      return lines;
    }
    const Scaled indent = hang && contact_style == theme::ContactStyle::Column ? icon_indent(items) : 0;
    std::vector<std::vector<SetLine>> cells;
    for (const auto& item : items) {
      ParagraphShape hung = shape;
      const bool icon = has_icon(item);
      if (indent > 0) {
        hung.width = shape.width - indent;
        if (icon) hung.first_line_width = shape.width;  // the icon's own line takes the whole width
      }
      cells.push_back(c_.typesetter.set(item, hung));
      if (indent > 0)
        for (std::size_t k = icon ? 1 : 0; k < cells.back().size(); ++k) translate(cells.back()[k].elements, indent, 0);
      c_.tag(cells.back(), into);
    }
    bool grid = contact_style == theme::ContactStyle::Grid && items.size() > 1 && grid_fits(item_widths(items), width);
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
    const bool fits = style_.contact_style == theme::ContactStyle::Grid ? grid_fits(widths, room)
                                                     : *std::max_element(widths.begin(), widths.end()) <= room;
    if (!fits) return false;
    theme::ContactStyle contact_style = style_.contact_style;
    if (contact_style == theme::ContactStyle::Line && c_.typesetter.measure(joined(items)) > room)
      contact_style = theme::ContactStyle::Column;
    bool rigid = false;
    auto lines = contact_lines(items, room, contact_style, rigid, c_.add_node("P"));
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
    RichText summary = c_.rich_text(c_.text(person.summary), c_.body(), c_.place(person.summary));
    auto lines = c_.typesetter.set(summary, c_.typesetter.body_shape(width_));
    c_.tag_as(lines, "P");
    c_.galley.add_lines(std::move(lines), 0, true, (set_anything_ ? style_.gap_after_contact : 0) + clear_);
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
    // A list, an LI per metric, its value the Lbl and its label the LBody
    // ("6×" — "faster billing"; their bars are artifacts): a row of figures
    // read one after another, as a pair's label and text are, not a grid
    // of data (a Table's TH would want a /Scope the frame cannot carry), and
    // it stacks into a column in a sidebar.
    const StructId list = c_.add_node("L");
    std::vector<Block> cells;
    for (const model::Metric* m : metrics) {
      const model::Metric& metric = *m;
      RichText value = c_.rich_text(c_.text(metric.value),
                                    c_.with(FontVariant::Bold, style_.metric_value_size, style_.accent_color),
                                    c_.place(metric.value));
      ParagraphShape shape = text_shape(column - inset);
      shape.leading = shape.leading_cjk = 1.1;
      auto value_lines = c_.typesetter.set(value, shape);
      RichText label = c_.rich_text(c_.text(metric.label),
                                    c_.with(FontVariant::Regular, style_.metric_label_size, style_.muted_color),
                                    c_.place(metric.label));
      auto label_lines = c_.typesetter.set(label, text_shape(column - inset));
      if (list != kArtifact) {
        const StructId item = c_.add_node("LI", list);
        c_.tag_as(value_lines, label_lines.empty() ? "LBody" : "Lbl", item);
        c_.tag_as(label_lines, "LBody", item);
      }
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
  const theme::Style& style_;
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
