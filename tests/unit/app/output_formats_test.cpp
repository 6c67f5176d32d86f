// The output formats' table (app/output_formats.hpp): every name --format
// takes and every extension reaches its own row through the real parser
// and detection, no two rows claim one, and the previews are the formats
// written a file per page.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/output_formats.hpp"

namespace cvpdf::app {
namespace {

// The options `cvpdf r.yaml ARGS...` parses to; nullopt with the message on a usage error.
std::optional<Options> parsed(std::vector<std::string> args, std::string& message) {
  args.insert(args.begin(), {"cvpdf", "r.yaml"});
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  UsageError error;
  auto options = parse_command_line(static_cast<int>(argv.size()), argv.data(), error);
  message = error.message;
  return options;
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

TEST(OutputFormats, EveryNameIsParsedToItsRow) {
  for (const auto& backend : output_backends()) {
    for (const auto name : backend.names) {
      std::string message;
      const auto options = parsed({"--format", std::string(name)}, message);
      ASSERT_TRUE(options) << name << ": " << message;
      EXPECT_EQ(options->format, backend.format) << name;
      EXPECT_EQ(format_named(name), backend.format) << name;
    }
  }
  std::string message;
  EXPECT_FALSE(parsed({"--format", "html"}, message));
  EXPECT_EQ(message, "unknown format 'html' (use pdf, txt, md, png or svg)");
}

TEST(OutputFormats, EveryExtensionIsDetectedAsItsRow) {
  const Options no_format;
  for (const auto& backend : output_backends()) {
    for (const auto ext : backend.extensions) {
      EXPECT_EQ(output_format(no_format, "out/cv" + std::string(ext)), backend.format) << ext;
      EXPECT_EQ(output_format(no_format, "cv" + upper(ext)), backend.format) << ext << ", in capitals";
      // -o takes it, {page} and all where the format is a file per page.
      std::string message;
      const std::string output = (backend.per_page() ? "cv-{page}" : "cv") + std::string(ext);
      EXPECT_TRUE(parsed({"-o", output}, message)) << output << ": " << message;
    }
  }
  // A name without an extension (/dev/stdout) is the first row's format, the default.
  EXPECT_EQ(output_format(no_format, "/dev/stdout"), output_backends().front().format);
  EXPECT_EQ(output_format(no_format, "cv.html"), Format::Auto);
}

TEST(OutputFormats, DefaultNamesAreDetectedAsTheirRow) {
  const Options no_format;
  for (const auto& backend : output_backends()) {
    const std::string name = "{name}" + std::string(backend.default_suffix);
    EXPECT_EQ(output_format(no_format, name), backend.format) << name;
    EXPECT_EQ(name.find("{page}") != std::string::npos, backend.per_page()) << name;
  }
}

TEST(OutputFormats, NoTwoRowsClaimOneNameOrExtension) {
  std::set<std::string_view> names, extensions;
  std::set<Format> formats;
  for (const auto& backend : output_backends()) {
    EXPECT_NE(backend.format, Format::Auto);
    EXPECT_TRUE(formats.insert(backend.format).second) << "two rows for one format";
    ASSERT_FALSE(backend.names.empty());
    ASSERT_FALSE(backend.extensions.empty());
    for (const auto name : backend.names) EXPECT_TRUE(names.insert(name).second) << name;
    for (const auto ext : backend.extensions) {
      EXPECT_TRUE(extensions.insert(ext).second) << ext;
      EXPECT_EQ(ext, lowercase_extension("cv" + std::string(ext))) << "not an extension in lower case: " << ext;
    }
  }
}

TEST(OutputFormats, PreviewsAreTheFormatsWrittenAPageAFile) {
  std::set<Format> paged;
  for (const auto& backend : output_backends())
    if (backend.per_page()) paged.insert(backend.format);
  EXPECT_EQ(paged, (std::set<Format>{Format::Png, Format::Svg}));
  EXPECT_FALSE(per_page(Format::Auto));
}

}  // namespace
}  // namespace cvpdf::app
