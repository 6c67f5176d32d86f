// Inline markup: the small Markdown subset the user guide allows in any text value
// — **bold**, *italic*, ***both***, [label](url), `code`, \ escapes — and
// the simple HTML of JSON Resume files (<b> <strong> <i> <em> <code> <a
// href> <br> <p>, entities), parsed once into styled runs. Nothing else is
// interpreted: a star that cannot open or close emphasis is a star, `_` is
// never emphasis (torch_npu, causal_conv1d), a line starting with "# " or
// "- " is text.
//
// Why a parser of our own and not cmark (libcmark-dev): cmark parses all
// of CommonMark — headings, lists, block quotes, `_emphasis_`, autolinks,
// raw HTML passed through, reference links, hard breaks on two trailing
// spaces — and offers no switch to turn any of that off, so restricting it
// would mean undoing its block structure and re-literalising what it
// interpreted, with the source positions of the markers lost on the way
// (cmark reports positions of block nodes, not of inline delimiters). The
// subset is a few delimiter kinds; CommonMark's delimiter-run rules for
// `*` (left- and right-flanking runs, a stack of openers) are kept here in
// their simple form, and every malformed construct is reported at the
// byte where its marker stands, which the warnings need.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "compose/keyword_matcher.hpp"

namespace cvpdf::compose::markup {

// One piece of text with one set of attributes.
struct Run {
  std::string text;   // as set: markers removed, escapes and entities decoded; "\n" for a line break
  bool bold = false;
  bool italic = false;
  bool code = false;  // a monospace face; never given typographic quotes
  std::string link;   // the URI as written in the markup ("" for none); see link_target
  std::size_t offset = 0;  // byte in the source where the text starts
};

// Markup that could not be read: set literally, and said where.
struct Problem {
  std::size_t offset = 0;  // byte of the offending marker in the source
  std::string message;
  std::string hint;
};

struct Parsed {
  std::vector<Run> runs;
  std::vector<Problem> problems;
};

// Parses `source`. Adjacent runs with the same attributes are merged.
Parsed parse(std::string_view source);

// The text without markup: the runs' texts joined (a link's label only).
std::string plain_text(const std::vector<Run>& runs);
std::string plain_text(std::string_view source);

// A list of bold keywords made ready to be looked for: built once per list
// (a variant's texts all share one), each text then read once whatever
// the number of keywords.
class BoldKeywords {
 public:
  BoldKeywords() = default;
  explicit BoldKeywords(const std::vector<std::string>& keywords);
  // No list given: apply_bold_keywords leaves the runs as they are.
  bool none() const { return none_; }

 private:
  friend void apply_bold_keywords(std::vector<Run>& runs, const BoldKeywords& keywords);
  bool none_ = true;
  // The non-empty keywords longest first, in the order they win in.
  std::vector<std::string> ranked_;
  std::vector<bool> anywhere_;  // per ranked keyword: it has CJK characters
  KeywordMatcher matcher_;      // over ranked_
};

// Splits runs so that every whole-word occurrence of a keyword is bold
// (style.bold-keywords). Case-sensitive. A keyword is a whole word when the
// characters either side of it are not letters or digits (so "CUDA" is not
// found in "CUDAGraph" or "NVCUDA", but is in "CUDA-based" and "(CUDA)");
// a keyword containing CJK characters matches anywhere, as Chinese has no
// word boundaries to respect. Where keywords overlap the longer wins. Code
// and bold runs are left alone.
void apply_bold_keywords(std::vector<Run>& runs, const BoldKeywords& keywords);
// The same with the list as written: its BoldKeywords are built once and
// kept for the next call with an equal list.
void apply_bold_keywords(std::vector<Run>& runs, const std::vector<std::string>& keywords);

// Rewrites the text of every run but code through `rewrite` (typographic
// quotes, dashes: text/typography.hpp) as if the runs were one text, so a
// rule that looks back across a run's start sees the text before it — the
// closing quote of "**yes**" is a run of its own. A code run reads as one
// U+FFFC to the runs after it. Each run's text is the part of
// rewrite(before + text) after rewrite(before); where rewrite(before) is
// not a prefix of that (a rule looking ahead changed it), the run is
// rewritten alone. The text before is the last 512 to 1024 bytes of it,
// so a field cut into many runs stays linear.
void rewrite_text(std::vector<Run>& runs, const std::function<std::string(std::string_view)>& rewrite);

// The runs' text with the language's quotes, apostrophes and en dashes
// (text::typographic, URLs as typed), code left alone: what every résumé
// text is set with, in the PDF and the text exports alike.
void apply_typography(std::vector<Run>& runs, const std::string& language, bool corner_quotes);

// A link's URI as it may be put in the PDF: http(s), mailto and tel are
// kept, a bare domain gets https:// (as person.links), anything else
// (javascript:, file:, ftp:, data:) gives "" and `allowed` false.
std::string link_target(const std::string& written, bool* allowed = nullptr);

}  // namespace cvpdf::compose::markup
