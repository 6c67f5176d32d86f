// `cvpdf new`: a commented starter résumé that renders as it is and shows
// every kind of entry the format has (items, pairs, publications,
// paragraphs) and a section of bullets and one of text, in English,
// Chinese or both ({en: ..., zh: ...}). Its first line is the
// yaml-language-server modeline naming the JSON Schema of the cvpdf that
// wrote it: the one its install or build tree holds, else one written
// beside the résumé (docs/user-guide.md, "Completion and checking in the
// editor").
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "app/cli.hpp"

namespace cvpdf::app {

// The languages a starter can be written in.
inline constexpr const char* kStarterLanguages[] = {"en", "zh"};

struct StarterRequest {
  std::vector<std::string> languages;  // canonical, in order; at least one of kStarterLanguages each
  std::string theme;                   // the `theme:` written
  std::string schema;                  // the modeline's $schema: a path or a file: URI
};

// "en,zh" → {en, zh}; nullopt (with `problem` set) for a language the
// starter has no text in, an empty or repeated one.
std::optional<std::vector<std::string>> starter_languages(const std::string& list, std::string& problem);

std::string starter_resume(const StarterRequest& request);

// `cvpdf new`: writes the starter to options.inputs (default resume.yaml;
// "-" standard output), never over an existing file. Returns the exit
// status: 0, 2 (usage: a language or theme it cannot write, an existing
// file, as the other refused outputs) or 3 (the file cannot be written).
int write_starter_file(const Options& options);

// The résumé schema that belongs to the cvpdf at `executable` (this
// process's when empty), found from where the binary really is (symbolic
// links followed): <prefix>/bin/cvpdf → <prefix>/share/cvpdf/schema/
// resume.schema.json as `cmake --install` and the .deb put it, or
// build/cvpdf → build/schema/resume.schema.json as the build writes it.
// Empty when neither file exists (a binary copied on its own).
std::string own_resume_schema(const std::string& executable = {});

// A path as a modeline may name it: as it is, or as a file: URI when it has
// a blank, '%' or '#' (the modeline ends at a blank; '#' would begin a
// fragment).
std::string modeline_reference(const std::string& path);

// The schema file `cvpdf new` writes beside a résumé when cvpdf has none.
inline constexpr const char* kBesideSchema = "resume.schema.json";

}  // namespace cvpdf::app
