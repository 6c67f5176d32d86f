// libyaml → YamlEvent (see yaml_events.hpp): the parser and its current
// event, released in the destructor, whatever way parsing ends.
#include "model/yaml_events.hpp"

#include <yaml.h>

#include <new>

namespace cvpdf::model::detail {

struct YamlEvents::State {
  yaml_parser_t parser{};
  yaml_event_t event{};
  bool has_event = false;

  void release() {
    if (has_event) yaml_event_delete(&event);
    has_event = false;
  }
};

namespace {

YamlMark mark_of(const yaml_mark_t& mark) { return {mark.line, mark.column}; }

std::string_view view(const yaml_char_t* s) {
  return s ? std::string_view(reinterpret_cast<const char*>(s)) : std::string_view();
}

}  // namespace

YamlEvents::YamlEvents(std::string_view text) : state_(std::make_unique<State>()) {
  if (!yaml_parser_initialize(&state_->parser)) throw std::bad_alloc();
  yaml_parser_set_input_string(&state_->parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  yaml_parser_set_encoding(&state_->parser, YAML_UTF8_ENCODING);
}

YamlEvents::~YamlEvents() {
  state_->release();
  yaml_parser_delete(&state_->parser);
}

bool YamlEvents::next(YamlEvent& out) {
  state_->release();
  yaml_parser_t& p = state_->parser;
  if (!yaml_parser_parse(&p, &state_->event)) {
    error_ = {};
    error_.out_of_memory = p.error == YAML_MEMORY_ERROR;
    error_.reader = p.error == YAML_READER_ERROR;
    error_.problem = p.problem ? p.problem : "unknown error";
    error_.problem_mark = mark_of(p.problem_mark);
    error_.problem_offset = p.problem_offset;
    if (p.context) {
      error_.context = p.context;
      error_.context_mark = mark_of(p.context_mark);
    }
    return false;
  }
  state_->has_event = true;
  const yaml_event_t& e = state_->event;
  out = {};
  out.mark = mark_of(e.start_mark);
  switch (e.type) {
    case YAML_STREAM_START_EVENT: out.type = YamlEvent::Type::StreamStart; break;
    case YAML_NO_EVENT:
    case YAML_STREAM_END_EVENT: out.type = YamlEvent::Type::StreamEnd; break;
    case YAML_DOCUMENT_START_EVENT: out.type = YamlEvent::Type::DocumentStart; break;
    case YAML_DOCUMENT_END_EVENT: out.type = YamlEvent::Type::DocumentEnd; break;
    case YAML_ALIAS_EVENT:
      out.type = YamlEvent::Type::Alias;
      out.anchor = view(e.data.alias.anchor);
      break;
    case YAML_SCALAR_EVENT:
      out.type = YamlEvent::Type::Scalar;
      out.anchor = view(e.data.scalar.anchor);
      out.tag = view(e.data.scalar.tag);
      out.value = std::string_view(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
      out.plain = e.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
      break;
    case YAML_SEQUENCE_START_EVENT:
      out.type = YamlEvent::Type::SequenceStart;
      out.anchor = view(e.data.sequence_start.anchor);
      out.tag = view(e.data.sequence_start.tag);
      break;
    case YAML_SEQUENCE_END_EVENT: out.type = YamlEvent::Type::SequenceEnd; break;
    case YAML_MAPPING_START_EVENT:
      out.type = YamlEvent::Type::MapStart;
      out.anchor = view(e.data.mapping_start.anchor);
      out.tag = view(e.data.mapping_start.tag);
      break;
    case YAML_MAPPING_END_EVENT: out.type = YamlEvent::Type::MapEnd; break;
  }
  return true;
}

}  // namespace cvpdf::model::detail
