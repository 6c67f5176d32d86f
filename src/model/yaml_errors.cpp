// yaml-cpp's ParserExceptions in our words (yaml_errors.hpp). yaml-cpp's
// messages name what its parser expected ("end of map not found"); a reader
// needs what is wrong and where it started: an unclosed '[' from its '[', an
// unclosed quote from its quote, a bad escape at its backslash. yaml-cpp's
// scanner reads ahead of the events (a '[' may be a key until its ']'), so
// which brackets are open at the place is read from the text, not from the
// builder's stack.
#include "model/yaml_errors.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/utf8.hpp"

namespace cvpdf::model::detail {

namespace {

struct Explained {
  std::string message;
  std::string hint;
  std::size_t place = std::string::npos;  // where to report, in the parsed text, when not where it stopped
};

const char* const kBrackets =
    "a '[' or '{' is not closed, or a ',' is missing; check the brackets on this line and the one before";
const char* const kSyntax = "check the YAML syntax at this position";
const char* const kUnclosedQuote = "a quoted text is not closed; add the closing quote";
const char* const kUnexpectedCloser =
    "a ']' or '}' too many, or a ',' with nothing before it? Check the brackets on this line and the one before";

bool has(std::string_view message, std::string_view part) { return message.find(part) != std::string_view::npos; }

Explained unexpected(char c) { return {std::string("illegal flow end: unexpected '") + c + "'", kUnexpectedCloser}; }
Explained after_document(char c) {
  return {std::string("unexpected '") + c + "' after the end of the document",
          "a ']' or '}' too many, or a ',' after the last item?"};
}
Explained text_after_document() {
  return {"text after the end of the document", "a résumé is one document; remove what follows it"};
}
// `block` is where the collection that has no end there starts.
Explained no_end(bool map, const std::string& block) {
  return {std::string(map ? "end of map not found: " : "end of sequence not found: ") +
              "this line is not indented like the lines before it" + block,
          "check the indentation: the keys of one mapping, and the '- ' items of one list, start in the same column"};
}

// The file position of byte `offset` of doc.text.
Pos position_in(const Document& doc, std::size_t offset) {
  offset = std::min(offset, doc.text.size());
  auto line = std::upper_bound(doc.line_starts.begin(), doc.line_starts.end(), offset) - 1;
  std::string_view before = doc.text.substr(*line, offset - *line);
  return {static_cast<int>(line - doc.line_starts.begin()) + 1, 1 + static_cast<int>(utf8::length(before))};
}

// " (it starts at line L, column C)" when `from` is known and not `at`.
std::string since(Pos from, Pos at) {
  if (!from.known() || (from.line == at.line && from.column == at.column)) return {};
  return fmt::format(" (it starts at line {}, column {})", from.line, from.column);
}

// Where a document whose root is a flow collection ends (past its closing
// bracket), or npos when the root is not one or does not close.
std::size_t root_flow_end(std::string_view text) {
  std::size_t i = 0;
  for (;;) {  // blank lines, comments, directives and '---' before the root
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    if (i < text.size() && (text[i] == '#' || text[i] == '%')) {
      i = text.find('\n', i);
      if (i == std::string_view::npos) return i;
    } else if (text.substr(i, 3) == "---") {
      i += 3;
    } else {
      break;
    }
  }
  if (i >= text.size() || (text[i] != '[' && text[i] != '{')) return std::string_view::npos;
  int depth = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      for (++i; i < text.size() && text[i] != c; ++i)
        if (c == '"' && text[i] == '\\') ++i;
    } else if (c == '#' && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n')) {
      i = text.find('\n', i);
      if (i == std::string_view::npos) return i;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if ((c == ']' || c == '}') && --depth == 0) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

struct Context {
  const Document& doc;
  std::string_view parsed;
  MarkMapper& marks;
  const Prescan& scan;
  const ParseStop& stop;
  Pos here;                         // the place reported
  char at = '\0';                   // the character yaml-cpp stopped at
  char before = '\0';               // the last token's last character before it
  std::vector<std::size_t> flows;   // '[' and '{' open there, in doc.text

  std::string opened_flow() const { return flows.empty() ? std::string() : since(position_in(doc, flows.back()), here); }
  bool in_flow_sequence() const { return !flows.empty() && doc.text[flows.back()] == '['; }
  std::string opened_quote() const {
    return scan.unclosed_quote == std::string::npos ? std::string() : since(position_in(doc, scan.unclosed_quote), here);
  }
};

// The comment on the line of the innermost open '[' or '{' ("#c00}" of
// `{accent: #c00}`: a '#' after a blank begins one, and hides the bracket
// that would close), or "".
std::string comment_in_flow(const Context& c) {
  if (c.flows.empty()) return {};
  const std::string_view text = c.doc.text;
  const std::size_t end = std::min(text.find('\n', c.flows.back()), text.size());
  char quote = 0;
  for (std::size_t i = c.flows.back(); i < end; ++i) {
    const char ch = text[i];
    if (quote != 0) {
      if (ch == quote) quote = 0;
    } else if (ch == '"' || ch == '\'') {
      quote = ch;
    } else if (ch == '#' && (text[i - 1] == ' ' || text[i - 1] == '\t')) {
      std::string_view comment = text.substr(i, end - i);
      if (!comment.empty() && comment.back() == '\r') comment.remove_suffix(1);
      return std::string(comment);
    }
  }
  return {};
}

Explained not_closed(const Context& c, bool sequence) {
  // Right after '[', '{', ',' or ':' a value was due: the bracket may be fine.
  if (c.before == '[' || c.before == '{' || c.before == ',' || c.before == ':') return {"a value was expected here", kSyntax};
  std::string hint = kBrackets;
  if (const std::string comment = comment_in_flow(c); !comment.empty()) {
    // The word after '#', as a colour would be written: #c00, #1a2b3c.
    const std::string word = comment.substr(0, std::min(comment.find_first_of(" ,]}"), comment.size()));
    hint = "'" + comment + "' is a YAML comment (a '#' after a space begins one), so the bracket that closes is not "
           "read; put a colour in quotes: \"" + word + "\"";
  }
  return {sequence ? "a '[' list is not closed, or a ',' is missing between its items" + c.opened_flow()
                   : "a '{' mapping is not closed, or a ',' is missing between its entries" + c.opened_flow(),
          hint};
}

Explained end_of_block(const Context& c) {
  const OpenCollection* block = nullptr;
  // yaml-cpp ends a block list at a line in its column that is not a '- '
  // item, then stops on the line; YAML says the list has no end there.
  const std::optional<OpenCollection>& closed = c.stop.last_closed;
  auto column = [&](std::size_t at) { return at - line_start(c.parsed, at); };
  if (closed && !closed->flow && closed->kind == YNode::Kind::Sequence && c.stop.parsed != std::string::npos &&
      column(closed->parsed) == column(std::min(c.stop.parsed, c.parsed.size())))
    block = &*closed;
  for (auto it = c.stop.open.rbegin(); it != c.stop.open.rend() && !block; ++it)
    if (!it->flow) block = &*it;
  const bool map = block ? block->kind == YNode::Kind::Map : has(c.stop.message, "map");
  const std::string from = block ? since(c.marks.at(block->parsed), c.here) : std::string();
  return no_end(map, from);
}

Explained key_without_colon_message() {
  return {"a key without ':' (or a text that runs on over several lines where a key was expected)",
          "write `key: value`; a text that goes on over several lines must be indented under its key, or quoted"};
}

Explained refused(const Context& c) {
  switch (c.stop.refusal) {
    case Refusal::StrayComma: return unexpected(',');
    case Refusal::EmptyFlowKey: return {"a value was expected here", kSyntax};
    case Refusal::EmptyBlockKey: return end_of_block(c);
    case Refusal::KeyWithoutColon: return key_without_colon_message();
    case Refusal::EmptyExplicitKey:
      return {"a key is empty", "write keys as plain words followed by ': ', e.g. `name: Ada`"};
    case Refusal::UndefinedTagHandle:
      return {"a malformed tag (found undefined tag handle)", "write a tag as !name or !!type, or remove it"};
    case Refusal::NextDocumentWithoutStart: {
      // A line that goes on the root collection, but not in its column, or
      // one further left than the root: the document cannot go on there.
      const Pos root = c.marks.at(c.stop.root.parsed);
      const std::size_t end = previous_token_end(c.parsed, c.stop.parsed);
      const bool ended = end >= 3 && c.parsed.substr(end - 3, 3) == "..." && (end == 3 || c.parsed[end - 4] == '\n');
      if (c.stop.root_block && !ended && c.here.column >= root.column)
        return no_end(c.stop.root.kind == YNode::Kind::Map, since(root, c.here));
      return text_after_document();
    }
    case Refusal::DirectiveWithoutStart: return text_after_document();
    case Refusal::NextDocument:
      return {"the file holds more than one YAML document",
              "a résumé is one document: remove the '---' separator, or what follows it"};
    case Refusal::AfterDocument:
      return c.stop.parsed == c.stop.first ? unexpected(c.at) : after_document(c.at);
    case Refusal::UnclosedQuote: return {"a quoted text is not closed" + c.opened_quote(), kUnclosedQuote};
    case Refusal::IndentationTab:
    case Refusal::None: break;
  }
  return {};
}

// The start of the first line after the builder's last node that begins in
// the column of the open block mapping's keys and has no ':', or npos: a key
// without ':' is shown where it starts, yaml-cpp reads on and stops later.
std::size_t key_without_colon(const Context& c) {
  const OpenCollection* map = nullptr;
  for (auto it = c.stop.open.rbegin(); it != c.stop.open.rend() && !map; ++it)
    if (!it->flow) map = &*it;
  if (!map || map->kind != YNode::Kind::Map || c.stop.parsed == std::string::npos) return std::string::npos;
  const std::string_view text = c.parsed;
  const std::size_t column = map->parsed - line_start(text, map->parsed);
  std::size_t line = text.find('\n', c.stop.last_event);
  const std::size_t last = line_start(text, std::min(c.stop.parsed, text.size()));
  while (line != std::string_view::npos && line + 1 <= last) {
    const std::size_t start = line + 1;
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view content = text.substr(start, end - start);
    const std::size_t first = content.find_first_not_of(" \t\r");
    line = end < text.size() ? end : std::string_view::npos;
    if (first == std::string_view::npos || content[first] == '#') continue;
    if (first < column) return std::string::npos;
    if (first > column) continue;
    // Only what may start a key: not a '- ' or '? ', a bracket that closes, a ','.
    if (std::string_view("-?:]},|>%@`").find(content[first]) != std::string_view::npos) return std::string::npos;
    // A ':' that ends a key, outside quotes and before a comment?
    char quote = 0;
    for (std::size_t k = first; k < content.size(); ++k) {
      const char ch = content[k];
      if (quote != 0) {
        if (ch == quote) quote = 0;
      } else if (ch == '"' || ch == '\'') {
        quote = ch;
      } else if (ch == '#' && k > 0 && (content[k - 1] == ' ' || content[k - 1] == '\t')) {
        break;
      } else if (ch == ':' && (k + 1 == content.size() || content[k + 1] == ' ' || content[k + 1] == '\t' ||
                               content[k + 1] == '\r')) {
        return std::string::npos;
      }
    }
    return start + first;
  }
  return std::string::npos;
}

// A key written further right than the key above it, whose value is on
// its own line ("  name: Ada" then "    email: …"): YAML reads the line
// as the rest of that value, and yaml-cpp stops at the second ': ' with
// "illegal map value". The key above and the column its key starts in, or
// nullopt when the stop is not at such a line's first ': '.
struct KeyAbove {
  std::string name;
  std::size_t offset;  // where it starts, in the parsed text
};
std::optional<KeyAbove> over_indented_key(const Context& c) {
  const std::string_view text = c.parsed;
  const std::size_t stop = std::min(c.stop.parsed, text.size());
  const std::size_t start = line_start(text, stop);
  const std::size_t key = text.find_first_not_of(' ', start);
  if (key >= stop || std::string_view("-?:[]{},#&*!|>'\"%@`").find(text[key]) != std::string_view::npos) return std::nullopt;
  if (text.substr(key, stop - key).find(": ") != std::string_view::npos) return std::nullopt;
  // The line above that holds something: "key: value" or "- key: value".
  std::size_t above_end = start;
  while (above_end > 0) {
    const std::size_t above = line_start(text, above_end - 1);
    std::string_view line = text.substr(above, above_end - 1 - above);
    above_end = above;
    const std::size_t first = line.find_first_not_of(" \r");
    if (first == std::string_view::npos || line[first] == '#') continue;
    std::size_t name = first;
    if (line.substr(first, 2) == "- ") name = line.find_first_not_of(' ', first + 1);
    if (name == std::string_view::npos || name >= key - start) return std::nullopt;
    const std::size_t colon = line.find(": ", name);
    if (colon == std::string_view::npos) return std::nullopt;
    const std::size_t value = line.find_first_not_of(' ', colon + 1);
    if (value == std::string_view::npos || std::string_view("#|>[{&*!").find(line[value]) != std::string_view::npos)
      return std::nullopt;
    return KeyAbove{std::string(line.substr(name, colon - name)), above + name};
  }
  return std::nullopt;
}

Explained explain(const Context& c) {
  if (c.stop.refusal != Refusal::None) return refused(c);
  const std::string_view m = c.stop.message;
  const char at = c.at;
  const bool map_value = has(m, "illegal map value");
  if (map_value || has(m, "end of map not found")) {
    const std::size_t key = key_without_colon(c);
    if (key != std::string::npos) {
      Explained x = key_without_colon_message();
      x.place = key;
      return x;
    }
  }
  if (const auto above = map_value ? over_indented_key(c) : std::nullopt) {
    const std::size_t stop = std::min(c.stop.parsed, c.parsed.size());
    const std::size_t key = c.parsed.find_first_not_of(' ', line_start(c.parsed, stop));
    const std::string name(c.parsed.substr(key, stop - key));
    const Pos column = c.marks.at(above->offset);
    Explained x{"illegal map value: '" + name + "' is indented further than '" + above->name +
                    "' above it, so YAML reads it as the rest of " + above->name + "'s value",
                fmt::format("start '{}' in column {}, under '{}', to make it a key beside it", name, column.column,
                            above->name)};
    x.place = key;
    return x;
  }
  if (map_value)
    return {"illegal map value: a ': ' inside a value starts a mapping, which cannot begin here",
            "a ': ' starts a mapping value here; put text that contains ': ' in quotes (title: \"A: B\"), "
            "or check this line's indentation"};
  if (has(m, "illegal block entry")) {
    if (!c.flows.empty()) return {"a value was expected here", kSyntax};
    return {"illegal block entry: a '- ' list item cannot begin here",
            "a '- ' list item cannot follow a key on the same line; start the list on the next line, indented"};
  }
  if (has(m, "end of sequence flow not found") || has(m, "end of map flow not found") ||
      (has(m, "illegal flow end") && !c.flows.empty()))
    return not_closed(c, c.flows.empty() ? has(m, "sequence") : c.in_flow_sequence());
  if (has(m, "illegal flow end") || ((at == ']' || at == '}') && has(m, "not found"))) {
    // After a root in flow style that has closed, or left of a block one.
    const std::size_t root_end = root_flow_end(c.parsed);
    const bool left_of_root = !c.stop.open.empty() && !c.stop.open.front().flow &&
                              c.stop.parsed - line_start(c.parsed, c.stop.parsed) <
                                  c.stop.open.front().parsed - line_start(c.parsed, c.stop.open.front().parsed);
    if ((root_end != std::string_view::npos && c.stop.parsed >= root_end) || left_of_root)
      return after_document(at);
    if (c.before == '\0' || c.before == ':' || c.before == '-' || c.before == '?')
      return unexpected(at);
    return {std::string("illegal flow end: a '") + at + "' that closes nothing", kBrackets};
  }
  if (has(m, "end of map not found") || has(m, "end of sequence not found")) return end_of_block(c);
  if (has(m, "illegal EOF in scalar")) return {"a quoted text is not closed" + c.opened_quote(), kUnclosedQuote};
  if (has(m, "illegal document indicator in scalar"))
    return {"a quoted text is not closed before a '---' or '...' line" + c.opened_quote(), kUnclosedQuote};
  if (has(m, "unknown escape character"))
    return {"unknown escape character in a double-quoted text",
            "inside double quotes write a backslash as \\\\, or use single quotes"};
  if (has(m, "invalid unicode") || has(m, "while scanning hex number"))
    return {"invalid unicode escape",
            "a \\u or \\U escape must name a character: U+0000–U+10FFFF, with U+D800–U+DFFF only as a pair "
            "(\\uD83D\\uDE00); fix the escape or type the character itself"};
  if (has(m, "after &") || has(m, "scanning anchor"))
    return {"an anchor '&' without a name", "write &name before a value to name it, and *name to repeat it"};
  if (has(m, "after *") || has(m, "scanning alias"))
    return {"an alias '*' without a name", "write &name before a value to name it, and *name to repeat it"};
  if (has(m, "the referenced anchor is not defined")) {
    // yaml-cpp 0.7 does not say which: the name is read after the '*'.
    std::string_view name = c.stop.parsed < c.parsed.size() ? c.parsed.substr(c.stop.parsed + 1) : std::string_view();
    name = name.substr(0, name.find_first_of(" \t\r\n,[]{}"));
    return {"the alias '*" + std::string(name) + "' names no anchor defined before it",
            "an alias *name needs an anchor &name defined before it"};
  }
  if (has(m, "unknown token")) {
    if (at == '@' || at == '`') return {std::string("a text cannot start with '") + at + "'", "put the text in quotes"};
    return {"a character that cannot start a value here", kSyntax};
  }
  if (has(m, "illegal map key")) return {"mapping keys are not allowed in this context", kSyntax};
  if (has(m, "unexpected character in block scalar"))
    return {"unexpected text after a block scalar's '|' or '>', or after a directive",
            "after '|' or '>' only an indentation digit, '+' or '-', and a comment may follow on the same line"};
  if (has(m, "zero indentation"))
    return {"a block scalar's indentation indicator is 0", "after '|' or '>' an indentation digit is 1 to 9, or none"};
  if (has(m, "multiple tags")) return {"a value with two tags", "write one tag (!name) before a value, or none"};
  if (has(m, "multiple anchors")) return {"a value with two anchors", "write one anchor (&name) before a value"};
  if (has(m, "aliases can't have any content") || has(m, "multiple aliases"))
    return {"an alias with a tag, an anchor or a value of its own",
            "an alias *name stands for the value named &name; write it alone"};
  if (has(m, "tag")) return {"a malformed tag (" + c.stop.message + ")", "write a tag as !name or !!type, or remove it"};
  if (has(m, "YAML directive") || has(m, "YAML version") || has(m, "YAML major version") || has(m, "TAG directive"))
    return {"a malformed directive (" + c.stop.message + ")", "a résumé needs no %YAML or %TAG line; remove it"};
  if (has(m, "bad file"))
    return {"the document is nested too deeply", "a résumé needs only a few levels; check for unbalanced '[' or '{'"};
  return {c.stop.message, kSyntax};
}

// A tab in the indentation before byte `offset` (the blanks that start its
// line, or that follow a '- ' or '? ' there), or npos: yaml-cpp stops after
// the tab that broke the indentation.
std::size_t tab_before(std::string_view text, std::size_t offset) {
  std::size_t i = std::min(offset, text.size());
  std::size_t tab = std::string_view::npos;
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t')) {
    --i;
    if (text[i] == '\t') tab = i;
  }
  const bool indentation = i == 0 || text[i - 1] == '\n' || text[i - 1] == '-' || text[i - 1] == '?';
  return indentation ? tab : std::string_view::npos;
}

}  // namespace

void report_parse_error(const Document& doc, std::string_view parsed, MarkMapper& marks, const Prescan& scan,
                        const ParseStop& stop, Diagnostics& diags) {
  const std::string_view m = stop.message;
  std::size_t place = std::min(stop.parsed, parsed.size());
  // A bad escape is shown at its backslash (a bad \u's, at its digits); an
  // empty explicit key right after its '?'.
  const bool escape = has(m, "unknown escape character") || has(m, "invalid unicode") || has(m, "scanning hex number");
  if (escape) {
    std::size_t backslash = parsed.rfind('\\', place == 0 ? 0 : place - 1);
    if (backslash != std::string_view::npos) place = has(m, "unknown escape") ? backslash : backslash + 2;
  }
  if (stop.refusal == Refusal::EmptyExplicitKey) place = previous_token_end(parsed, place);
  // A key yaml-cpp could not take in a flow mapping (a quoted one over two
  // lines, a plain one over 1024 bytes) is made empty there; YAML reads it
  // and stops at the token after it.
  if ((has(m, "end of map flow not found") || has(m, "end of sequence flow not found")) && stop.last_event == place &&
      place < parsed.size() && parsed[place] != ',' && parsed[place] != '}' && parsed[place] != ']')
    place = token_after_flow_scalar(parsed, place);
  MarkMapper::Mapped mapped = marks.map(place);
  const std::size_t before = previous_token_end(parsed, place);
  const Context c{doc, parsed, marks, scan, stop, mapped.pos,
                  stop.parsed < parsed.size() ? parsed[stop.parsed] : '\0', before == 0 ? '\0' : parsed[before - 1],
                  open_flows(doc.text, mapped.offset)};
  const Explained x = explain(c);
  if (x.place != std::string::npos) {
    place = x.place;
    mapped = marks.map(place);
  }
  const SourceSpan span = doc.span(mapped.pos);

  // A tab that broke the indentation is the error to show, at the tab.
  const bool whole_document = stop.refusal == Refusal::NextDocument;
  const std::size_t tab = stop.refusal == Refusal::None ? tab_before(parsed, place) : std::string_view::npos;
  const bool at_tab = c.at == '\t' || has(m, "tab") || tab != std::string_view::npos;
  auto before_here = [&](Pos p) { return p.line < mapped.pos.line || (p.line == mapped.pos.line && p.column <= mapped.pos.column); };
  const bool indentation_tab = scan.indentation_tab && (stop.refusal == Refusal::IndentationTab || before_here(*scan.indentation_tab));
  if (!whole_document && (at_tab || scan.tab || indentation_tab)) {
    SourceSpan tab_span = scan.tab ? doc.span(*scan.tab)
                          : indentation_tab ? doc.span(*scan.indentation_tab)
                          : tab != std::string_view::npos ? doc.span(marks.at(tab))
                                                          : span;
    const bool said = at_tab || indentation_tab;  // the error is the tab itself
    diags.error(tab_span, "a tab is used for indentation",
                "YAML indents with spaces only; replace the tab with spaces" +
                    (said ? std::string() : " (the parser then stopped at " + span.to_string() + ": " + x.message + ")"));
    return;
  }
  const bool stray = stop.refusal == Refusal::None && stop.after_document && (c.at == ',' || c.at == ']' || c.at == '}');
  const Explained said = stray ? after_document(c.at) : x;
  diags.error(span, said.message, said.hint);
}

}  // namespace cvpdf::model::detail
