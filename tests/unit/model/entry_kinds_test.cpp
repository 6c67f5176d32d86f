// The entry kinds as the model stage sees them (model/entry_kinds.hpp):
// an entry's kind taken from its keys, the errors for keys of two kinds or
// a key its kind does not take, the numbered kind's own rules, what each
// kind shows in a variant, `cvpdf convert` writing every kind so that it
// reads back the same, and the key table gathered from the kinds.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <variant>

#include "model/entry_kinds.hpp"
#include "model/resume_writer.hpp"
#include "model/visible_content.hpp"
#include "test_support.hpp"

namespace cvpdf::model {
namespace {

using testing::load;
using testing::Loaded;

// A résumé of one section whose entries are `entries` (YAML list items, indented by 6).
Loaded load_entries(const std::string& entries, const std::string& languages = "[en]") {
  return load("languages: " + languages + "\nperson: {name: A}\nsections:\n  - title: T\n    entries:\n" + entries);
}

const Entry& only_entry(const Loaded& l) {
  static const Entry none;
  if (!l.resume || l.resume->sections.empty() || l.resume->sections[0].entries.size() != 1) {
    ADD_FAILURE() << "not one entry:\n" << l.dump();
    return none;
  }
  return l.resume->sections[0].entries[0];
}

TEST(EntryKinds, AKindIsTakenFromItsKeys) {
  EXPECT_TRUE(only_entry(load_entries("      - org: A\n")).is<ItemEntry>());
  EXPECT_TRUE(only_entry(load_entries("      - {company: A, text: T}\n")).is<ItemEntry>());
  EXPECT_TRUE(only_entry(load_entries("      - {start: 2020, end: present}\n")).is<ItemEntry>());
  EXPECT_TRUE(only_entry(load_entries("      - {label: L, text: T}\n")).is<PairEntry>());
  EXPECT_TRUE(only_entry(load_entries("      - {title: P, summary: S}\n")).is<PublicationEntry>());
  EXPECT_TRUE(only_entry(load_entries("      - A text.\n")).is<ParagraphEntry>());
  EXPECT_TRUE(only_entry(load_entries("      - {text: A text.}\n")).is<ParagraphEntry>());
  EXPECT_TRUE(only_entry(load_entries("      - {en: A text., zh: 一段, only: zh}\n", "[en, zh]")).is<ParagraphEntry>());

  auto numbered = load_entries("      - number: First\n");
  ASSERT_TRUE(only_entry(numbered).is<NumberedEntry>()) << numbered.dump();
  EXPECT_FALSE(only_entry(numbered).as<NumberedEntry>()->reversed);
  EXPECT_EQ(only_entry(numbered).as<NumberedEntry>()->text.get("en", "en"), "First");
  auto reversed = load_entries("      - {reversed_number: {en: Last, zh: 最后}, only: en}\n", "[en, zh]");
  ASSERT_TRUE(only_entry(reversed).is<NumberedEntry>()) << reversed.dump();
  EXPECT_TRUE(only_entry(reversed).as<NumberedEntry>()->reversed);
  EXPECT_EQ(only_entry(reversed).as<NumberedEntry>()->text.get("zh", "en"), "最后");
  EXPECT_EQ(only_entry(reversed).only.languages, std::vector<std::string>{"en"});
  EXPECT_TRUE(reversed.diags.all().empty()) << reversed.dump();
}

// Loading the section of `entries` fails with the error `message` at
// `where` (an entry's second line: resume.yaml:7:9), whose hint is `hint`.
void expect_error(const std::string& entries, const std::string& message, const std::string& hint,
                  const std::string& where = "resume.yaml:7:9") {
  auto l = load_entries(entries);
  EXPECT_FALSE(l.resume) << entries;
  const Diagnostic* d = l.error(message);
  ASSERT_NE(d, nullptr) << "no error '" << message << "' in:\n" << l.dump();
  EXPECT_EQ(d->message, message);
  EXPECT_EQ(d->span.to_string(), where) << message;
  EXPECT_EQ(d->hint, hint) << message;
}

TEST(EntryKinds, AnEntryWithoutContentIsStillAnError) {
  expect_error("      - only: en\n", "this entry has no content",
               "an item has org, role, date, bullets; a pair has label + text; a publication has title; "
               "a paragraph is a plain text",
               "resume.yaml:6:9");
}

// The error for keys of two kinds is at the second kind's first key.
TEST(EntryKinds, MixedKindsSayWhatEachKindIs) {
  expect_error("      - org: A\n        label: L\n", "this entry mixes an item's 'org' with a pair's 'label'",
               "a pair is label + text on one line (e.g. a skill); an item has org, role, date, bullets, links; split "
               "this into two entries");
  expect_error("      - venue: V\n        company: A\n",
               "this entry mixes a publication's 'venue' with an item's 'company'",
               "a publication has title, authors, venue, year, doi or url; an item has org, role, date, bullets, "
               "links; split this into two entries");
  expect_error("      - title: T\n        role: R\n", "this entry mixes a publication's 'title' with an item's 'role'",
               "for a job title use 'role' (or 'position'); 'title' makes an entry a publication");
  expect_error("      - label: L\n        title: T\n", "this entry mixes a pair's 'label' with a publication's 'title'",
               "a pair is label + text; a publication has title, authors, venue, year; split this into two entries");
  expect_error("      - org: A\n        number: N\n",
               "this entry mixes an item's 'org' with a numbered entry's 'number'",
               "a numbered entry is number: text (or reversed_number: text, to count down); an item has org, role, "
               "date, bullets, links; split this into two entries");
  expect_error("      - reversed_number: N\n        label: L\n",
               "this entry mixes a numbered entry's 'reversed_number' with a pair's 'label'",
               "a numbered entry is number: text (or reversed_number: text, to count down); a pair is label + text on "
               "one line (e.g. a skill); split this into two entries");
}

TEST(EntryKinds, ANumberedEntryHasOneNumber) {
  const std::string message = "a numbered entry has 'number' or 'reversed_number', not both";
  const std::string hint = "'number' counts 1, 2, 3 down the section; 'reversed_number' counts down to 1";
  expect_error("      - number: A\n        reversed_number: B\n", message, hint);
  expect_error("      - reversed_number: B\n        number: A\n", message, hint);
}

TEST(EntryKinds, AKeyItsKindDoesNotTakeIsAnError) {
  expect_error("      - number: A\n        summary: B\n", "'summary' is not a key of a numbered entry",
               "the keys of a numbered entry are: number, reversed_number, only");
  // A key no kind takes is the unknown-key warning, as before.
  auto unknown = load_entries("      - number: A\n        numbr: B\n");
  ASSERT_TRUE(unknown.resume) << unknown.dump();
  ASSERT_NE(unknown.warning("unknown key 'numbr' in an entry"), nullptr) << unknown.dump();
  EXPECT_EQ(unknown.warning("unknown key 'numbr'")->hint, "did you mean 'number'?");
}

TEST(EntryKinds, ANumberedEntryShowsItsText) {
  auto l = load_entries("      - number: {en: ' ', zh: 第一}\n      - number:\n      - org: A\n", "[en, zh]");
  ASSERT_TRUE(l.resume) << l.dump();
  const auto& entries = l.resume->sections[0].entries;
  ASSERT_EQ(entries.size(), 3u);
  ASSERT_TRUE(entries[1].is<NumberedEntry>());
  EXPECT_TRUE(entry_has_content(entries[0], "zh", "en"));
  EXPECT_FALSE(entry_has_content(entries[0], "en", "en"));
  EXPECT_FALSE(entry_has_content(entries[1], "zh", "en"));
  Diagnostics diags;
  warn_nothing_to_show(*l.resume, "zh", diags);
  ASSERT_EQ(diags.all().size(), 1u);
  EXPECT_EQ(diags.all()[0].message, "a numbered entry of section 'T' has nothing to show in zh; it is left out");
  EXPECT_EQ(diags.all()[0].span.to_string(), "resume.yaml:7:9");
}

// What an entry is, fields and all (not where it was written), for comparing two.
struct Dump {
  std::string out;
  void operator()(const FieldKey& key, const Localized& v) {
    out += std::string(key.name) + "=";
    for (const auto& [language, text] : v.by_language) out += "[" + language + "]" + text;
    out += ";";
  }
  void operator()(const FieldKey& key, const std::vector<Localized>& list) {
    for (const auto& v : list) (*this)(key, v);
  }
  void operator()(const FieldKey& key, const std::vector<Bullet>& list) {
    for (const auto& b : list) {
      (*this)(key, b.text);
      out += "{";
      (*this)(key, b.sub_bullets);
      out += "}";
    }
  }
  void operator()(const FieldKey& key, const std::vector<Link>& list) {
    for (const auto& link : list) {
      (*this)(key, link.label);
      out += link.url + "|" + link.network + "|" + link.username + ";";
    }
  }
  void operator()(const FieldKey& key, const DateRange& range) {
    out += std::string(key.name) + "=";
    for (const auto& date : {range.start, range.end})
      out += date ? std::to_string(date->year) + "-" + std::to_string(date->month) + "-" + std::to_string(date->day) +
                        (date->present ? "P" : "") + ","
                  : "-,";
    out += ";";
  }
  void operator()(const FieldKey& key, const std::string& plain) { out += std::string(key.name) + "=" + plain + ";"; }
  void operator()(const FieldKey& key, bool flag) { out += std::string(key.name) + (flag ? "=yes;" : "=no;"); }
};

std::string dump(const Entry& e) {
  Dump d;
  d.out = std::to_string(e.body.index()) + ":";
  for_each_field(e, d);
  for (const auto& language : e.only.languages) d.out += "only=" + language + ";";
  return d.out;
}

TEST(EntryKinds, EveryKindIsWrittenAsItReadsBack) {
  const std::string entries =
      "      - {org: A, role: {en: R, zh: 角色}, location: L, start: 2020-09, end: present, text: T,\n"
      "         bullets: [B1, {text: B2, bullets: [S1, {en: S2, zh: 子项}]}], links: [{label: Site, url: example.com}, {network: github, username: octocat}],\n"
      "         tags: [X]}\n"
      "      - {org: B, date: 2024-06-30, only: zh}\n"
      "      - {label: Languages, text: {en: C++, zh: C++ 语言}}\n"
      "      - {title: P, authors: [S. Tan, Q. Jiang], venue: V, year: 2024, doi: 10.1145/3458817.3476209,\n"
      "         url: example.org/p, me: S. Tan, text: A summary}\n"
      "      - A paragraph.\n"
      "      - {en: English only, only: en}\n"
      "      - {text: Chinese only, only: zh}\n"
      "      - number: First\n"
      "      - {number: {en: Second, zh: 第二}, only: [en, zh]}\n"
      "      - reversed_number: Counting down\n"
      "      - number:\n";
  auto first = load_entries(entries, "[en, zh]");
  ASSERT_TRUE(first.resume) << first.dump();
  const std::string written = write_resume_yaml(*first.resume, "");
  auto again = load(written);
  ASSERT_TRUE(again.resume) << again.dump() << written;
  const auto& before = first.resume->sections.at(0).entries;
  const auto& after = again.resume->sections.at(0).entries;
  ASSERT_EQ(before.size(), after.size()) << written;
  std::set<std::size_t> kinds;
  for (std::size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(dump(after[i]), dump(before[i])) << written;
    kinds.insert(before[i].body.index());
  }
  EXPECT_EQ(kinds.size(), std::variant_size_v<EntryBody>) << "a kind is not in the round trip";
  EXPECT_NE(written.find("- number: First\n"), std::string::npos) << written;
  EXPECT_NE(written.find("- reversed_number: Counting down\n"), std::string::npos) << written;
  EXPECT_EQ(write_resume_yaml(*again.resume, ""), written);
}

TEST(EntryKinds, TheEntryKeysAreEveryKindsOnce) {
  const KeyTable& table = entry_keys();
  std::set<std::string> names;
  for (const KeyName& k : table.keys) EXPECT_TRUE(names.insert(k.name).second) << k.name << " is listed twice";
  EXPECT_TRUE(names.count("only"));
  for_each_kind([&]<class Kind>() {
    const KindDescription& d = kind_description<Kind>();
    for (const KeyName& k : d.keys) {
      const KeyName* found = nullptr;
      for (const KeyName& e : table.keys)
        if (std::string(e.name) == k.name) found = &e;
      ASSERT_NE(found, nullptr) << d.name << "'s " << k.name << " is not an entry key";
      EXPECT_STREQ(found->canonical, k.canonical) << d.name << "'s " << k.name;
      EXPECT_EQ(found->type, k.type) << d.name << "'s " << k.name;
    }
  });
}

TEST(EntryKinds, EveryKindIsDescribed) {
  std::set<std::string> names;
  for_each_kind([&]<class Kind>() {
    const KindDescription& d = kind_description<Kind>();
    for (const char* word : {d.name, d.article, d.called, d.summary, d.schema}) {
      ASSERT_NE(word, nullptr) << d.name;
      EXPECT_NE(std::string(word), "") << d.name;
    }
    EXPECT_FALSE(d.keys.empty()) << d.name;
    EXPECT_TRUE(names.insert(d.name).second) << d.name << " names two kinds";
    for (const char* key : d.needs) {
      auto named = [&](const KeyName& k) { return std::string(k.name) == key; };
      EXPECT_TRUE(std::any_of(d.keys.begin(), d.keys.end(), named)) << d.name << " needs " << key << ", not its key";
    }
    for (const MixHint& h : d.mix_hints) EXPECT_NE(std::string(h.kind), d.name) << d.name << " mixes with itself";
  });
  EXPECT_EQ(names.size(), std::variant_size_v<EntryBody>);
}

}  // namespace
}  // namespace cvpdf::model
