// Where a URL may break across lines. ICU's line breaker (UAX #14) treats
// a URL as ordinary text: it breaks after some slashes and hyphens but
// never after a dot, not before a digit, and it does break right after
// "https://", leaving the scheme alone at a line end. A long address in a
// publication list or a link label then runs into the margin. Here, inside
// a URL token and past its scheme, a break is allowed after '/', '.', '?',
// '&', '=' and '#' (the last of a run like "//" or "/?"), with no hyphen
// added — a hyphen would change the address a reader types — and nowhere
// else: not between the scheme's "://" and the host, and not after the
// address's own hyphens, where a reader could not tell whose hyphen it
// is. What still does not fit (a long path component or token value) is
// left to the paragraph's last resort. The break list (breaks.hpp) gives
// these breaks the kind Url.
#pragma once
#include <cstddef>
#include <string_view>
#include <vector>

#include "text/line_breaks.hpp"

namespace cvpdf::text {

// A URL token: space-delimited, starting (after opening punctuation such as
// '(' or '<') with a scheme and "://", with "www.", or with a host name
// followed by a path ("github.com/user"). Its end excludes trailing
// punctuation (".,;:!?)]>'\"").
struct UrlToken {
  std::size_t begin = 0;       // byte offsets into the text
  std::size_t host_begin = 0;  // past "scheme://" or "www."; else == begin
  std::size_t end = 0;
};
std::vector<UrlToken> find_urls(std::string_view text);

// Byte offsets, ascending, where a URL in `text` may break: just after a
// '/', '.', '?', '&', '=' or '#' inside a URL past its host's start, not
// followed by another of them, and not at the URL's end.
std::vector<std::size_t> url_break_offsets(std::string_view text);
// The same for the URLs find_urls(text) gave.
std::vector<std::size_t> url_break_offsets(std::string_view text, const std::vector<UrlToken>& urls);

// The break list's hook (one call, right after segment_text): splits
// segments at url_break_offsets (the new breaks are BreakAfter::Allowed, as
// after a slash) and joins the segments ICU broke inside a URL anywhere
// else (after its scheme, after a hyphen). The result still tiles the text.
std::vector<Segment> add_url_breaks(std::string_view text, std::vector<Segment> segments);
// The same for the URLs find_urls(text) gave, which the caller keeps.
std::vector<Segment> add_url_breaks(std::string_view text, const std::vector<UrlToken>& urls,
                                    std::vector<Segment> segments);

}  // namespace cvpdf::text
