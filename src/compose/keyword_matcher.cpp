// KeywordMatcher (keyword_matcher.hpp): the automaton's construction and
// its transitions.
#include "compose/keyword_matcher.hpp"

#include <algorithm>
#include <unordered_map>

namespace cvpdf::compose {

KeywordMatcher::KeywordMatcher(const std::vector<std::string>& keywords) {
  length_.reserve(keywords.size());
  for (const auto& k : keywords) length_.push_back(k.size());
  // The trie, its edges kept by (parent, byte) while it grows.
  std::unordered_map<std::uint64_t, std::uint32_t> edges;
  std::vector<std::uint32_t> output(1, kNone);
  std::uint32_t nodes = 1;
  for (std::size_t index = 0; index < keywords.size(); ++index) {
    const std::string& k = keywords[index];
    if (k.empty()) continue;
    std::uint32_t node = 0;
    for (char c : k) {
      const std::uint64_t key = (static_cast<std::uint64_t>(node) << 8) | static_cast<unsigned char>(c);
      auto [it, added] = edges.try_emplace(key, nodes);
      if (added) {
        ++nodes;
        output.push_back(kNone);
      }
      node = it->second;
    }
    if (output[node] == kNone) output[node] = static_cast<std::uint32_t>(index);
  }
  // The edges laid out per parent, by byte.
  std::vector<std::pair<std::uint64_t, std::uint32_t>> sorted(edges.begin(), edges.end());
  edges = {};
  std::sort(sorted.begin(), sorted.end());
  first_edge_.assign(nodes + 1, 0);
  edge_byte_.reserve(sorted.size());
  edge_node_.reserve(sorted.size());
  for (const auto& [key, node] : sorted) {
    ++first_edge_[(key >> 8) + 1];
    edge_byte_.push_back(static_cast<unsigned char>(key & 0xFF));
    edge_node_.push_back(node);
  }
  for (std::uint32_t n = 0; n < nodes; ++n) first_edge_[n + 1] += first_edge_[n];
  for (std::uint32_t e = first_edge_[0]; e < first_edge_[1]; ++e) root_next_[edge_byte_[e]] = edge_node_[e];
  output_ = std::move(output);
  // Fail links breadth first: a node's is found from its parent's, which
  // is shallower.
  fail_.assign(nodes, 0);
  suffix_output_.assign(nodes, 0);
  std::vector<std::uint32_t> queue;
  queue.reserve(nodes);
  queue.push_back(0);
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const std::uint32_t parent = queue[q];
    for (std::uint32_t e = first_edge_[parent]; e < first_edge_[parent + 1]; ++e) {
      const std::uint32_t node = edge_node_[e];
      const std::uint32_t f = parent == 0 ? 0 : step(fail_[parent], edge_byte_[e]);
      fail_[node] = f;
      suffix_output_[node] = output_[f] != kNone ? f : suffix_output_[f];
      queue.push_back(node);
    }
  }
}

std::uint32_t KeywordMatcher::child(std::uint32_t node, unsigned char byte) const {
  // Nodes below the root have few children: a scan beats a search.
  for (std::uint32_t e = first_edge_[node]; e < first_edge_[node + 1]; ++e)
    if (edge_byte_[e] == byte) return edge_node_[e];
  return 0;
}

std::uint32_t KeywordMatcher::step(std::uint32_t state, unsigned char byte) const {
  while (state != 0) {
    if (const std::uint32_t next = child(state, byte); next != 0) return next;
    state = fail_[state];
  }
  return root_next_[byte];
}

}  // namespace cvpdf::compose
