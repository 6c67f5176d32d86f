// Each text of the header — the name, the contact items (e-mail, phone, a
// website, a link's label, the location), the headline, the summary and a
// metric — costs work linear in its length, from the résumé to the PDF's
// bytes. A name long enough to fill pages was set again in every page's
// footer: pages times length, quadratic. A contact item set as a link
// gives every line it fills an annotation of its own; when each carried
// the address and the item's words, an item of many lines cost its length
// once per line, quadratic, however linear its setting was (now the lines
// share one action, and a /Contents is cut short). So the work
// counted here is the whole of it: the résumé composed and written as a
// PDF, at N bytes in one field and at 2N (callgrind's instruction counts,
// tests/support/work_count.hpp); quadratic shows as a ratio near 4.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "header_fixture.hpp"
#include "pdf/pdf_writer.hpp"
#include "work_count.hpp"

namespace cvpdf::compose {
namespace {

constexpr double kMaxRatio = 2.5;  // work(2N) / work(N): linear 2, quadratic 4
constexpr std::size_t kBytes = 8 * 1024;


// Letters that repeat only after a long period.
std::string letters(std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('a' + (i * 7 + i / 26) % 26);
  return s;
}

// A résumé whose person has `field` (YAML lines under person:, built from
// the long text).
using Field = std::string (*)(const std::string& text);

std::string resume_with(Field field, std::size_t n) {
  std::string person = field(letters(n));
  if (person.rfind("  name:", 0) != 0) person = "  name: Ada Example\n" + person;
  return "languages: [en]\n"
         "person:\n" +
         person + "sections: [{title: Skills, text: Go and SQL.}]\n";
}

// The résumé composed and written: the PDF's size, so the work is used.
std::size_t compose_and_write(const std::string& yaml) {
  // Pages as the page builder breaks them: a short last page saved by
  // fitting again (fit.short-page) would be work that depends on where N's
  // and 2N's last pages happen to end, not on N.
  probe::Composed c = probe::compose(yaml, "en", {{"fit.short-page", "0"}});
  return pdf::write_pdf(std::move(c.doc), probe::font_book()).size();
}

// `make` gives the whole résumé from the long text. `bytes`: a link's words
// cost less a line than its address, so a label shows its growth only at a
// larger N.
void expect_linear_resume(std::string (*make)(std::size_t n), std::size_t bytes = kBytes) {
  CVPDF_COUNT_WORK();
  // A first run pays what is paid once (fonts, ICU, HarfBuzz's plans).
  EXPECT_GT(compose_and_write(make(256)), 0U);
  const std::string once = make(bytes), twice = make(2 * bytes);
  const std::uint64_t w1 = testing::instructions([&] { EXPECT_GT(compose_and_write(once), 0U); });
  const std::uint64_t w2 = testing::instructions([&] { EXPECT_GT(compose_and_write(twice), 0U); });
  const double ratio = static_cast<double>(w2) / static_cast<double>(w1);
  std::printf("work: N = %zu bytes: %llu instructions, 2N: %llu, ratio %.2f\n", bytes,
              static_cast<unsigned long long>(w1), static_cast<unsigned long long>(w2), ratio);
  EXPECT_LT(ratio, kMaxRatio) << "N = " << bytes << " bytes took " << w1 << " instructions, 2N took " << w2
                              << ": not linear";
}

Field field_under_test = nullptr;

void expect_linear(Field field, std::size_t bytes = kBytes) {
  field_under_test = field;
  expect_linear_resume([](std::size_t n) { return resume_with(field_under_test, n); }, bytes);
}

TEST(HeaderLinearTime, Email) {
  expect_linear([](const std::string& text) { return "  email: " + text + "@example.com\n"; });
}

TEST(HeaderLinearTime, Phone) {
  expect_linear([](const std::string& text) {
    std::string digits;
    for (char ch : text) digits += static_cast<char>('0' + ch % 10);
    return "  phone: '+" + digits + "'\n";
  });
}

// A link without a label: its address is its words.
TEST(HeaderLinearTime, Website) {
  expect_linear([](const std::string& text) { return "  links:\n    - url: https://example.com/" + text + "\n"; });
}

TEST(HeaderLinearTime, LinkLabel) {
  expect_linear([](const std::string& text) {
        return "  links:\n    - label: " + text + "\n      url: https://example.com/ada\n";
      },
      2 * kBytes);
}

TEST(HeaderLinearTime, Location) {
  expect_linear([](const std::string& text) { return "  location: " + text + "\n"; });
}

// Sixteen kilobytes of name fill pages, each with the footer "Name · Page n".
TEST(HeaderLinearTime, Name) {
  expect_linear([](const std::string& text) { return "  name: " + text + "\n"; });
}

TEST(HeaderLinearTime, Summary) {
  expect_linear([](const std::string& text) { return "  summary: " + text + "\n"; });
}

TEST(HeaderLinearTime, MetricLabel) {
  expect_linear([](const std::string& text) { return "  metrics: [{value: 6x, label: " + text + "}]\n"; });
}

// The same class beside the header: an entry's link over many lines, its
// label words (each line an annotation of the one link).
TEST(HeaderLinearTime, EntryLinkLabel) {
  expect_linear_resume(
      [](std::size_t n) {
        std::string words;
        while (words.size() < n) words += "word ";
        return "languages: [en]\nperson: {name: A}\nsections:\n  - title: S\n    entries:\n      - org: O\n"
               "        links: [{label: \"" + words + "\", url: \"https://example.com/ada\"}]\n";
      },
      2 * kBytes);
}

TEST(HeaderLinearTime, Headline) {
  expect_linear([](const std::string& text) { return "  headline: " + text + "\n"; });
}

}  // namespace
}  // namespace cvpdf::compose
