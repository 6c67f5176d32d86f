// What may become a link in the PDF: the one rule for every field that makes
// one — a person's links and a network's username, an entry's links, a
// publication's url, JSON Resume's and RenderCV's urls and e-mail, and
// inline markup's [label](target) — so that an address a reader's click
// would run (javascript:, data:) or open on the reader's machine (file:)
// never becomes a /URI action, whatever field it came in.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "model/resume.hpp"

namespace cvpdf::model {

// The longest address linked, in bytes: what HTTP asks every client and
// server to take (RFC 9110, 4.1); none opens a longer one, and each line a
// link fills carries its address.
inline constexpr std::size_t kMaxLinkBytes = 8000;

// A link target as it may be put in the PDF: http, https, mailto and tel
// are kept as written (trimmed); a bare domain or host with a port
// (example.com/x, localhost:8080) gets https://; anything else (another
// scheme in any case — javascript:, JaVaScRiPt:, data:, file:, ftp: — a
// fragment, a path) or an address over kMaxLinkBytes gives "" and
// `allowed` false.
std::string link_uri(std::string_view written, bool* allowed = nullptr);

// Why link_uri refuses `written`, as a warning's message and hint; `markup`
// for a [label](target) in a text (the hint writes one).
struct RefusedLink {
  std::string message;
  std::string hint;
};
RefusedLink refused_link(std::string_view written, bool markup = false);

// What a line shows of a link given without a label: its host, and its
// path when the two are short (kShortAddress bytes or fewer) — the scheme,
// a leading "www.", the query, the fragment and a final '/' left out —
// so a long address does not wrap over lines of an entry's head; the
// link still goes to the whole address. "mailto:a@b.c" shows "a@b.c",
// "tel:+1…" the number; anything else is shown as written.
inline constexpr std::size_t kShortAddress = 32;
std::string shown_address(std::string_view uri);

// An e-mail address that may be linked as mailto:: one '@' with text on
// both sides, no scheme before it, no spaces, within kMaxLinkBytes.
bool linkable_email(std::string_view address);

// Applies the rule to every link of a loaded résumé, whatever format it was
// read from: a refused target is dropped (its label stays, as plain text)
// with a warning at its place; an e-mail address that is not one is
// printed as plain text instead of linked.
void apply_link_policy(Resume& resume, Diagnostics& diags);

}  // namespace cvpdf::model
