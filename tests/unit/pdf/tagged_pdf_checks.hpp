// Machine checks of a tagged PDF for the tests, on what qpdf and poppler
// give (Debian has no veraPDF). They cover the Matterhorn Protocol failure
// conditions that apply to what cvpdf writes:
//   01-005  content neither marked as Artifact nor tagged (every painting
//           operator lies inside a BDC/BMC sequence);
//   06-001/06-002  no XMP or no pdfuaid there (checked by the caller);
//   07-001  /DisplayDocTitle not true;
//   11-006  no language (/Lang on the catalog);
//   28-002/28-008  a link annotation without a structure parent, a page
//           with annotations and no /Tabs /S;
//   28-005  an annotation without /Contents;
//   31-xxx  fonts not embedded or without ToUnicode (pdffonts);
//   01-001/02-xxx  a malformed tree (every MCID of a page in the
//           ParentTree, poppler can walk the tree).
// Each returns an empty string when the check passes, else what failed.
#pragma once
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "pdf_test_support.hpp"

namespace cvpdf::pdf::testing {

// `qdf`: the file through `qpdf --qdf --object-streams=disable` (streams
// decoded, one object per "N 0 obj"). Content streams are the ones qpdf
// labels "Contents for page N".
inline std::string untagged_content(const std::string& qdf) {
  std::string problems;
  std::size_t at = 0;
  int page = 0;
  while ((at = qdf.find("%% Contents for page", at)) != std::string::npos) {
    ++page;
    const std::size_t begin = qdf.find("stream\n", at);
    const std::size_t end = qdf.find("\nendstream", begin);
    std::istringstream lines(qdf.substr(begin + 7, end - begin - 7));
    std::string line;
    int depth = 0;
    while (std::getline(lines, line)) {
      auto ends_with = [&](const char* op) {
        const std::string o = op;
        return line.size() >= o.size() && line.compare(line.size() - o.size(), o.size(), o) == 0 &&
               (line.size() == o.size() || line[line.size() - o.size() - 1] == ' ' || line[line.size() - o.size() - 1] == ']');
      };
      if (ends_with("BDC") || ends_with("BMC")) ++depth;
      else if (line == "EMC") --depth;
      else if (depth <= 0 && (ends_with("TJ") || ends_with("Tj") || ends_with("f") || ends_with("Do") || ends_with("S")))
        problems += "page " + std::to_string(page) + ": untagged '" + line + "'\n";
      if (depth < 0) problems += "page " + std::to_string(page) + ": EMC without BDC\n";
    }
    if (depth != 0) problems += "page " + std::to_string(page) + ": unclosed marked content\n";
    at = end;
  }
  if (page == 0) problems += "no content streams found\n";
  return problems;
}

inline std::string catalog_problems(const std::string& qdf) {
  std::string problems;
  if (qdf.find("/DisplayDocTitle true") == std::string::npos) problems += "no /DisplayDocTitle true\n";
  if (qdf.find("/Lang (") == std::string::npos) problems += "no /Lang\n";
  if (qdf.find("/MarkInfo <<\n    /Marked true") == std::string::npos) problems += "no /MarkInfo /Marked true\n";
  if (qdf.find("/StructTreeRoot") == std::string::npos) problems += "no /StructTreeRoot\n";
  return problems;
}

// Every link annotation has /Contents and /StructParent; every page with
// annotations has /Tabs /S.
inline std::string annotation_problems(const std::string& qdf) {
  // Objects found by hand: std::regex recurses per character and overflows
  // the stack on a whole file.
  std::string problems;
  for (std::size_t at = qdf.find(" 0 obj\n"); at != std::string::npos; at = qdf.find(" 0 obj\n", at + 1)) {
    const std::size_t number = qdf.rfind('\n', at) + 1;
    const std::string id = qdf.substr(number, at - number);
    const std::size_t end = qdf.find("\nendobj", at);
    const std::size_t stream = qdf.find("\nstream\n", at);
    const std::string body = qdf.substr(at, std::min(end, stream) - at);
    if (body.find("/Subtype /Link") != std::string::npos) {
      if (body.find("/Contents") == std::string::npos) problems += "annotation " + id + " has no /Contents\n";
      if (body.find("/StructParent ") == std::string::npos)
        problems += "annotation " + id + " is not in the structure tree\n";
    }
    if (body.find("/Type /Page\n") != std::string::npos && body.find("/Annots") != std::string::npos &&
        body.find("/Tabs /S") == std::string::npos)
      problems += "page object " + id + " has annotations but no /Tabs /S\n";
  }
  return problems;
}

// pdffonts: every font embedded ("yes" under emb) with a ToUnicode map (uni).
inline std::string font_problems(const std::filesystem::path& pdf) {
  const CommandResult r = run_command("pdffonts " + quote(pdf));
  if (r.status != 0) return "pdffonts failed: " + r.output;
  std::string problems;
  std::istringstream lines(r.output);
  std::string line;
  int row = 0;
  while (std::getline(lines, line)) {
    if (++row <= 2) continue;  // the header and the dashes
    // name type encoding emb sub uni object ID: the last five columns.
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.size() < 7 || w[w.size() - 5] != "yes" || w[w.size() - 3] != "yes") problems += "font: " + line + "\n";
  }
  return problems;
}

// All of the above for the file at `pdf` (which the caller has written).
inline std::string tagged_pdf_problems(const std::filesystem::path& pdf, const std::string& qdf) {
  std::string problems = untagged_content(qdf) + catalog_problems(qdf) + annotation_problems(qdf) + font_problems(pdf);
  const CommandResult info = run_command("pdfinfo " + quote(pdf));
  if (info.output.find("Tagged:          yes") == std::string::npos) problems += "pdfinfo does not say Tagged: yes\n";
  const CommandResult tree = run_command("pdfinfo -struct " + quote(pdf));
  if (tree.status != 0 || tree.output.find("Document") == std::string::npos)
    problems += "poppler cannot walk the structure tree:\n" + tree.output;
  return problems;
}

}  // namespace cvpdf::pdf::testing
