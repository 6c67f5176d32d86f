// KeywordMatcher: every occurrence of every string of a list in a text, in
// one pass over the text (an Aho–Corasick automaton over bytes), built once
// per list. The bold keywords (inline_markup.hpp) are looked for with it:
// a `find` per keyword made a text's cost its length times the number of
// keywords, and a style may list thousands.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cvpdf::compose {

class KeywordMatcher {
 public:
  KeywordMatcher() = default;
  // Empty strings are never found; a string given twice is reported under
  // its first index.
  explicit KeywordMatcher(const std::vector<std::string>& keywords);

  // Calls found(index, end) for every occurrence, overlapping ones too, of
  // keyword `index` ending at byte `end` of `text`, in order of `end`.
  // The work is the text's length plus the occurrences.
  template <class Found>
  void scan(std::string_view text, Found&& found) const {
    if (length_.empty()) return;
    std::uint32_t state = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      state = step(state, static_cast<unsigned char>(text[i]));
      for (std::uint32_t s = output_[state] != kNone ? state : suffix_output_[state]; s != 0; s = suffix_output_[s])
        found(static_cast<std::size_t>(output_[s]), i + 1);
    }
  }

  std::size_t length(std::size_t index) const { return length_[index]; }

 private:
  static constexpr std::uint32_t kNone = UINT32_MAX;
  std::uint32_t step(std::uint32_t state, unsigned char byte) const;
  std::uint32_t child(std::uint32_t node, unsigned char byte) const;

  // The trie's nodes, the root 0; a node's children are
  // edge_byte_/edge_node_[first_edge_[node], first_edge_[node + 1]), by byte.
  std::vector<std::uint32_t> first_edge_;
  std::vector<unsigned char> edge_byte_;
  std::vector<std::uint32_t> edge_node_;
  std::uint32_t root_next_[256] = {};  // the root's transitions, every byte (0: stay)
  std::vector<std::uint32_t> fail_;    // the longest proper suffix that is a node
  std::vector<std::uint32_t> output_;  // the keyword spelt by the node, or kNone
  // The nearest node on the fail chain (not the node) that spells a
  // keyword, or 0: the keywords ending here that are suffixes of others.
  std::vector<std::uint32_t> suffix_output_;
  std::vector<std::size_t> length_;  // per keyword
};

}  // namespace cvpdf::compose
