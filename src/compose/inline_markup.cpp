// Inline markup (inline_markup.hpp): a scan of the source into tokens —
// text, code, runs of stars, link and HTML attribute marks — then the
// stars matched as CommonMark matches delimiter runs (a stack of openers;
// a closer takes two stars for bold while both sides have two, then one
// for italic), then the runs read off with the attributes in force.
#include "compose/inline_markup.hpp"

#include <algorithm>
#include <cctype>

#include "core/utf8.hpp"
#include "model/link_policy.hpp"
#include "model/schema.hpp"
#include "text/line_breaks.hpp"
#include "text/typography.hpp"

namespace cvpdf::compose::markup {

namespace {

enum class Kind {
  Text,        // literal text
  Code,        // a code span's text
  Stars,       // a run of 1–3 '*'
  Break,       // <br>, </p>: a line break
  BoldOn, BoldOff, ItalicOn, ItalicOff, CodeOn, CodeOff,  // HTML
  LinkOn, LinkOff,
};

struct Token {
  Kind kind = Kind::Text;
  std::string text;  // Text, Code; LinkOn: the address
  std::size_t offset = 0;
  // Stars: how many, whether they may open or close, and what matching made of them.
  int count = 0;
  bool can_open = false, can_close = false;
  int open_bold = 0, open_italic = 0, close_bold = 0, close_italic = 0;
  int literal = 0;  // stars left unmatched, set as stars
};

bool is_space_byte(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool ascii_punct(char c) { return static_cast<unsigned char>(c) < 0x80 && std::ispunct(static_cast<unsigned char>(c)); }
bool ascii_alpha(char c) { return static_cast<unsigned char>(c) < 0x80 && std::isalpha(static_cast<unsigned char>(c)); }
bool ascii_alnum(char c) { return static_cast<unsigned char>(c) < 0x80 && std::isalnum(static_cast<unsigned char>(c)); }

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The elements of HTML (and the SVG root) a text pasted from a web page or
// a JSON Resume file may hold.
bool html_element(const std::string& name) {
  static const char* const kElements[] = {
      "a", "abbr", "address", "article", "aside", "audio", "b", "big", "blockquote", "body", "br", "button",
      "center", "cite", "code", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "embed", "figcaption",
      "figure", "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "i",
      "iframe", "img", "input", "ins", "kbd", "label", "li", "link", "main", "mark", "meta", "nav", "object", "ol",
      "p", "picture", "pre", "q", "s", "samp", "script", "section", "small", "source", "span", "strike", "strong",
      "style", "sub", "summary", "sup", "svg", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt",
      "u", "ul", "var", "video", "wbr"};
  for (const char* e : kElements)
    if (name == e) return true;
  return false;
}

class Scanner {
 public:
  Scanner(std::string_view s, Parsed& out) : s_(s), out_(out) {}

  void scan(std::size_t from, std::size_t to) {
    std::size_t i = from;
    while (i < to) {
      const char c = s_[i];
      if (c == '\\' && i + 1 < to && ascii_punct(s_[i + 1])) {
        literal(std::string(1, s_[i + 1]), i);
        i += 2;
      } else if (c == '`') {
        i = code(i, to);
      } else if (c == '*') {
        i = stars(i, from, to);
      } else if (c == '[') {
        i = link(i, to);
      } else if (c == '<') {
        i = tag(i, to);
      } else if (c == '&') {
        i = entity(i, to);
      } else {
        // Plain text up to the next character markup may start with, at once.
        const std::size_t plain = std::min(s_.substr(0, to).find_first_of("\\`*[<&", i + 1), to);
        literal(s_.substr(i, plain - i), i);
        i = plain;
      }
    }
  }

  std::vector<Token> tokens;

 private:
  // Text joins the text token before it, which keeps its offset.
  void literal(std::string_view text, std::size_t at) {
    if (!tokens.empty() && tokens.back().kind == Kind::Text) {
      tokens.back().text += text;
      return;
    }
    push(Kind::Text, std::string(text), at);
  }
  void push(Kind kind, std::string text, std::size_t at) {
    Token t;
    t.kind = kind;
    t.text = std::move(text);
    t.offset = at;
    tokens.push_back(std::move(t));
  }
  void problem(std::size_t at, std::string message, std::string hint) {
    out_.problems.push_back({at, std::move(message), std::move(hint)});
  }

  std::size_t run_length(std::size_t i, std::size_t to, char c) const {
    std::size_t n = 0;
    while (i + n < to && s_[i + n] == c) ++n;
    return n;
  }

  // `code`: up to the next run of as many backticks; one space inside
  // each end is dropped when both have one (CommonMark), so `` `x` `` works.
  std::size_t code(std::size_t i, std::size_t to) {
    const std::size_t n = run_length(i, to, '`');
    for (std::size_t j = i + n; j < to;) {
      if (s_[j] != '`') {
        ++j;
        continue;
      }
      const std::size_t m = run_length(j, to, '`');
      if (m == n) {
        std::string text(s_.substr(i + n, j - i - n));
        if (text.size() >= 2 && text.front() == ' ' && text.back() == ' ' &&
            text.find_first_not_of(' ') != std::string::npos)
          text = text.substr(1, text.size() - 2);
        push(Kind::Code, std::move(text), i + n);
        return j + m;
      }
      j += m;
    }
    problem(i, "'" + std::string(n, '`') + "' is not closed; it is set as written",
            "close the code with another " + std::string(n, '`') + ", or write \\` for a backtick");
    literal(std::string(n, '`'), i);
    return i + n;
  }

  // A run of stars opens emphasis when a non-space follows it, closes when a
  // non-space precedes it (CommonMark's flanking, without its punctuation
  // subtleties); four or more are text.
  std::size_t stars(std::size_t i, std::size_t from, std::size_t to) {
    const std::size_t n = run_length(i, to, '*');
    if (n > 3) {
      literal(std::string(n, '*'), i);
      return i + n;
    }
    Token t;
    t.kind = Kind::Stars;
    t.offset = i;
    t.count = static_cast<int>(n);
    t.can_open = i + n < to && !is_space_byte(s_[i + n]);
    t.can_close = i > from && !is_space_byte(s_[i - 1]);
    tokens.push_back(std::move(t));
    return i + n;
  }

  // The `]` closing the `[` at i (brackets nest; escapes and code skipped),
  // or npos. A label is at most kMaxLabel bytes and an address kMaxAddress:
  // no link is longer, and a field of unclosed brackets stays linear.
  static constexpr std::size_t kMaxLabel = 1024;
  static constexpr std::size_t kMaxAddress = 2048;
  std::size_t closing_bracket(std::size_t i, std::size_t to) const {
    to = std::min(to, i + kMaxLabel);
    const std::string_view window = s_.substr(0, to);
    int depth = 0;
    for (std::size_t j = i; j < to; ++j) {
      const char c = s_[j];
      if (c == '\\') {
        ++j;
      } else if (c == '`') {
        const std::size_t n = run_length(j, to, '`');
        std::size_t k = window.find(std::string(n, '`'), j + n);
        if (k != std::string_view::npos && k < to) j = k + n - 1;
        else j += n - 1;
      } else if (c == '[') {
        ++depth;
      } else if (c == ']' && --depth == 0) {
        return j;
      }
    }
    return std::string_view::npos;
  }

  // [label](address). A `[` not followed so is text ("[1]", "[C++]").
  std::size_t link(std::size_t i, std::size_t to) {
    const std::size_t close = closing_bracket(i, to);
    if (close == std::string_view::npos || close + 1 >= to || s_[close + 1] != '(') {
      literal("[", i);
      return i + 1;
    }
    int depth = 0;
    std::size_t end = std::string_view::npos;
    for (std::size_t j = close + 1; j < std::min(to, close + 1 + kMaxAddress); ++j) {
      if (s_[j] == '\\') ++j;
      else if (s_[j] == '(') ++depth;
      else if (s_[j] == ')' && --depth == 0) {
        end = j;
        break;
      }
    }
    if (end == std::string_view::npos) {
      problem(close + 1, "the link's address '(' is not closed; it is set as written",
              "write [label](https://example.com) with the closing ')', or \\[ for a bracket");
      literal("[", i);
      return i + 1;
    }
    std::string address(s_.substr(close + 2, end - close - 2));
    while (!address.empty() && is_space_byte(address.front())) address.erase(0, 1);
    while (!address.empty() && is_space_byte(address.back())) address.pop_back();
    if (address.empty() || address.find_first_of(" \t\n") != std::string::npos) {
      problem(close + 1,
              address.empty() ? "the link has no address; it is set as written"
                              : "a link's address cannot contain spaces; it is set as written",
              "write [label](https://example.com)");
      literal("[", i);
      return i + 1;
    }
    push(Kind::LinkOn, address, i);
    if (close == i + 1) {
      literal(address, close + 2);  // [](url): the address is its own label
    } else {
      scan(i + 1, close);
    }
    push(Kind::LinkOff, {}, end);
    return end + 1;
  }

  // An HTML tag: the simple ones become attributes, the others are dropped
  // with a warning. "<" not followed by a tag name ("a < b", "<3") is text.
  std::size_t tag(std::size_t i, std::size_t to) {
    std::size_t j = i + 1;
    const bool closing = j < to && s_[j] == '/';
    if (closing) ++j;
    const std::size_t name_from = j;
    if (j >= to || !ascii_alpha(s_[j])) {
      literal("<", i);
      return i + 1;
    }
    while (j < to && ascii_alnum(s_[j])) ++j;
    const std::string name = lower(std::string(s_.substr(name_from, j - name_from)));
    std::size_t end = j;
    char quote = 0;
    for (; end < to; ++end) {
      const char c = s_[end];
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '>' || c == '<' || c == '\n') {
        break;
      }
    }
    if (end >= to || s_[end] != '>' || (j < end && !is_space_byte(s_[j]) && s_[j] != '/')) {
      literal("<", i);
      return i + 1;
    }
    // Only HTML's own elements are tags: "List<T>", "vector<int>" and
    // "Option<String>" are text, as an engineer's résumé writes them.
    if (!html_element(name)) {
      literal("<", i);
      return i + 1;
    }
    const std::string_view attributes = s_.substr(j, end - j);
    if (name == "b" || name == "strong") {
      push(closing ? Kind::BoldOff : Kind::BoldOn, {}, i);
    } else if (name == "i" || name == "em") {
      push(closing ? Kind::ItalicOff : Kind::ItalicOn, {}, i);
    } else if (name == "code" || name == "tt") {
      push(closing ? Kind::CodeOff : Kind::CodeOn, {}, i);
    } else if (name == "br") {
      push(Kind::Break, "\n", i);
    } else if (name == "p") {
      if (closing) push(Kind::Break, "\n", i);
    } else if (name == "a") {
      if (closing) push(Kind::LinkOff, {}, i);
      else push(Kind::LinkOn, href(attributes), i);
    } else if (!closing) {
      problem(i, "the HTML tag <" + name + "> is left out",
              "only <b>, <strong>, <i>, <em>, <code>, <a href>, <br> and <p> are read; use the Markdown subset");
    }
    return end + 1;
  }

  static std::string href(std::string_view attributes) {
    const std::string lowered = lower(std::string(attributes));
    std::size_t at = lowered.find("href");
    if (at == std::string::npos) return {};
    at = lowered.find('=', at);
    if (at == std::string::npos) return {};
    ++at;
    while (at < attributes.size() && is_space_byte(attributes[at])) ++at;
    if (at >= attributes.size()) return {};
    std::size_t end;
    if (attributes[at] == '"' || attributes[at] == '\'') {
      end = attributes.find(attributes[at], at + 1);
      ++at;
    } else {
      end = attributes.find_first_of(" \t\n/", at);
    }
    std::string value(attributes.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    // Entities in the address (&amp; between query parameters).
    Parsed inner = parse(value);
    return plain_text(inner.runs);
  }

  std::size_t entity(std::size_t i, std::size_t to) {
    static const std::pair<const char*, const char*> kNamed[] = {
        {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&nbsp;", "\u00A0"}};
    for (const auto& [name, value] : kNamed) {
      const std::string_view n(name);
      if (s_.substr(i, std::min(n.size(), to - i)) == n) {
        literal(value, i);
        return i + n.size();
      }
    }
    if (i + 3 < to && s_[i + 1] == '#') {
      const bool hex = s_[i + 2] == 'x' || s_[i + 2] == 'X';
      std::size_t j = i + (hex ? 3 : 2);
      char32_t cp = 0;
      std::size_t digits = 0;
      for (; j < to && digits < 7; ++j, ++digits) {
        const char c = s_[j];
        int v = -1;
        if (c >= '0' && c <= '9') v = c - '0';
        else if (hex && c >= 'a' && c <= 'f') v = c - 'a' + 10;
        else if (hex && c >= 'A' && c <= 'F') v = c - 'A' + 10;
        if (v < 0) break;
        cp = cp * (hex ? 16 : 10) + static_cast<char32_t>(v);
      }
      if (digits > 0 && j < to && s_[j] == ';' && cp > 0 && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF) &&
          cp >= 0x20) {
        literal(utf8::encode(cp), i);
        return j + 1;
      }
    }
    literal("&", i);
    return i + 1;
  }

  std::string_view s_;
  Parsed& out_;
};

// Matches the star runs (CommonMark's process_emphasis, simplified).
void match_stars(std::vector<Token>& tokens, std::vector<Problem>& problems) {
  struct Opener {
    std::size_t token;
    int left;
  };
  std::vector<Opener> openers;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    Token& t = tokens[k];
    if (t.kind != Kind::Stars) continue;
    int left = t.count;
    if (t.can_close) {
      while (left > 0 && !openers.empty()) {
        Opener& o = openers.back();
        Token& open = tokens[o.token];
        const int use = (o.left >= 2 && left >= 2) ? 2 : 1;
        (use == 2 ? open.open_bold : open.open_italic) += 1;
        (use == 2 ? t.close_bold : t.close_italic) += 1;
        o.left -= use;
        left -= use;
        if (o.left == 0) openers.pop_back();
      }
    }
    if (left > 0 && t.can_open) {
      openers.push_back({k, left});
    } else if (left > 0) {
      t.literal = left;
      if (left >= 2 && t.can_close)
        problems.push_back({t.offset, "'" + std::string(static_cast<std::size_t>(left), '*') +
                                          "' closes nothing; it is set as written",
                            "write \\* for a literal star"});
    }
  }
  for (const Opener& o : openers) {
    tokens[o.token].literal = o.left;
    if (o.left >= 2)
      problems.push_back({tokens[o.token].offset,
                          "'" + std::string(static_cast<std::size_t>(o.left), '*') + "' is not closed; it is set as written",
                          "close it with another " + std::string(static_cast<std::size_t>(o.left), '*') +
                              ", or write \\* for a literal star"});
  }
}

void add_run(std::vector<Run>& runs, Run run) {
  if (run.text.empty()) return;
  if (!runs.empty()) {
    Run& last = runs.back();
    if (last.bold == run.bold && last.italic == run.italic && last.code == run.code && last.link == run.link) {
      last.text += run.text;
      return;
    }
  }
  runs.push_back(std::move(run));
}

bool word_character(char32_t cp) {
  if (cp < 0x80) return std::isalnum(static_cast<int>(cp)) || cp == '_';
  if (text::is_cjk(cp)) return false;  // ideographs and kana stand alone
  if (cp == 0xD7 || cp == 0xF7) return false;
  if (cp >= 0xC0 && cp <= 0x24F) return true;    // Latin letters with marks
  if (cp >= 0x370 && cp <= 0x52F) return true;   // Greek, Cyrillic
  if (cp >= 0x1E00 && cp <= 0x1FFF) return true; // Latin and Greek extended
  return false;
}

// The code point that ends just before byte `at`, or 0.
char32_t previous_cp(std::string_view s, std::size_t at) {
  if (at == 0) return 0;
  std::size_t start = at - 1;
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  return utf8::decode(s, start);
}

bool has_cjk(std::string_view s) {
  for (std::size_t pos = 0; pos < s.size();)
    if (text::is_cjk(utf8::decode(s, pos))) return true;
  return false;
}

}  // namespace

Parsed parse(std::string_view source) {
  Parsed out;
  Scanner scanner(source, out);
  scanner.scan(0, source.size());
  std::vector<Token>& tokens = scanner.tokens;
  match_stars(tokens, out.problems);
  std::sort(out.problems.begin(), out.problems.end(),
            [](const Problem& a, const Problem& b) { return a.offset < b.offset; });

  int bold = 0, italic = 0, html_bold = 0, html_italic = 0, html_code = 0;
  std::vector<std::string> links;
  auto run = [&](std::string text, std::size_t offset, bool code) {
    Run r;
    r.text = std::move(text);
    r.bold = bold > 0 || html_bold > 0;
    r.italic = italic > 0 || html_italic > 0;
    r.code = code || html_code > 0;
    r.link = links.empty() ? std::string() : links.back();
    r.offset = offset;
    add_run(out.runs, std::move(r));
  };
  for (const Token& t : tokens) {
    switch (t.kind) {
      case Kind::Text: run(t.text, t.offset, false); break;
      case Kind::Code: run(t.text, t.offset, true); break;
      case Kind::Break: run(t.text, t.offset, false); break;
      case Kind::Stars:
        bold -= t.close_bold;
        italic -= t.close_italic;
        if (t.literal > 0) run(std::string(static_cast<std::size_t>(t.literal), '*'), t.offset, false);
        bold += t.open_bold;
        italic += t.open_italic;
        break;
      case Kind::BoldOn: ++html_bold; break;
      case Kind::BoldOff: html_bold = std::max(0, html_bold - 1); break;
      case Kind::ItalicOn: ++html_italic; break;
      case Kind::ItalicOff: html_italic = std::max(0, html_italic - 1); break;
      case Kind::CodeOn: ++html_code; break;
      case Kind::CodeOff: html_code = std::max(0, html_code - 1); break;
      case Kind::LinkOn: links.push_back(t.text); break;
      case Kind::LinkOff:
        if (!links.empty()) links.pop_back();
        break;
    }
  }
  // Breaks at either end (<p>…</p>) would only add empty lines.
  while (!out.runs.empty() && !out.runs.back().code) {
    std::string& text = out.runs.back().text;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    if (!text.empty()) break;
    out.runs.pop_back();
  }
  return out;
}

std::string plain_text(const std::vector<Run>& runs) {
  std::string out;
  for (const auto& r : runs) out += r.text;
  return out;
}

std::string plain_text(std::string_view source) { return plain_text(parse(source).runs); }

BoldKeywords::BoldKeywords(const std::vector<std::string>& keywords) : none_(keywords.empty()) {
  // Longer keywords first, so "CUDA Graph" wins over "CUDA" where both
  // match. Keywords of one length keep the order std::sort leaves them in,
  // as they always have: where two of them overlap, the earlier wins.
  for (const auto& k : keywords)
    if (!k.empty()) ranked_.push_back(k);
  std::sort(ranked_.begin(), ranked_.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  for (const auto& k : ranked_) anywhere_.push_back(has_cjk(k));
  matcher_ = KeywordMatcher(ranked_);
}

void apply_bold_keywords(std::vector<Run>& runs, const BoldKeywords& keywords) {
  if (keywords.none()) return;
  // An occurrence of a whole keyword: the keyword's rank and its first byte.
  struct Found {
    std::size_t rank;
    std::size_t at;
  };
  std::vector<Found> found;
  std::vector<Run> out;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    Run& run = runs[r];
    if (run.code || run.bold) {
      out.push_back(std::move(run));
      continue;
    }
    const std::string& s = run.text;
    // A keyword at a run's start counts as starting a word (the run before
    // is not looked at), one at its end as ending one only if the next run
    // does not go on with the word.
    char32_t after_run = 0;
    if (r + 1 < runs.size() && !runs[r + 1].text.empty()) {
      std::size_t p = 0;
      after_run = utf8::decode(runs[r + 1].text, p);
    }
    found.clear();
    keywords.matcher_.scan(s, [&](std::size_t rank, std::size_t end) {
      const std::size_t at = end - keywords.ranked_[rank].size();
      if (!keywords.anywhere_[rank]) {
        const char32_t before = previous_cp(s, at);
        std::size_t p = end;
        const char32_t after = p >= s.size() ? after_run : utf8::decode(s, p);
        if (word_character(before) || word_character(after)) return;
      }
      found.push_back({rank, at});
    });
    // Each keyword in rank order, its occurrences left to right, takes its
    // bytes unless one taken before overlaps them. One taken before is at
    // least as long, so if it overlaps it covers the first or the last byte.
    std::sort(found.begin(), found.end(),
              [](const Found& a, const Found& b) { return a.rank != b.rank ? a.rank < b.rank : a.at < b.at; });
    std::vector<bool> marked(s.size(), false);
    for (const Found& f : found) {
      const std::size_t length = keywords.ranked_[f.rank].size();
      if (marked[f.at] || marked[f.at + length - 1]) continue;
      std::fill(marked.begin() + static_cast<std::ptrdiff_t>(f.at),
                marked.begin() + static_cast<std::ptrdiff_t>(f.at + length), true);
    }
    // The pieces copy the run's other fields, not its text: copying the
    // whole text into each piece made a field of many keywords quadratic.
    const std::string whole = std::move(run.text);
    run.text.clear();
    for (std::size_t i = 0; i < whole.size();) {
      std::size_t j = i;
      while (j < whole.size() && marked[j] == marked[i]) ++j;
      Run piece = run;
      piece.text = whole.substr(i, j - i);
      piece.offset = run.offset + i;
      piece.bold = marked[i];
      out.push_back(std::move(piece));
      i = j;
    }
  }
  runs = std::move(out);
}

void apply_bold_keywords(std::vector<Run>& runs, const std::vector<std::string>& keywords) {
  if (keywords.empty()) return;
  // The last list's automaton: a caller reads every text of a variant
  // with the same list.
  thread_local std::vector<std::string> last;
  thread_local std::shared_ptr<const BoldKeywords> built;
  if (!built || keywords != last) {
    built = std::make_shared<const BoldKeywords>(keywords);
    last = keywords;
  }
  apply_bold_keywords(runs, *built);
}

void rewrite_text(std::vector<Run>& runs, const std::function<std::string(std::string_view)>& rewrite) {
  // The text before a run, as the rewrite sees it: its last kContext bytes
  // (from a character's start), enough for any quote a reader could pair,
  // and linear in the text however many runs bold keywords make of it.
  constexpr std::size_t kContext = 512;
  std::string before;  // the source text of the runs so far, code as U+FFFC
  for (auto& run : runs) {
    if (run.code) {
      before += "\uFFFC";
    } else {
      const std::string head = rewrite(before);
      const std::string whole = rewrite(before + run.text);
      before += run.text;
      run.text = whole.compare(0, head.size(), head) == 0 ? whole.substr(head.size()) : rewrite(run.text);
    }
    if (before.size() > 2 * kContext) {
      std::size_t cut = before.size() - kContext;
      while (cut < before.size() && (static_cast<unsigned char>(before[cut]) & 0xC0) == 0x80) ++cut;
      before.erase(0, cut);
    }
  }
}

void apply_typography(std::vector<Run>& runs, const std::string& language, bool corner_quotes) {
  text::TypographyOptions options;
  options.keep_urls = true;
  options.corner_quotes = corner_quotes;
  rewrite_text(runs, [&](std::string_view t) { return text::typographic(t, language, options); });
}

std::string link_target(const std::string& written, bool* allowed) { return model::link_uri(written, allowed); }

}  // namespace cvpdf::compose::markup
