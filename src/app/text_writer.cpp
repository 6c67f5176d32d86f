// The text writer's rules: markup, escapes, links and blank lines (in
// Markdown, one between any two blocks), for the header, the sections and
// every entry kind alike.
#include "app/text_writer.hpp"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "compose/inline_markup.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::app {

TextWriter::TextWriter(const model::Resume& resume, const theme::Style& style, const std::string& language,
                       TextFlavour flavour, const model::Date& today)
    : resume_(resume), style_(style), language_(language), md_(flavour == TextFlavour::Markdown), today_(today) {}

const std::string& TextWriter::text(const model::Localized& l) const {
  return l.get(language_, resume_.languages.front());
}

const std::string& TextWriter::visible(const model::Localized& l) const {
  return model::visible_text(l, language_, resume_.languages.front());
}

// Escaped so "torch_npu" stays as typed.
std::string TextWriter::esc(const std::string& s) const {
  if (!md_) return s;
  std::string out;
  for (char c : s) {
    if (std::string_view("\\`*_[]<>#|").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string TextWriter::rich(const std::string& s, bool bold, bool italic, const std::string& url) const {
  std::vector<compose::markup::Run> runs = compose::markup::parse(s).runs;
  compose::markup::apply_bold_keywords(runs, style_.bold_keywords);
  compose::markup::apply_typography(runs, language_, style_.ja_quotes == theme::JaQuotes::Corner);
  std::string out;
  for (std::size_t i = 0; i < runs.size();) {
    std::string target = url;
    if (!runs[i].link.empty()) {
      bool allowed = true;
      std::string uri = compose::markup::link_target(runs[i].link, &allowed);
      if (allowed) target = uri;
    }
    std::size_t j = i + 1;
    while (j < runs.size() && runs[j].link == runs[i].link) ++j;
    std::string label, label_plain;
    for (std::size_t k = i; k < j; ++k) {
      compose::markup::Run r = runs[k];
      std::replace(r.text.begin(), r.text.end(), '\n', ' ');
      r.bold = r.bold || bold;
      r.italic = r.italic || italic;
      label += md_ ? marked(r) : r.text;
      label_plain += r.text;
    }
    if (target.empty()) out += label;
    else if (md_) out += "[" + label + "](" + target + ")";
    else if (label_plain == target || "mailto:" + label_plain == target) out += label_plain;
    else out += label_plain + " <" + target + ">";
    i = j;
  }
  return out;
}

// One run as Markdown: code in a fence of more backticks than it holds;
// the marks inside any white space at its ends, where CommonMark reads them.
std::string TextWriter::marked(const compose::markup::Run& r) const {
  std::string body;
  if (r.code) {
    std::size_t longest = 0, run = 0;
    for (char c : r.text) longest = std::max(longest, run = c == '`' ? run + 1 : 0);
    const std::string fence(longest + 1, '`');
    const std::string pad = !r.text.empty() && (r.text.front() == '`' || r.text.back() == '`') ? " " : "";
    body = fence + pad + r.text + pad + fence;
  } else {
    body = esc(r.text);
  }
  const char* marks = r.bold && r.italic ? "***" : r.bold ? "**" : r.italic ? "*" : "";
  if (!*marks) return body;
  const std::size_t from = body.find_first_not_of(' '), to = body.find_last_not_of(' ');
  if (from == std::string::npos) return body;
  return body.substr(0, from) + marks + body.substr(from, to + 1 - from) + marks + body.substr(to + 1);
}

std::string TextWriter::link(const std::string& label, const std::string& url) const {
  if (url.empty()) return esc(label);
  if (md_) return "[" + esc(label) + "](" + url + ")";
  if (label == url || "mailto:" + label == url) return label;
  return label + " <" + url + ">";
}

namespace {

// "- item", "* item", "3. item": a Markdown list's item ("3\\. " is text),
// or a nested one ("  - item").
bool list_item(std::string_view line) {
  if (line.starts_with("  - ")) return true;
  if (line.starts_with("- ") || line.starts_with("* ")) return true;
  const std::size_t digits = line.find_first_not_of("0123456789");
  return digits > 0 && digits != std::string_view::npos && line.substr(digits).starts_with(". ");
}

}  // namespace

// In Markdown a line is a block of its own: CommonMark joins lines with no
// empty line between them into one paragraph (the headline and the
// contacts), and takes a line under a list item into that item. Only a
// list's items follow one another.
void TextWriter::bullets(const std::vector<model::Bullet>& list) {
  for (const auto& b : list) {
    const bool shown = !visible(b.text).empty();
    if (shown) line("- " + rich(text(b.text)));
    for (const auto& sub : b.sub_bullets)
      if (!visible(sub).empty()) line((shown ? "  - " : "- ") + rich(text(sub)));
  }
}

void TextWriter::line(const std::string& s) {
  if (md_ && !out_.empty()) {
    const std::size_t start = out_.rfind('\n', out_.size() - 2);
    const std::string_view last = std::string_view(out_).substr(start == std::string::npos ? 0 : start + 1);
    if (!(list_item(last) && list_item(s))) blank();
  }
  out_ += s + "\n";
}

void TextWriter::blank() {
  if (!out_.empty() && out_.compare(out_.size() - std::min<std::size_t>(2, out_.size()), 2, "\n\n") != 0) out_ += "\n";
}

std::string TextWriter::finish() {
  while (out_.size() > 1 && out_[out_.size() - 1] == '\n' && out_[out_.size() - 2] == '\n') out_.pop_back();
  if (!out_.empty() && out_.back() != '\n') out_ += '\n';
  return std::move(out_);
}

}  // namespace cvpdf::app
