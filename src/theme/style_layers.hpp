// The layer stack a variant's style is read from: the built-in theme, a
// theme file, the résumé's `style:`, `--set` — each later layer over the
// earlier ones. Every layer keeps its origin (for messages) and its
// directory, so a path a layer names (a font file) resolves against the
// file that named it, not against whichever file came last.
#pragma once
#include <string>
#include <vector>

#include "model/resume.hpp"

namespace cvpdf::theme {

struct StyleLayer {
  std::string origin;     // "<built-in theme classic>", "mine.yaml", "resume.yaml (style:)", "--set"
  std::string directory;  // where relative paths in this layer resolve ("" : only the bundled fonts/)
  model::StyleMap keys;
};

// A key's winning value and the layer it came from.
struct LayeredValue {
  const model::StyleValue* value = nullptr;  // nullptr: no layer sets the key
  const StyleLayer* layer = nullptr;
  explicit operator bool() const { return value != nullptr; }
};

class StyleLayers {
 public:
  // Lays `layer` over the ones before it.
  void push(StyleLayer layer);

  LayeredValue lookup(const std::string& key) const;

  // The bottom layer's keys (the built-in theme: what every key falls back to).
  const model::StyleMap& base() const;
  // Every layer above the bottom one, laid over each other: the keys a user set.
  model::StyleMap overrides() const;
  // Every layer laid over each other.
  model::StyleMap merged() const;

  const std::vector<StyleLayer>& layers() const { return layers_; }

 private:
  std::vector<StyleLayer> layers_;  // bottom first
};

}  // namespace cvpdf::theme
