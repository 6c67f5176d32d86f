// The style layer stack: lookups from the top layer down, and the stack
// flattened for the reader and for messages that name a key's place.
#include "theme/style_layers.hpp"

namespace cvpdf::theme {

using model::StyleMap;
using model::StyleValue;

void StyleLayers::push(StyleLayer layer) { layers_.push_back(std::move(layer)); }

LayeredValue StyleLayers::lookup(const std::string& key) const {
  for (auto layer = layers_.rbegin(); layer != layers_.rend(); ++layer)
    if (auto it = layer->keys.find(key); it != layer->keys.end()) return {&it->second, &*layer};
  return {};
}

const StyleMap& StyleLayers::base() const {
  static const StyleMap kNone;
  return layers_.empty() ? kNone : layers_.front().keys;
}

StyleMap StyleLayers::overrides() const {
  StyleMap map;
  for (std::size_t i = 1; i < layers_.size(); ++i)
    for (const auto& [key, value] : layers_[i].keys) map[key] = value;
  return map;
}

StyleMap StyleLayers::merged() const {
  StyleMap map = base();
  for (const auto& [key, value] : overrides()) map[key] = value;
  return map;
}

}  // namespace cvpdf::theme
