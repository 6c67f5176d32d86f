// `cvpdf new`: a commented starter résumé that renders as it is and shows
// every kind of entry the format has (items, pairs, publications,
// paragraphs) and a section of bullets and one of text, in English,
// Chinese or both ({en: ..., zh: ...}). Its first line is the
// yaml-language-server modeline naming the installed JSON Schema.
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

// Where the résumé schema is installed (the modeline's $schema).
std::string installed_resume_schema();

}  // namespace cvpdf::app
