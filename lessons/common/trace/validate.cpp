// Whole-trace consistency: references resolve, sizes match shapes, values fit their types.
#include <cmath>
#include <set>

#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

int count_lines(const std::string& text) {
  int lines = 1;
  for (char c : text) lines += c == '\n';
  return lines;
}

bool fits(ElementType type, double v) {
  if (!std::isfinite(v)) return type == ElementType::f32;
  switch (type) {
    case ElementType::i32: return v == std::floor(v) && v >= -2147483648.0 && v <= 2147483647.0;
    case ElementType::u32: return v == std::floor(v) && v >= 0 && v <= 4294967295.0;
    case ElementType::f32: return true;
  }
  return false;
}

class Checker {
 public:
  explicit Checker(const Trace& t) : t_(t) {}

  std::vector<std::string> run() {
    header();
    declarations();
    for (size_t i = 0; i < t_.steps.size(); ++i) step(t_.steps[i], "steps[" + std::to_string(i) + "]");
    for (size_t i = 0; i < t_.claims.size(); ++i)
      if (t_.claims[i].id.empty()) problem("claims[" + std::to_string(i) + "]: a claim needs an id");
    return problems_;
  }

 private:
  void problem(std::string what) { problems_.push_back(std::move(what)); }

  void header() {
    if (t_.lesson_id.empty()) problem("lesson.id: empty");
    if (t_.source.hash != source_hash(t_.source.text))
      problem("source.hash: " + t_.source.hash + " does not match the source text (" +
              source_hash(t_.source.text) + ")");
    if (t_.producer.kind == ProducerKind::model && t_.producer.model.empty())
      problem("producer.model: a model-produced trace must say what the model is");
    source_lines_ = count_lines(t_.source.text);
  }

  void declarations() {
    std::set<int> ids;
    for (size_t i = 0; i < t_.buffers.size(); ++i)
      if (!ids.insert(t_.buffers[i].id).second)
        problem("buffers[" + std::to_string(i) + "].id: " + std::to_string(t_.buffers[i].id) + " declared twice");
    ids.clear();
    for (size_t i = 0; i < t_.tracks.size(); ++i)
      if (!ids.insert(t_.tracks[i].id).second)
        problem("tracks[" + std::to_string(i) + "].id: " + std::to_string(t_.tracks[i].id) + " declared twice");
  }

  const Buffer* buffer(int id, const std::string& where) {
    const Buffer* b = t_.find_buffer(id);
    if (!b) problem(where + ".buffer: buffer " + std::to_string(id) + " is not declared");
    return b;
  }

  void step(const Step& s, const std::string& where) {
    if (s.label.empty()) problem(where + ".label: empty");
    if (s.line_begin < 1 || s.line_end < s.line_begin || s.line_end > source_lines_)
      problem(where + ".lines: [" + std::to_string(s.line_begin) + ", " + std::to_string(s.line_end) +
              "] is not a range inside the " + std::to_string(source_lines_) + "-line source");
    for (size_t i = 0; i < s.snapshots.size(); ++i) snapshot(s.snapshots[i], where + ".snapshots[" + std::to_string(i) + "]");
    for (size_t i = 0; i < s.combines.size(); ++i) combine(s.combines[i], where + ".combines[" + std::to_string(i) + "]");
    for (size_t i = 0; i < s.live.size(); ++i) live(s.live[i], where + ".live[" + std::to_string(i) + "]");
    for (size_t i = 0; i < s.events.size(); ++i)
      if (!t_.find_track(s.events[i].track))
        problem(where + ".events[" + std::to_string(i) + "].track: track " +
                std::to_string(s.events[i].track) + " is not declared");
  }

  void snapshot(const Snapshot& snap, const std::string& where) {
    const Buffer* b = buffer(snap.buffer, where);
    if (!b) return;
    if (static_cast<int64_t>(snap.values.size()) != b->element_count()) {
      problem(where + ".values: " + std::to_string(snap.values.size()) + " values, but buffer \"" +
              b->name + "\" holds " + std::to_string(b->element_count()));
      return;
    }
    for (size_t i = 0; i < snap.values.size(); ++i)
      if (!fits(b->type, snap.values[i])) {
        problem(where + ".values[" + std::to_string(i) + "]: not a " + to_string(b->type) + " value");
        return;
      }
  }

  void combine(const Combine& c, const std::string& where) {
    const Buffer* b = buffer(c.buffer, where);
    if (!b) return;
    if (c.src.size() != c.dst.size() || c.thread.size() != c.dst.size()) {
      problem(where + ": dst, src and thread must have the same length");
      return;
    }
    for (size_t i = 0; i < c.dst.size(); ++i)
      if (c.dst[i] >= b->element_count() || c.src[i] >= b->element_count()) {
        problem(where + ": pair " + std::to_string(i) + " indexes outside buffer \"" + b->name + "\"");
        return;
      }
  }

  void live(const LiveRange& l, const std::string& where) {
    const Buffer* b = buffer(l.buffer, where);
    if (!b) return;
    if (l.count > 0 && l.begin + (l.count - 1) * l.stride >= b->element_count())
      problem(where + ": reaches past the end of buffer \"" + b->name + "\"");
  }

  const Trace& t_;
  int source_lines_ = 0;
  std::vector<std::string> problems_;
};

}  // namespace

std::vector<std::string> validate(const Trace& trace) { return Checker(trace).run(); }

}  // namespace gridlock::trace
