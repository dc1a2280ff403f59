// Finding a tree's input and, from the recorded operations, which of its items each leaf holds.
#include "model/input_row.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <unordered_map>

namespace gridlock::viewer {

namespace {

struct Origin {
  int buffer;
  int64_t item;
};
using Origins = std::vector<Origin>;

// What each item holds, as far as the operations tell: the items of source buffers (those no
// operation writes) that were folded into it, in order.
class Provenance {
 public:
  Provenance(const trace::Trace& trace, int tree_buffer, int last_step) : tree_(tree_buffer) {
    for (int s = 0; s <= last_step; ++s)
      for (const trace::Operation& o : trace.steps[static_cast<std::size_t>(s)].ops)
        written_.insert(o.dst_buffer);
    for (int s = 0; s <= last_step; ++s)
      for (const trace::Operation& o : trace.steps[static_cast<std::size_t>(s)].ops) apply(o);
  }

  Origins of(int buffer, int64_t item) const {
    if (item < 0) return {};  // the identity
    auto in_buffer = held_.find(buffer);
    if (in_buffer != held_.end()) {
      auto it = in_buffer->second.find(item);
      if (it != in_buffer->second.end()) return it->second;
    }
    if (written_.count(buffer)) return {};  // an intermediate's value from before the trace
    return {Origin{buffer, item}};
  }
  int via() const { return via_; }

 private:
  void apply(const trace::Operation& o) {
    if (is_tree_op(o) && o.dst_buffer == tree_) return;  // the tree itself, not its input
    const bool copy = o.op == trace::Operator::copy;
    if (copy && o.dst_buffer == tree_ && o.a_buffer != tree_) via_ = o.a_buffer;
    const std::size_t n = std::min(o.dst.size(), o.a.size());
    for (std::size_t k = 0; k < n; ++k) {
      const int64_t b = copy || k >= o.b.size() ? -1 : o.b[k];
      if (o.a_buffer == o.dst_buffer && o.a[k] == o.dst[k] && !copy) {
        accumulate(o.dst_buffer, o.dst[k], of(o.b_buffer, b));  // acc = acc op in[k]
        continue;
      }
      Origins result = of(o.a_buffer, o.a[k]);
      if (!copy) {
        const Origins right = of(o.b_buffer, b);
        result.insert(result.end(), right.begin(), right.end());
      }
      held_[o.dst_buffer][o.dst[k]] = std::move(result);
    }
  }

  void accumulate(int buffer, int64_t item, const Origins& more) {
    std::unordered_map<int64_t, Origins>& items = held_[buffer];
    auto it = items.find(item);
    if (it == items.end()) it = items.emplace(item, of(buffer, item)).first;
    it->second.insert(it->second.end(), more.begin(), more.end());
  }

  int tree_;
  int via_ = -1;
  std::set<int> written_;
  std::map<int, std::unordered_map<int64_t, Origins>> held_;  // buffer -> item -> origins
};

// The buffer most of the leaves' origins lie in; -1 when they have none.
int input_buffer_of(const std::map<int64_t, Origins>& leaves) {
  std::map<int, int64_t> votes;
  for (const auto& [leaf, origins] : leaves)
    for (const Origin& o : origins) ++votes[o.buffer];
  int best = -1;
  int64_t most = 0;
  for (const auto& [buffer, n] : votes) {
    if (n <= most) continue;
    best = buffer;
    most = n;
  }
  return best;
}

// Links each leaf to the input items it folded, from the operations up to the leaves' step.
void link_leaves(const trace::Trace& trace, const TreeLayout& layout, InputRow& input) {
  const TreeRow& leaves = layout.rows.front();
  const Provenance provenance(trace, layout.buffer, leaves.step);
  std::map<int64_t, Origins> origins;
  for (const TreeNode& n : leaves.nodes) origins[n.element] = provenance.of(layout.buffer, n.element);
  for (auto& [leaf, list] : origins)
    list.erase(
        std::remove_if(list.begin(), list.end(), [&](const Origin& o) { return o.buffer == layout.buffer; }),
        list.end());
  const trace::Buffer* in = trace.find_buffer(input_buffer_of(origins));
  if (!in) return;
  input.buffer = in->id;
  input.name = in->name;
  input.count = in->item_count();
  for (const auto& [leaf, list] : origins) {
    std::vector<int64_t>& items = input.folds[leaf];
    for (const Origin& o : list) {
      if (o.buffer != in->id || o.item >= input.count) continue;
      items.push_back(o.item);
      input.leaf_of_item[o.item] = leaf;
    }
  }
  const trace::Buffer* via = trace.find_buffer(provenance.via());
  if (via && via->id != in->id) input.via = via->name;
}

// The whole-buffer snapshot of `buffer` (one value per item), preferring the steps up to
// `step`; empty when the trace has none.
std::vector<double> snapshot_of(const trace::Trace& trace, const trace::Buffer& buffer, int step) {
  const int64_t size = std::max<int64_t>(buffer.item_size(), 1);
  const trace::Snapshot* found = nullptr;
  for (std::size_t s = 0; s < trace.steps.size() && !(found && static_cast<int>(s) > step); ++s)
    for (const trace::Snapshot& snap : trace.steps[s].snapshots)
      if (!found && snap.buffer == buffer.id && snap.items.empty() &&
          static_cast<int64_t>(snap.values.size()) == buffer.element_count())
        found = &snap;
  std::vector<double> values;
  if (!found) return values;
  for (std::size_t v = 0; v < found->values.size(); v += static_cast<std::size_t>(size))
    values.push_back(found->values[v]);
  return values;
}

bool mentions(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

// The trace's notice about the input `name`: one that names the buffer as code ("`in`", "in[",
// "\"in\""), else one about "input"; empty when there is none.
std::string notice_about(const trace::Trace& trace, const std::string& name) {
  if (!name.empty())
    for (const std::string& n : trace.notices)
      if (mentions(n, "`" + name + "`") || mentions(n, name + "[") || mentions(n, "\"" + name + "\""))
        return n;
  for (const std::string& n : trace.notices)
    if (mentions(n, "input")) return n;
  return {};
}

// Version 1 traces and others without load operations: the first global buffer the tree's
// first step snapshots, other than the tree's, with more items than the leaf row.
void fall_back_to_snapshot(const trace::Trace& trace, const TreeLayout& layout, InputRow& input) {
  const TreeRow& leaves = layout.rows.front();
  for (const trace::Snapshot& s : trace.steps[static_cast<std::size_t>(leaves.step)].snapshots) {
    const trace::Buffer* b = trace.find_buffer(s.buffer);
    if (!b || b->id == layout.buffer || b->space != trace::MemorySpace::global) continue;
    if (b->item_count() <= static_cast<int64_t>(leaves.nodes.size())) continue;
    if (!s.items.empty() || static_cast<int64_t>(s.values.size()) != b->element_count()) continue;
    input.buffer = b->id;
    input.name = b->name;
    input.count = b->item_count();
    return;
  }
}

// An index expression relative to i: "i", "i + 3", "i − 2".
std::string offset_text(int64_t c) {
  if (c == 0) return "i";
  return c > 0 ? "i + " + std::to_string(c) : "i \xE2\x88\x92 " + std::to_string(-c);
}

}  // namespace

std::vector<int64_t> InputRow::folded_by(int64_t leaf) const {
  auto it = folds.find(leaf);
  return it == folds.end() ? std::vector<int64_t>() : it->second;
}

std::string InputRow::describe_fold(int64_t leaf) const {
  const std::vector<int64_t> elements = folded_by(leaf);
  auto item = [&](int64_t k) { return name + "[" + std::to_string(k) + "]"; };
  std::string text;
  for (std::size_t i = 0; i < elements.size() && i < 3; ++i) text += (i ? ", " : "") + item(elements[i]);
  if (elements.size() == 4) text += ", " + item(elements.back());
  if (elements.size() > 4)
    text += ", \xE2\x80\xA6, " + item(elements.back()) + " (" + std::to_string(elements.size()) + " values)";
  return text;
}

int64_t InputRow::leaf_of(int64_t element) const {
  auto it = leaf_of_item.find(element);
  return it == leaf_of_item.end() ? -1 : it->second;
}

std::string InputRow::pattern(const std::string& leaf_buffer) const {
  if (!linked()) return {};
  // One offset and one stride for every leaf: leaf i folded in[i + c], in[i + c + d], ...
  bool uniform = true;
  int64_t offset = 0, stride = 0;
  std::size_t fewest = SIZE_MAX, most = 0;
  bool first = true;
  for (const auto& [leaf, items] : folds) {
    fewest = std::min(fewest, items.size());
    most = std::max(most, items.size());
    if (items.empty()) continue;
    if (first) offset = items[0] - leaf;
    if (first && items.size() > 1) stride = items[1] - items[0];
    first = false;
    uniform = uniform && items[0] - leaf == offset;
    for (std::size_t k = 1; k < items.size() && uniform; ++k) {
      if (stride == 0) stride = items[k] - items[k - 1];
      uniform = items[k] - items[k - 1] == stride;
    }
  }
  const std::string through = via.empty() ? "" : " through " + via;
  if (uniform && most >= 2 && stride > 0) {
    auto at = [&](int64_t c) { return name + "[" + offset_text(c) + "]"; };
    return leaf_buffer + "[i] folded " + at(offset) + ", " + at(offset + stride) + ", \xE2\x80\xA6" + through;
  }
  if (uniform && most == 1) return leaf_buffer + "[i] = " + name + "[" + offset_text(offset) + "]" + through;
  const std::string range =
      fewest == most ? std::to_string(most) : std::to_string(fewest) + "\xE2\x80\x93" + std::to_string(most);
  return "each leaf folded " + range + (most == 1 ? " value of " : " values of ") + name + through;
}

InputRow find_input_row(const trace::Trace& trace, const TreeLayout& layout) {
  InputRow input;
  if (layout.empty()) return input;
  input.step = layout.rows.front().step;
  link_leaves(trace, layout, input);
  if (input.buffer < 0) fall_back_to_snapshot(trace, layout, input);
  if (const trace::Buffer* b = trace.find_buffer(input.buffer))
    input.values = snapshot_of(trace, *b, input.step);
  if (input.recorded()) {
    input.range = shade_range(input.values);
    return input;
  }
  input.missing = notice_about(trace, input.name);
  if (input.buffer >= 0 && input.missing.empty()) input.missing = "values not recorded in this trace";
  if (input.buffer < 0 && !input.missing.empty()) input.name = "input";
  return input;
}

}  // namespace gridlock::viewer
