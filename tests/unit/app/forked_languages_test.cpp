// The child process of --all's later languages: what it sends arrives
// whole or not at all, its errors keep their kind, and a child that dies
// or is abandoned leaves the parent to do the work.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include "app/forked_languages.hpp"
#include "app/output_target.hpp"

namespace cvpdf::app {
namespace {

LanguagesPart sample() {
  LanguagesPart part;
  part.outputs.push_back({"cv-zh.pdf", std::string("%PDF-1.7\n\0\xFF binary", 18), "2 pages", "cv.yaml (zh)", true});
  part.outputs.push_back({"-", "", "text", "cv.yaml (ja)", false});
  part.targets = {"cv-zh.pdf", "cv-ja.txt"};
  part.fonts = {"/usr/share/fonts/a.ttc", "/fonts/Lato-Regular.ttf"};
  part.log = "[zh] composed 2 page(s) in 3.0 ms\n";
  part.diagnostics.warning_once({"cv.yaml", 3, 7}, "a **", "close it");
  part.diagnostics.error({"cv.yaml", 0, 0}, "does not fit", "");
  part.stopped = true;
  part.faces.push_back({5, false, "/usr/share/fonts/noto.ttc", 2, "Noto Sans CJK SC", "NotoSansCJKsc-Regular", {}});
  part.faces.push_back({9, true, "/usr/share/fonts/x.ttf", 0, "X", "X-Regular", {U'\U0001F600', U'ä'}});
  part.fatal = LanguagesPart::Fatal::Io;
  part.fatal_diagnostic = {Severity::Error, {"out.pdf", 0, 0}, "cannot write", "check the directory"};
  return part;
}

TEST(LanguagesPart, ComesBackAsItWasSent) {
  const std::string bytes = encode(sample());
  const std::optional<LanguagesPart> back = decode(bytes);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(encode(*back), bytes);
  ASSERT_EQ(back->outputs.size(), 2u);
  EXPECT_EQ(back->outputs[0].bytes, sample().outputs[0].bytes);
  EXPECT_TRUE(back->outputs[0].templated);
  EXPECT_EQ(back->diagnostics.all()[0].span.line, 3);
  EXPECT_EQ(back->diagnostics.all()[0].hint, "close it");
  EXPECT_EQ((std::vector<bool>{back->diagnostics.said_once(0), back->diagnostics.said_once(1)}),
            (std::vector<bool>{true, false}));
  EXPECT_TRUE(back->stopped);
  EXPECT_EQ(back->faces[1].fallback_for, (std::vector<char32_t>{U'\U0001F600', U'ä'}));
  EXPECT_TRUE(back->faces[1].made_there);
  EXPECT_EQ(back->fatal, LanguagesPart::Fatal::Io);
  EXPECT_EQ(back->fatal_diagnostic.message, "cannot write");
  EXPECT_TRUE(decode(encode(LanguagesPart{})).has_value());
}

TEST(LanguagesPart, AMessageCutShortOrDamagedIsRefused) {
  const std::string bytes = encode(sample());
  for (std::size_t size = 0; size < bytes.size(); ++size)
    EXPECT_FALSE(decode(std::string_view(bytes).substr(0, size)).has_value()) << "cut at " << size;
  EXPECT_FALSE(decode(bytes + "x").has_value());
  std::string huge = bytes;
  huge[0] = '\xFF';  // an output count of billions
  EXPECT_FALSE(decode(huge).has_value());
}

TEST(LanguagesChild, SendsBackWhatItsWorkMade) {
  LanguagesChild child;
  ASSERT_TRUE(child.start([](LanguagesPart& part) {
    part.log = "from pid " + std::to_string(::getpid());
    part.outputs.push_back({"big.pdf", std::string(1 << 20, 'x'), "", "", false});  // more than a pipe holds
  }));
  const std::optional<LanguagesPart> part = child.finish();
  ASSERT_TRUE(part.has_value());
  EXPECT_NE(part->log, "from pid " + std::to_string(::getpid())) << "the work ran in this process";
  ASSERT_EQ(part->outputs.size(), 1u);
  EXPECT_EQ(part->outputs[0].bytes.size(), 1u << 20);
  EXPECT_FALSE(child.finish().has_value()) << "a second finish has no child";
}

TEST(LanguagesChild, AnErrorKeepsItsKind) {
  auto fatal_of = [](auto&& thrower) {
    LanguagesChild child;
    EXPECT_TRUE(child.start([&](LanguagesPart& part) {
      part.log = "before";
      thrower();
    }));
    const std::optional<LanguagesPart> part = child.finish();
    EXPECT_TRUE(part.has_value());
    EXPECT_EQ(part ? part->log : "", "before");
    return part ? part->fatal : LanguagesPart::Fatal::None;
  };
  const Diagnostic d{Severity::Error, {"x", 0, 0}, "m", "h"};
  EXPECT_EQ(fatal_of([&] { throw FatalError(d); }), LanguagesPart::Fatal::Input);
  EXPECT_EQ(fatal_of([&] { throw IoError(d); }), LanguagesPart::Fatal::Io);
  EXPECT_EQ(fatal_of([&] { throw OutputRefused(d); }), LanguagesPart::Fatal::OutputRefused);
  EXPECT_EQ(fatal_of([] {}), LanguagesPart::Fatal::None);
}

TEST(LanguagesChild, AChildThatDiesGivesNothing) {
  LanguagesChild crashed;
  ASSERT_TRUE(crashed.start([](LanguagesPart&) { ::kill(::getpid(), SIGKILL); }));  // no core file
  EXPECT_FALSE(crashed.finish().has_value());
  LanguagesChild failed;
  ASSERT_TRUE(failed.start([](LanguagesPart&) { throw std::runtime_error("not a FatalError"); }));
  EXPECT_FALSE(failed.finish().has_value());
}

TEST(LanguagesChild, AnAbandonedChildIsKilled) {
  LanguagesChild child;
  ASSERT_TRUE(child.start([](LanguagesPart&) { ::sleep(60); }));
  child.abandon();
  EXPECT_FALSE(child.finish().has_value());
  // Destroyed while running: killed and reaped too (the test would hang on a pipe otherwise).
  LanguagesChild left;
  ASSERT_TRUE(left.start([](LanguagesPart&) { ::sleep(60); }));
}

}  // namespace
}  // namespace cvpdf::app
