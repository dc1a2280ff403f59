// What a recorded run must respect, checked on the trace alone: the timeline keeps the hardware's
// promises, and the values follow from the operations. Used by gridlock-trace-check and by the
// test that reads every shipped trace.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>

#include "trace/trace.hpp"
#include "trace/words.hpp"

namespace gridlock::trace {
namespace {

std::string step_name(size_t i, const Step& s) {
  return "steps[" + std::to_string(i) + "] (" + s.label + (s.detail.empty() ? "" : ", " + s.detail) + ")";
}

// ---- slices: per track, in the order listed, times never decrease and slices nest -------------

void check_slices(const Trace& t, std::vector<std::string>& problems) {
  struct Open {
    std::string name;
    int64_t begin;
  };
  struct TrackState {
    std::vector<Open> open;
    int64_t last_t = std::numeric_limits<int64_t>::min();
    bool reported = false;
  };
  std::map<int, TrackState> tracks;
  auto report = [&](TrackState& st, std::string what) {
    if (st.reported) return;  // one problem per track is enough to find it
    st.reported = true;
    problems.push_back(std::move(what));
  };
  for (size_t si = 0; si < t.steps.size(); ++si) {
    for (const Event& e : t.steps[si].events) {
      TrackState& st = tracks[e.track];
      const std::string where = step_name(si, t.steps[si]) + ", track " + std::to_string(e.track) + ": ";
      if (e.t_ns < st.last_t)
        report(st, where + "\"" + e.name + "\" at " + std::to_string(e.t_ns) +
                       " ns comes after an event at " + std::to_string(st.last_t) +
                       " ns: the track runs backwards");
      st.last_t = std::max(st.last_t, e.t_ns);
      if (e.kind == EventKind::slice_begin) st.open.push_back({e.name, e.t_ns});
      if (e.kind != EventKind::slice_end) continue;
      if (st.open.empty()) {
        report(st, where + "\"" + e.name + "\" ends but never began");
      } else if (st.open.back().name != e.name) {
        report(st,
               where + "\"" + e.name + "\" ends inside \"" + st.open.back().name + "\": slices must nest");
        st.open.pop_back();
      } else {
        st.open.pop_back();
      }
    }
  }
  for (auto& [id, st] : tracks)
    if (!st.open.empty())
      report(st, "track " + std::to_string(id) + ": \"" + st.open.back().name + "\" never ends");
}

// ---- barriers: nobody leaves before the last one has arrived ----------------------------------

void check_barriers(const Trace& t, std::vector<std::string>& problems) {
  const int64_t tolerance = t.clock.resolution_ns;
  const std::string unit = std::string(" ") + to_string(t.clock.unit);
  std::unordered_map<int, int> parent_of;  // track id -> its parent, the first declaration's
  for (const Track& track : t.tracks) parent_of.emplace(track.id, track.parent);
  for (size_t si = 0; si < t.steps.size(); ++si) {
    // (parent track, slice name) -> [latest arrival, earliest departure] and who.
    struct Barrier {
      int64_t last_arrival = std::numeric_limits<int64_t>::min();
      int64_t first_departure = std::numeric_limits<int64_t>::max();
      int last_track = -1, first_track = -1;
    };
    std::map<std::pair<int, std::string>, Barrier> barriers;
    for (const Event& e : t.steps[si].events) {
      if (e.category != Category::barrier) continue;
      const auto parent = parent_of.find(e.track);
      Barrier& b = barriers[{parent == parent_of.end() ? -1 : parent->second, e.name}];
      if (e.kind == EventKind::slice_begin && e.t_ns > b.last_arrival) {
        b.last_arrival = e.t_ns;
        b.last_track = e.track;
      }
      if (e.kind == EventKind::slice_end && e.t_ns < b.first_departure) {
        b.first_departure = e.t_ns;
        b.first_track = e.track;
      }
    }
    for (const auto& [key, b] : barriers) {
      if (b.last_track < 0 || b.first_track < 0) continue;
      if (b.first_departure + tolerance >= b.last_arrival) continue;
      problems.push_back(step_name(si, t.steps[si]) + ": at \"" + key.second + "\" track " +
                         std::to_string(b.first_track) + " leaves at " + std::to_string(b.first_departure) +
                         unit + ", before track " + std::to_string(b.last_track) + " arrives at " +
                         std::to_string(b.last_arrival) + unit + " (clock resolution " +
                         std::to_string(tolerance) + unit + ")");
    }
  }
}

// ---- values: replay every operation and compare with every snapshot ---------------------------

// The values a replay knows of one buffer. Dense (an array of the buffer's size) while the trace's
// dense budget lasts, sparse (only the elements known) after it, so a buffer declared with 2^28
// elements costs memory only for what the trace says about it.
class Values {
 public:
  Values(int64_t elements, bool dense) {
    if (!dense) return;
    values_.assign(static_cast<size_t>(elements), 0.0);
    known_.assign(static_cast<size_t>(elements), 0);
  }
  bool get(int64_t e, double* v) const {
    if (!known_.empty()) {
      *v = values_[static_cast<size_t>(e)];
      return known_[static_cast<size_t>(e)] != 0;
    }
    auto it = sparse_.find(e);
    if (it == sparse_.end()) return false;
    *v = it->second;
    return true;
  }
  void set(int64_t e, double v) {
    if (known_.empty()) {
      sparse_[e] = v;
      return;
    }
    values_[static_cast<size_t>(e)] = v;
    known_[static_cast<size_t>(e)] = 1;
  }
  void forget(int64_t e) {
    if (known_.empty())
      sparse_.erase(e);
    else
      known_[static_cast<size_t>(e)] = 0;
  }

 private:
  std::vector<double> values_;
  std::vector<char> known_;
  std::unordered_map<int64_t, double> sparse_;
};

// The value a kernel would hold after computing `x` in the buffer's element type.
double as_type(ElementType type, double x) {
  switch (type) {
    case ElementType::i32:
      return static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(static_cast<int64_t>(x))));
    case ElementType::u32:
      return static_cast<double>(static_cast<uint32_t>(static_cast<int64_t>(x)));
    case ElementType::f32:
      return static_cast<double>(static_cast<float>(x));
  }
  return x;
}

double scalar(Operator op, ElementType type, double a, double b) {
  if (type == ElementType::f32) {
    const float fa = static_cast<float>(a), fb = static_cast<float>(b);
    switch (op) {
      case Operator::add:
        return fa + fb;
      case Operator::mul:
        return fa * fb;
      case Operator::min:
        return std::min(fa, fb);
      case Operator::max:
        return std::max(fa, fb);
      default:
        return a;
    }
  }
  const auto ia = static_cast<int64_t>(a), ib = static_cast<int64_t>(b);
  switch (op) {
    case Operator::add:
      return as_type(type, static_cast<double>(ia + ib));
    case Operator::mul:  // modulo 2^32: exact in 64-bit unsigned arithmetic
      return as_type(type, static_cast<double>(
                               static_cast<uint32_t>(static_cast<uint64_t>(ia) * static_cast<uint64_t>(ib))));
    case Operator::min:
      return std::min(a, b);
    case Operator::max:
      return std::max(a, b);
    default:
      return a;
  }
}

}  // namespace

// The replay's arithmetic, which check_facts folds with too (trace.hpp).
std::vector<double> identity_item(Operator op, ElementType type, int64_t size) {
  double v = 0;
  switch (op) {
    case Operator::mul:
      v = 1;
      break;
    case Operator::min:
      v = type == ElementType::f32 ? INFINITY : type == ElementType::i32 ? 2147483647.0 : 4294967295.0;
      break;
    case Operator::max:
      v = type == ElementType::f32 ? -INFINITY : type == ElementType::i32 ? -2147483648.0 : 0.0;
      break;
    default:
      break;
  }
  std::vector<double> item(static_cast<size_t>(size), v);
  if (op == Operator::matmul) {
    const auto side = static_cast<int64_t>(std::llround(std::sqrt(static_cast<double>(size))));
    std::fill(item.begin(), item.end(), 0.0);
    for (int64_t i = 0; i < side; ++i) item[static_cast<size_t>(i * side + i)] = 1;
  }
  return item;
}

std::vector<double> combine_items(Operator op, ElementType type, const std::vector<double>& a,
                                  const std::vector<double>& b) {
  if (op == Operator::copy) return a;
  if (op != Operator::matmul) {  // element by element: items of several elements are vectors
    std::vector<double> c(a.size());
    for (size_t i = 0; i < a.size(); ++i) c[i] = scalar(op, type, a[i], b[i]);
    return c;
  }
  const auto side = static_cast<size_t>(std::llround(std::sqrt(static_cast<double>(a.size()))));
  std::vector<double> c(a.size(), 0.0);
  for (size_t i = 0; i < side; ++i)
    for (size_t j = 0; j < side; ++j) {
      double acc = 0;
      for (size_t m = 0; m < side; ++m)
        acc = scalar(Operator::add, type, acc, scalar(Operator::mul, type, a[i * side + m], b[m * side + j]));
      c[i * side + j] = acc;
    }
  return c;
}

namespace {

// Replays a valid trace (one that validate() accepts: its replay work is bounded).
class Replay {
 public:
  explicit Replay(const Trace& t) : t_(t) {
    for (const Buffer& b : t.buffers) buffers_.emplace(b.id, &b);
  }

  void run(std::vector<std::string>& problems) {
    for (size_t si = 0; si < t_.steps.size(); ++si) {
      const Step& s = t_.steps[si];
      // A buffer that no operation of the step writes holds the same values before and after
      // it: its snapshot is known before the operations run (R1's input, read by the load).
      std::vector<int> written;
      for (const Operation& o : s.ops) written.push_back(o.dst_buffer);
      auto is_written = [&](int b) { return std::find(written.begin(), written.end(), b) != written.end(); };
      for (const Snapshot& snap : s.snapshots)
        if (!is_written(snap.buffer)) compare(snap, step_name(si, s), problems);
      for (const Operation& o : s.ops) apply(o);
      for (const Snapshot& snap : s.snapshots)
        if (is_written(snap.buffer)) compare(snap, step_name(si, s), problems);
    }
  }

 private:
  static constexpr int64_t kDenseBudget = int64_t(1) << 24;  // elements held densely, all buffers

  const Buffer& buffer(int id) const { return *buffers_.at(id); }

  Values& state(int id) {
    auto found = states_.find(id);
    if (found != states_.end()) return found->second;
    const int64_t n = buffer(id).element_count();
    const bool dense = n <= dense_left_;
    if (dense) dense_left_ -= n;
    return states_.emplace(id, Values(n, dense)).first->second;
  }

  // Item `index` of `buffer`, or the identity for -1; false when a value is not known.
  bool read(int id, int64_t index, Operator op, std::vector<double>& item) {
    const Buffer& b = buffer(id);
    const int64_t size = b.item_size();
    if (index < 0) {
      item = identity_item(op, b.type, size);
      return true;
    }
    const Values& s = state(id);
    item.assign(static_cast<size_t>(size), 0.0);
    bool known = true;
    for (int64_t i = 0; i < size; ++i)
      known = s.get(index * size + i, &item[static_cast<size_t>(i)]) && known;
    return known;
  }

  void apply(const Operation& o) {
    const Buffer& dst = buffer(o.dst_buffer);
    const int64_t size = dst.item_size();
    std::vector<double> a, b;
    for (size_t k = 0; k < o.dst.size(); ++k) {
      bool known = read(o.a_buffer, o.a[k], o.op, a);
      if (o.op != Operator::copy) known = read(o.b_buffer, o.b[k], o.op, b) && known;
      const std::vector<double> result = known ? combine_items(o.op, dst.type, a, b) : std::vector<double>();
      Values& s = state(o.dst_buffer);
      for (int64_t i = 0; i < size; ++i) {
        const int64_t element = o.dst[k] * size + i;
        if (known)
          s.set(element, as_type(dst.type, result[static_cast<size_t>(i)]));
        else
          s.forget(element);
      }
    }
  }

  static bool same(ElementType type, double a, double b) {
    if (type == ElementType::f32) {
      const float fa = static_cast<float>(a), fb = static_cast<float>(b);
      return fa == fb || (std::isnan(fa) && std::isnan(fb));
    }
    return a == b;
  }

  void compare(const Snapshot& snap, const std::string& where, std::vector<std::string>& problems) {
    const Buffer& b = buffer(snap.buffer);
    Values& s = state(snap.buffer);
    const auto size = static_cast<size_t>(b.item_size());
    int64_t wrong = 0;
    std::string first;
    for (size_t v = 0; v < snap.values.size(); ++v) {
      const auto element = static_cast<int64_t>(
          snap.items.empty() ? v : static_cast<size_t>(snap.items[v / size]) * size + v % size);
      double replayed = 0;
      if (s.get(element, &replayed) && !same(b.type, replayed, snap.values[v])) {
        if (wrong++ == 0)
          first = b.name + "[" + std::to_string(element) + "] holds " + std::to_string(snap.values[v]) +
                  " where the operations give " + std::to_string(replayed);
      }
      s.set(element, snap.values[v]);
    }
    if (wrong > 0)
      problems.push_back(where + ": the snapshot does not follow from the operations: " + first + " (" +
                         std::to_string(wrong) + " value" + (wrong == 1 ? "" : "s") + " differ)");
  }

  const Trace& t_;
  std::unordered_map<int, const Buffer*> buffers_;
  std::map<int, Values> states_;
  int64_t dense_left_ = kDenseBudget;
};

}  // namespace

std::vector<std::string> check_truth(const Trace& trace) {
  std::vector<std::string> problems;
  check_slices(trace, problems);
  check_barriers(trace, problems);
  Replay(trace).run(problems);
  check_moments(trace, problems);
  check_words(trace, problems);
  check_facts(trace, problems);
  return problems;
}

}  // namespace gridlock::trace
