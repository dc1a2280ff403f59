// Whole-trace consistency: references resolve, sizes match shapes, values fit their types.
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

#include "trace/trace.hpp"

namespace gridlock::trace {
namespace {

int count_lines(const std::string& text) {
  int lines = 1;
  for (char c : text) lines += c == '\n';
  return lines;
}

// JSON has no infinities or NaN, so a value must be finite to be written and read back.
bool fits(ElementType type, double v) {
  if (!std::isfinite(v)) return false;
  switch (type) {
    case ElementType::i32:
      return v == std::floor(v) && v >= -2147483648.0 && v <= 2147483647.0;
    case ElementType::u32:
      return v == std::floor(v) && v >= 0 && v <= 4294967295.0;
    case ElementType::f32:
      return true;
  }
  return false;
}

std::string at(const std::string& where, const char* field, size_t i) {
  return where + "." + field + "[" + std::to_string(i) + "]";
}

// Declarations by id, the first of each id as Trace::find_* gives it, found in constant time.
template <typename T>
std::unordered_map<int, const T*> by_id(const std::vector<T>& declared) {
  std::unordered_map<int, const T*> out;
  for (const T& d : declared) out.emplace(d.id, &d);
  return out;
}

template <typename T>
const T* find(const std::unordered_map<int, const T*>& map, int id) {
  auto it = map.find(id);
  return it == map.end() ? nullptr : it->second;
}

class Checker {
 public:
  explicit Checker(const Trace& t)
      : t_(t), buffers_(by_id(t.buffers)), tracks_(by_id(t.tracks)), launches_(by_id(t.launches)) {}

  std::vector<std::string> run() {
    header();
    declarations();
    for (size_t i = 0; i < t_.steps.size(); ++i) step(t_.steps[i], "steps[" + std::to_string(i) + "]");
    if (replay_work_ > static_cast<double>(kMaxReplayWork))
      problem("ops: the operations compute more than " + std::to_string(kMaxReplayWork) +
              " elements in total, more than a trace may ask a reader to replay");
    flows();
    for (size_t i = 0; i < t_.claims.size(); ++i)
      if (t_.claims[i].id.empty()) problem("claims[" + std::to_string(i) + "]: a claim needs an id");
    for (const auto& [key, f] : t_.fact_values) {
      if (!t_.facts.count(key)) problem("fact_values." + key + ": no fact of that key to give the number of");
      if (!std::isfinite(f.value) || !std::isfinite(f.of) || !std::isfinite(f.upper))
        problem("fact_values." + key + ": a number that is not finite");
    }
    for (size_t i = 0; i < t_.series.size(); ++i)
      if (!(t_.series[i].out_of >= 0) || !std::isfinite(t_.series[i].out_of))
        problem("series[" + std::to_string(i) + "].out_of: a whole must be a finite number, 0 or more");
    return problems_;
  }

 private:
  void problem(std::string what) { problems_.push_back(std::move(what)); }

  void header() {
    if (t_.lesson_id.empty()) problem("lesson.id: empty");
    if (t_.sources.empty()) problem("sources: a trace needs the source its steps point into");
    for (size_t i = 0; i < t_.sources.size(); ++i) {
      const Source& s = t_.sources[i];
      if (s.hash != source_hash(s.text))
        problem("sources[" + std::to_string(i) + "].hash: " + s.hash + " does not match the source text (" +
                source_hash(s.text) + ")");
      source_lines_.push_back(count_lines(s.text));
      for (size_t k = 0; k < s.recording.size(); ++k)
        if (s.recording[k] > source_lines_.back() || (k > 0 && s.recording[k] <= s.recording[k - 1]))
          problem("sources[" + std::to_string(i) + "].recording: line " + std::to_string(s.recording[k]) +
                  (s.recording[k] > source_lines_.back() ? " is past the source's last line"
                                                         : " does not come after the line before it"));
    }
    if (t_.producer.kind == ProducerKind::model && t_.producer.model.empty())
      problem("producer.model: a model-produced trace must say what the model is");
    if (t_.producer.kind == ProducerKind::gpu && t_.producer.devices.empty())
      problem("producer.devices: a GPU-produced trace must name the GPU it ran on");
    if (t_.clock.resolution_ns < 0) problem("clock.resolution_ns: negative");
    if (t_.producer.kind == ProducerKind::gpu && t_.clock.unit != TimeUnit::ns)
      problem("clock.unit: a GPU-produced trace counts nanoseconds; \"tick\" is a model's unit");
  }

  void device_ref(int device, const std::string& where) {
    if (device < -1 || device >= static_cast<int>(t_.producer.devices.size()))
      problem(where + ".device: device " + std::to_string(device) + " is not declared in producer.devices");
  }

  void declarations() {
    std::set<int> ids;
    for (size_t i = 0; i < t_.buffers.size(); ++i) {
      const std::string where = "buffers[" + std::to_string(i) + "]";
      if (!ids.insert(t_.buffers[i].id).second)
        problem(where + ".id: " + std::to_string(t_.buffers[i].id) + " declared twice");
      device_ref(t_.buffers[i].device, where);
    }
    ids.clear();
    for (size_t i = 0; i < t_.tracks.size(); ++i) {
      const std::string where = "tracks[" + std::to_string(i) + "]";
      if (!ids.insert(t_.tracks[i].id).second)
        problem(where + ".id: " + std::to_string(t_.tracks[i].id) + " declared twice");
      device_ref(t_.tracks[i].device, where);
    }
    for (size_t i = 0; i < t_.tracks.size(); ++i) parent_chain(i);
    ids.clear();
    for (size_t i = 0; i < t_.launches.size(); ++i) {
      const std::string where = "launches[" + std::to_string(i) + "]";
      const Launch& l = t_.launches[i];
      if (!ids.insert(l.id).second) problem(where + ".id: " + std::to_string(l.id) + " declared twice");
      device_ref(l.device, where);
      if (l.stream != -1 && !find(tracks_, l.stream))
        problem(where + ".stream: track " + std::to_string(l.stream) + " is not declared");
    }
  }

  // Where following a track's parents ends: at a track without one (ok), at an undeclared id, or
  // in a cycle.
  struct Chain {
    enum { unknown, visiting, ok, undeclared, cycle } end = unknown;
    int missing = -1;  // the undeclared parent id
  };

  // A parent must be declared, and following parents must end (no cycles). Each track's chain is
  // followed once: a track reached again shares the end of the first walk.
  void parent_chain(size_t i) {
    std::vector<const Track*> path;
    const Track* at = &t_.tracks[i];
    Chain end;
    while (true) {
      Chain& known = chains_[at->id];
      if (known.end == Chain::visiting) end.end = Chain::cycle;
      if (known.end != Chain::unknown) {
        if (known.end != Chain::visiting) end = known;
        break;
      }
      known.end = Chain::visiting;
      path.push_back(at);
      if (at->parent == -1) {
        end.end = Chain::ok;
        break;
      }
      const Track* parent = find(tracks_, at->parent);
      if (!parent) {
        end = {Chain::undeclared, at->parent};
        break;
      }
      at = parent;
    }
    for (const Track* t : path) chains_[t->id] = end;
    const std::string where = "tracks[" + std::to_string(i) + "].parent: ";
    if (end.end == Chain::undeclared)
      problem(where + "track " + std::to_string(end.missing) + " is not declared");
    if (end.end == Chain::cycle)
      problem(where + "the parents of track " + std::to_string(t_.tracks[i].id) + " form a cycle");
  }

  const Buffer* buffer(int id, const std::string& where) {
    const Buffer* b = find(buffers_, id);
    if (!b) problem(where + ": buffer " + std::to_string(id) + " is not declared");
    return b;
  }

  void step(const Step& s, const std::string& where) {
    if (s.label.empty()) problem(where + ".label: empty");
    if (s.source < 0 || s.source >= static_cast<int>(t_.sources.size())) {
      problem(where + ".source: source " + std::to_string(s.source) + " is not declared");
    } else {
      const int lines = source_lines_[static_cast<size_t>(s.source)];
      if (s.line_begin < 1 || s.line_end < s.line_begin || s.line_end > lines)
        problem(where + ".lines: [" + std::to_string(s.line_begin) + ", " + std::to_string(s.line_end) +
                "] is not a range inside the " + std::to_string(lines) + "-line source");
    }
    for (size_t i = 0; i < s.lights.size(); ++i) {
      const SourceLines& l = s.lights[i];
      const std::string place = at(where, "lights", i);
      if (l.source < 0 || l.source >= static_cast<int>(t_.sources.size())) {
        problem(place + ".source: source " + std::to_string(l.source) + " is not declared");
        continue;
      }
      const int lines = source_lines_[static_cast<size_t>(l.source)];
      if (l.line_begin < 1 || l.line_end < l.line_begin || l.line_end > lines)
        problem(place + ".lines: [" + std::to_string(l.line_begin) + ", " + std::to_string(l.line_end) +
                "] is not a range inside the " + std::to_string(lines) + "-line source");
    }
    if (s.launch != -1 && !find(launches_, s.launch))
      problem(where + ".launch: launch " + std::to_string(s.launch) + " is not declared");
    for (size_t i = 0; i < s.snapshots.size(); ++i) snapshot(s.snapshots[i], at(where, "snapshots", i));
    for (size_t i = 0; i < s.ops.size(); ++i) operation(s.ops[i], at(where, "ops", i));
    for (size_t i = 0; i < s.live.size(); ++i) live(s.live[i], at(where, "live", i));
    for (size_t i = 0; i < s.events.size(); ++i) event(s.events[i], at(where, "events", i));
    if (s.focus != -1 && (s.focus < 0 || s.focus >= static_cast<int>(s.events.size())))
      problem(where + ".focus: event " + std::to_string(s.focus) + " is outside the step's " +
              std::to_string(s.events.size()) + " events");
  }

  void snapshot(const Snapshot& snap, const std::string& where) {
    const Buffer* b = buffer(snap.buffer, where + ".buffer");
    if (!b) return;
    const int64_t expected =
        snap.items.empty() ? b->element_count() : static_cast<int64_t>(snap.items.size()) * b->item_size();
    if (static_cast<int64_t>(snap.values.size()) != expected) {
      problem(where + ".values: " + std::to_string(snap.values.size()) + " values, but " +
              (snap.items.empty() ? "buffer \"" + b->name + "\" holds "
                                  : "the listed items of \"" + b->name + "\" hold ") +
              std::to_string(expected));
      return;
    }
    for (size_t i = 0; i < snap.items.size(); ++i)
      if (snap.items[i] < 0 || snap.items[i] >= b->item_count()) {
        problem(at(where, "items", i) + ": item " + std::to_string(snap.items[i]) + " is outside buffer \"" +
                b->name + "\"");
        return;
      }
    for (size_t i = 0; i < snap.values.size(); ++i)
      if (!fits(b->type, snap.values[i])) {
        problem(at(where, "values", i) + ": not a " + to_string(b->type) + " value");
        return;
      }
  }

  // Each index must name an item of its buffer; -1 (the identity) is allowed for operands of an
  // operator that has one.
  void indices(const std::vector<int64_t>& list, const Buffer& b, bool identity_allowed,
               const std::string& where) {
    for (size_t i = 0; i < list.size(); ++i) {
      if ((list[i] == -1 && identity_allowed) || (list[i] >= 0 && list[i] < b.item_count())) continue;
      problem(where + "[" + std::to_string(i) + "]: index " + std::to_string(list[i]) +
              " is outside buffer \"" + b.name + "\"");
      return;
    }
  }

  void operation(const Operation& o, const std::string& where) {
    const bool copy = o.op == Operator::copy;
    if (o.dst.size() != o.a.size() || o.thread.size() != o.dst.size() ||
        (copy ? !o.b.empty() : o.b.size() != o.dst.size())) {
      problem(where + ": dst, a, b and thread must have the same length (b empty for a copy)");
      return;
    }
    const Buffer* dst = buffer(o.dst_buffer, where + ".dst_buffer");
    const Buffer* a = buffer(o.a_buffer, where + ".a_buffer");
    const Buffer* b = copy ? nullptr : buffer(o.b_buffer, where + ".b_buffer");
    if (copy && o.b_buffer != -1) problem(where + ".b_buffer: a copy has no second operand (-1)");
    if (dst) indices(o.dst, *dst, false, where + ".dst");
    if (a) indices(o.a, *a, !copy, where + ".a");
    if (b) indices(o.b, *b, true, where + ".b");
    if (!dst || !a || (!copy && !b)) return;
    if (a->item_size() != dst->item_size() || (b && b->item_size() != dst->item_size()))
      problem(where + ": operands and result must have items of the same size");
    if (a->type != dst->type || (b && b->type != dst->type))
      problem(where + ": operands and result must have the same element type");
    const double entries = static_cast<double>(o.dst.size()), size = static_cast<double>(dst->item_size());
    replay_work_ += entries * size;
    if (o.op == Operator::matmul) {
      const auto side = static_cast<int64_t>(std::llround(std::sqrt(size)));
      if (side * side != dst->item_size()) problem(where + ": matmul needs square matrices as items");
      replay_work_ += entries * size * static_cast<double>(side);
    }
  }

  void live(const LiveRange& l, const std::string& where) {
    const Buffer* b = buffer(l.buffer, where + ".buffer");
    if (!b) return;
    if (l.count > 0 && l.begin + (l.count - 1) * l.stride >= b->item_count())
      problem(where + ": reaches past the end of buffer \"" + b->name + "\"");
  }

  void event(const Event& e, const std::string& where) {
    if (!find(tracks_, e.track))
      problem(where + ".track: track " + std::to_string(e.track) + " is not declared");
    for (int id : e.flows_out) ++flow_starts_[id];
    for (int id : e.flows_in) ++flow_ends_[id];
  }

  // A flow joins one event where it starts to one or more where it ends.
  void flows() {
    for (const auto& [id, starts] : flow_starts_) {
      if (starts != 1)
        problem("flow " + std::to_string(id) + " starts at " + std::to_string(starts) + " events, not one");
      if (!flow_ends_.count(id)) problem("flow " + std::to_string(id) + " starts but never ends");
    }
    for (const auto& [id, ends] : flow_ends_)
      if (!flow_starts_.count(id)) problem("flow " + std::to_string(id) + " ends but never starts");
  }

  const Trace& t_;
  const std::unordered_map<int, const Buffer*> buffers_;
  const std::unordered_map<int, const Track*> tracks_;
  const std::unordered_map<int, const Launch*> launches_;
  std::unordered_map<int, Chain> chains_;
  double replay_work_ = 0;  // element operations a replay of every op computes (check_truth)
  std::vector<int> source_lines_;
  std::map<int, int> flow_starts_, flow_ends_;
  std::vector<std::string> problems_;
};

}  // namespace

std::vector<std::string> validate(const Trace& trace) { return Checker(trace).run(); }

}  // namespace gridlock::trace
