// The later languages of an input rendered in a child process (fork) while
// this one renders the first ones: `--all`'s variants on two cores without
// sharing the font book, the text memo or the diagnostics, none of which is
// made for threads. The child sends back what its languages gave (outputs,
// make targets, fonts used, the -v log, diagnostics, the faces it opened,
// or the error that stopped it), and render_all merges that after its own
// part, in language order, so outputs, messages and exit status are those
// of rendering the languages one after another. When fork fails, or the
// child dies or sends a message cut short, render_all renders those
// languages itself.
#pragma once
#include <sys/types.h>

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "app/render.hpp"
#include "core/diagnostics.hpp"
#include "text/font_book.hpp"

namespace cvpdf::app {

// A face a child opened that was not open when it was forked.
struct OpenedFace {
  text::FaceId id = text::kNoFace;
  bool made_there = false;  // the child made the FaceId (not the parent's before the fork)
  std::string path;
  unsigned index = 0;
  std::string family;
  std::string postscript_name;
  std::vector<char32_t> fallback_for;
};

// What rendering some languages of one input gave.
struct LanguagesPart {
  std::vector<Output> outputs;
  std::vector<std::string> targets;  // the make rule's
  std::set<std::string> fonts;       // font files the documents use
  std::string log;                   // -v lines
  Diagnostics diagnostics;           // with which were said by warning_once
  bool stopped = false;              // an error or a résumé that does not fit ended the languages
  std::vector<OpenedFace> faces;
  // The FatalError that ended the work, if one did.
  enum class Fatal : unsigned char { None, Input, Io, OutputRefused };
  Fatal fatal = Fatal::None;
  Diagnostic fatal_diagnostic;
};

// The part as bytes and back; nullopt for bytes that are not a whole part.
std::string encode(const LanguagesPart& part);
std::optional<LanguagesPart> decode(std::string_view bytes);

class LanguagesChild {
 public:
  LanguagesChild() = default;
  ~LanguagesChild();  // a child not finished is killed and reaped
  LanguagesChild(const LanguagesChild&) = delete;
  LanguagesChild& operator=(const LanguagesChild&) = delete;

  // Forks a child that runs `work`, sends the part it filled and exits
  // (a FatalError from `work` is sent as the part's fatal). False when
  // no child could be made: the caller does the work.
  bool start(const std::function<void(LanguagesPart&)>& work);
  // Waits for the child: its part, or nullopt when it died or its message
  // was cut (the caller then does the work itself).
  std::optional<LanguagesPart> finish();
  // Its part is not wanted (the languages before it failed).
  void abandon();

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
};

}  // namespace cvpdf::app
