// Content streams as a tagged-PDF checker reads them: the painting
// operators and the marked content each is drawn in (BMC/BDC/EMC, /MCID,
// /Artifact), and edits of that marked content for the checker's tests.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include "pdf_structure.hpp"

namespace cvpdf::test {

namespace {

// ---- content stream tokens -------------------------------------------------

bool is_white(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0'; }
bool is_delimiter(char c) {
  return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' ||
         c == '%';
}

struct Token {
  enum class Kind { Operand, Operator } kind = Kind::Operand;
  std::string text;
  std::size_t begin = 0, end = 0;
};

// Splits content into operands (a whole array or dictionary is one) and
// operators; an inline image's data is skipped. False on a token it cannot
// end (an unclosed string).
class ContentLexer {
 public:
  explicit ContentLexer(std::string_view s) : s_(s) {}

  bool next(Token& t) {
    skip();
    if (at_ >= s_.size()) return false;
    t.begin = at_;
    const char c = s_[at_];
    t.kind = Token::Kind::Operand;
    if (c == '(') {
      if (!skip_literal()) return fail();
    } else if (c == '<' && at_ + 1 < s_.size() && s_[at_ + 1] == '<') {
      if (!skip_nested("<<", ">>")) return fail();
    } else if (c == '<') {
      const std::size_t close = s_.find('>', at_);
      if (close == std::string_view::npos) return fail();
      at_ = close + 1;
    } else if (c == '[') {
      if (!skip_nested("[", "]")) return fail();
    } else if (c == '/') {
      ++at_;
      while (at_ < s_.size() && !is_white(s_[at_]) && !is_delimiter(s_[at_])) ++at_;
    } else if (is_delimiter(c)) {
      ++at_;  // a stray ) ] > }: an operand of its own, the caller sees garbage
    } else {
      while (at_ < s_.size() && !is_white(s_[at_]) && !is_delimiter(s_[at_])) ++at_;
      const std::string_view word = s_.substr(t.begin, at_ - t.begin);
      const bool number = word.find_first_not_of("+-.0123456789") == std::string_view::npos;
      const bool keyword = word == "true" || word == "false" || word == "null";
      if (!number && !keyword) t.kind = Token::Kind::Operator;
      if (word == "ID") skip_inline_image();
    }
    t.end = at_;
    t.text = std::string(s_.substr(t.begin, t.end - t.begin));
    return true;
  }
  bool failed() const { return failed_; }

 private:
  bool fail() {
    failed_ = true;
    return false;
  }
  void skip() {
    while (at_ < s_.size()) {
      if (is_white(s_[at_])) {
        ++at_;
      } else if (s_[at_] == '%') {
        while (at_ < s_.size() && s_[at_] != '\n' && s_[at_] != '\r') ++at_;
      } else {
        break;
      }
    }
  }
  bool skip_literal() {
    int depth = 0;
    while (at_ < s_.size()) {
      const char c = s_[at_++];
      if (c == '\\') {
        ++at_;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')' && --depth == 0) {
        return true;
      }
    }
    return false;
  }
  // A dictionary or array, with the strings inside it skipped whole.
  bool skip_nested(std::string_view open, std::string_view close) {
    int depth = 0;
    while (at_ < s_.size()) {
      if (s_[at_] == '(') {
        if (!skip_literal()) return false;
        continue;
      }
      if (s_.compare(at_, open.size(), open) == 0) {
        ++depth;
        at_ += open.size();
      } else if (s_.compare(at_, close.size(), close) == 0) {
        at_ += close.size();
        if (--depth == 0) return true;
      } else {
        ++at_;
      }
    }
    return false;
  }
  // After ID: one white-space byte, the data, white space, EI.
  void skip_inline_image() {
    for (std::size_t at = at_ + 1; at + 2 <= s_.size(); ++at) {
      if (s_[at] == 'E' && s_[at + 1] == 'I' && is_white(s_[at - 1]) && (at + 2 == s_.size() || is_white(s_[at + 2]))) {
        at_ = at;
        return;
      }
    }
    at_ = s_.size();
  }

  std::string_view s_;
  std::size_t at_ = 0;
  bool failed_ = false;
};

bool is_painting(const std::string& op) {
  static const std::set<std::string> ops = {"Tj", "TJ", "'", "\"", "S", "s", "f", "F", "f*", "B",
                                            "B*", "b", "b*", "Do", "sh", "BI"};
  return ops.count(op) > 0;
}

// The /MCID in a properties dictionary's text ("<</MCID 3 /ActualText …>>").
int mcid_in(const std::string& dict) {
  std::size_t at = 0;
  while ((at = dict.find("/MCID", at)) != std::string::npos) {
    at += 5;
    if (at < dict.size() && !is_white(dict[at]) && !is_delimiter(dict[at])) continue;  // "/MCIDx"
    while (at < dict.size() && is_white(dict[at])) ++at;
    char* end = nullptr;
    const long v = std::strtol(dict.c_str() + at, &end, 10);
    if (end != dict.c_str() + at) return static_cast<int>(v);
  }
  return -1;
}

struct Mark {
  std::string tag;
  int mcid = -1;
  std::size_t begin = 0, end = 0;  // the BMC/BDC operator with its operands
};

// Walks the content: on_item(item, its operands) for each painting
// operator, on_mark(open, close) for each balanced marked-content sequence
// when it closes; the MCIDs BDCs give into `mcids`, in the order they open.
template <class OnItem, class OnMark>
void walk_content(const std::string& content, const std::map<std::string, int>& properties, OnItem on_item,
                  OnMark on_mark, std::vector<std::string>& errors, std::vector<int>* mcids = nullptr) {
  ContentLexer lexer(content);
  std::vector<Token> operands;
  std::vector<Mark> stack;
  double tm_x = std::nan(""), tm_y = std::nan("");  // the last Tm's origin in this BT
  Token t;
  while (lexer.next(t)) {
    if (t.kind == Token::Kind::Operand) {
      operands.push_back(t);
      continue;
    }
    const std::size_t begin = operands.empty() ? t.begin : operands.front().begin;
    if (t.text == "BT") {
      tm_x = tm_y = std::nan("");
    } else if (t.text == "Tm" && operands.size() == 6) {
      tm_x = std::strtod(operands[4].text.c_str(), nullptr);
      tm_y = std::strtod(operands[5].text.c_str(), nullptr);
    }
    if (t.text == "BMC" || t.text == "BDC") {
      Mark m;
      m.begin = begin;
      m.end = t.end;
      if (!operands.empty() && operands.front().text.size() > 1 && operands.front().text[0] == '/')
        m.tag = operands.front().text.substr(1);
      else
        errors.push_back(t.text + " at byte " + std::to_string(t.begin) + " has no tag name");
      if (t.text == "BDC" && operands.size() >= 2) {
        const std::string& props = operands[1].text;
        // ISO 32000-1 14.9.4 gives /ActualText to marked content with the
        // Span tag, and poppler (Gfx::opBeginMarkedContent) reads it
        // there only: on another tag the replacement text is lost.
        if (m.tag != "Span" && props.find("/ActualText") != std::string::npos)
          errors.push_back("/ActualText on /" + m.tag + " marked content at byte " + std::to_string(t.begin) +
                           " (only a /Span's is read)");
        if (props.rfind("<<", 0) == 0) {
          m.mcid = mcid_in(props);
        } else if (!props.empty() && props[0] == '/') {
          auto it = properties.find(props.substr(1));
          if (it != properties.end()) m.mcid = it->second;
        }
      }
      // Matterhorn 01-003/004: real content and artifacts do not nest.
      const bool in_artifact = std::any_of(stack.begin(), stack.end(), [](const Mark& o) { return o.tag == "Artifact"; });
      const bool in_tagged = std::any_of(stack.begin(), stack.end(), [](const Mark& o) { return o.mcid >= 0; });
      if (m.tag == "Artifact" && in_tagged)
        errors.push_back("an /Artifact at byte " + std::to_string(t.begin) + " is inside tagged content");
      if (m.mcid >= 0 && in_artifact)
        errors.push_back("tagged content (MCID " + std::to_string(m.mcid) + ") at byte " + std::to_string(t.begin) +
                         " is inside an /Artifact");
      if (mcids && m.mcid >= 0) mcids->push_back(m.mcid);
      stack.push_back(m);
    } else if (t.text == "EMC") {
      if (stack.empty()) {
        errors.push_back("EMC at byte " + std::to_string(t.begin) + " closes no marked content");
      } else {
        on_mark(stack.back(), t);
        stack.pop_back();
      }
    } else if (is_painting(t.text)) {
      ContentItem item;
      item.op = t.text;
      item.offset = t.begin;
      item.x = tm_x;
      item.y = tm_y;
      for (auto m = stack.rbegin(); m != stack.rend(); ++m) {
        if (m->tag == "Artifact") {
          item.artifact = true;
          item.tag = m->tag;
          break;
        }
        if (m->mcid >= 0) {
          item.mcid = m->mcid;
          item.tag = m->tag;
          break;
        }
      }
      on_item(item, operands);
    }
    operands.clear();
  }
  if (lexer.failed()) errors.push_back("the content has a token that does not end (an unclosed string, array or dictionary)");
  for (const Mark& m : stack)
    errors.push_back("/" + m.tag + " marked content opened at byte " + std::to_string(m.begin) + " is never closed");
}

}  // namespace

// ---- content -------------------------------------------------------------------

PageContent read_content(std::string content, const std::map<std::string, int>& properties) {
  PageContent page;
  page.content = std::move(content);
  walk_content(
      page.content, properties, [&](const ContentItem& item, const std::vector<Token>&) { page.items.push_back(item); },
      [](const Mark&, const Token&) {}, page.errors, &page.mcids);
  return page;
}

std::string edit_marked_content(const std::string& content, MarkedEdit edit) {
  // Byte ranges to replace. An artifact's text loses its strings only:
  // its operators stay, so a font or position it sets still holds for the
  // text after it.
  std::vector<std::pair<std::pair<std::size_t, std::size_t>, std::string>> cuts;
  bool unwrapped = false;
  std::vector<std::string> errors;
  walk_content(
      content, {},
      [&](const ContentItem& item, const std::vector<Token>& operands) {
        const bool text = item.op == "Tj" || item.op == "TJ" || item.op == "'" || item.op == "\"";
        if (edit != MarkedEdit::DropArtifacts || !item.artifact || !text || operands.empty()) return;
        const Token& shown = operands.back();
        cuts.push_back({{shown.begin, shown.end}, item.op == "TJ" ? "[]" : "()"});
      },
      [&](const Mark& open, const Token& close) {
        if (edit == MarkedEdit::UnwrapFirstTagged && open.mcid >= 0 && !unwrapped) {
          unwrapped = true;
          cuts.push_back({{open.begin, open.end}, " "});
          cuts.push_back({{close.begin, close.end}, " "});
        }
      },
      errors);
  std::sort(cuts.begin(), cuts.end());
  std::string out;
  std::size_t at = 0;
  for (const auto& [range, replacement] : cuts) {
    if (range.first < at) continue;
    out.append(content, at, range.first - at);
    out += replacement;
    at = range.second;
  }
  out.append(content, at, std::string::npos);
  return out;
}

}  // namespace cvpdf::test
