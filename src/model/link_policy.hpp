// What may become a link in the PDF: the one rule for every field that makes
// one — a person's links and a network's username, an entry's links, a
// publication's url, JSON Resume's and RenderCV's urls and e-mail, and
// inline markup's [label](target) — so that an address a reader's click
// would run (javascript:, data:) or open on the reader's machine (file:)
// never becomes a /URI action, whatever field it came in.
#pragma once
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "model/resume.hpp"

namespace cvpdf::model {

// A link target as it may be put in the PDF: http, https, mailto and tel
// are kept as written (trimmed); a bare domain or host with a port
// (example.com/x, localhost:8080) gets https://; anything else (another
// scheme in any case — javascript:, JaVaScRiPt:, data:, file:, ftp: — a
// fragment, a path) gives "" and `allowed` false.
std::string link_uri(std::string_view written, bool* allowed = nullptr);

// An e-mail address that may be linked as mailto:: one '@' with text on
// both sides, no scheme before it, no spaces.
bool linkable_email(std::string_view address);

// Applies the rule to every link of a loaded résumé, whatever format it was
// read from: a refused target is dropped (its label stays, as plain text)
// with a warning at its place; an e-mail address that is not one is
// printed as plain text instead of linked.
void apply_link_policy(Resume& resume, Diagnostics& diags);

}  // namespace cvpdf::model
