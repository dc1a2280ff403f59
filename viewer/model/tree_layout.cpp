// Deriving reduction trees from trace steps.
#include "model/tree_layout.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>

namespace gridlock::viewer {

namespace {

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

// What one step records about the tree's buffer.
struct StepView {
  bool snapshot = false;
  const trace::LiveRange* live = nullptr;
  std::vector<const trace::Operation*> ops;
};

bool in_range(int64_t item, int64_t count) { return item >= 0 && item < count; }

// Copies the step's snapshots of `buffer` into `values` (one value per item: its first
// element). Returns whether there was one.
bool apply_snapshots(const trace::Step& step, const trace::Buffer& buffer, std::vector<double>& values) {
  const int64_t count = buffer.item_count(), size = std::max<int64_t>(buffer.item_size(), 1);
  bool any = false;
  for (const trace::Snapshot& s : step.snapshots) {
    if (s.buffer != buffer.id) continue;
    const int64_t items = s.items.empty() ? count : static_cast<int64_t>(s.items.size());
    if (static_cast<int64_t>(s.values.size()) != items * size) continue;
    for (int64_t k = 0; k < items; ++k) {
      const int64_t item = s.items.empty() ? k : s.items[static_cast<std::size_t>(k)];
      if (in_range(item, count))
        values[static_cast<std::size_t>(item)] = s.values[static_cast<std::size_t>(k * size)];
    }
    any = true;
  }
  return any;
}

StepView view_of(const trace::Step& step, int buffer) {
  StepView v;
  for (const trace::LiveRange& l : step.live)
    if (l.buffer == buffer) v.live = &l;
  for (const trace::Operation& o : step.ops)
    if (is_tree_op(o) && o.dst_buffer == buffer) v.ops.push_back(&o);
  return v;
}

std::vector<int64_t> live_elements(const trace::LiveRange& live, int64_t count) {
  std::vector<int64_t> out;
  if (live.count <= 0 || live.stride == 0) return out;
  out.reserve(static_cast<std::size_t>(std::min(live.count, count)));
  for (int64_t i = 0; i < live.count; ++i) {
    int64_t e = live.begin + i * live.stride;
    if (in_range(e, count)) out.push_back(e);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<int64_t> all_elements(int64_t count) {
  std::vector<int64_t> out(static_cast<std::size_t>(count));
  for (int64_t i = 0; i < count; ++i) out[static_cast<std::size_t>(i)] = i;
  return out;
}

void sort_unique(std::vector<int64_t>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

struct Made {
  trace::Operator op;
  int64_t a, b, thread;
};

// dst item -> the operation that made it, over the step's tree operations (the last one wins).
// Operands outside the buffer are dropped; -1 (the identity) is kept.
std::unordered_map<int64_t, Made> made_by(const StepView& v, int64_t count) {
  std::unordered_map<int64_t, Made> made;
  for (const trace::Operation* o : v.ops) {
    const std::size_t n = std::min({o->dst.size(), o->a.size(), o->b.size()});
    for (std::size_t k = 0; k < n; ++k) {
      if (!in_range(o->dst[k], count)) continue;
      const int64_t a = o->a[k], b = o->b[k];
      if ((a != -1 && !in_range(a, count)) || (b != -1 && !in_range(b, count))) continue;
      made[o->dst[k]] = Made{o->op, a, b, k < o->thread.size() ? o->thread[k] : -1};
    }
  }
  return made;
}

// The items an operation of the step reads (operands), for leaves and for the live set.
std::vector<int64_t> operands_of(const std::unordered_map<int64_t, Made>& made) {
  std::vector<int64_t> out;
  for (const auto& [dst, m] : made) {
    (void)dst;
    if (m.a >= 0) out.push_back(m.a);
    if (m.b >= 0) out.push_back(m.b);
  }
  sort_unique(out);
  return out;
}

void finish_row(TreeRow& row) {
  std::vector<double> values;
  values.reserve(row.nodes.size());
  for (const TreeNode& n : row.nodes) values.push_back(n.value);
  const ShadeRange range = shade_range(values);
  row.min_value = range.min;
  row.max_value = range.max;
  row.shade_low = range.low;
  row.shade_high = range.high;
}

TreeRow make_row(int step, const std::vector<int64_t>& live, const std::vector<double>& values,
                 const TreeRow* above, const std::unordered_map<int64_t, Made>& made) {
  TreeRow row;
  row.step = step;
  row.nodes.reserve(live.size());
  for (int64_t e : live) {
    TreeNode node;
    node.element = e;
    node.value = values[static_cast<std::size_t>(e)];
    auto m = made.find(e);
    if (m == made.end()) {
      if (above) node.a_child = above->find(e);
    } else {
      node.made = true;
      node.op = m->second.op;
      node.a = m->second.a;
      node.b = m->second.b;
      node.thread = m->second.thread;
      if (above && node.a >= 0) node.a_child = above->find(node.a);
      if (above && node.b >= 0) node.b_child = above->find(node.b);
      ++row.combines;
    }
    row.nodes.push_back(node);
  }
  finish_row(row);
  return row;
}

bool same_live_values(const TreeRow& row, const std::vector<int64_t>& live,
                      const std::vector<double>& values) {
  if (live.size() != row.nodes.size()) return false;
  for (std::size_t i = 0; i < live.size(); ++i) {
    const TreeNode& n = row.nodes[i];
    double v = values[static_cast<std::size_t>(live[i])];
    if (n.element != live[i]) return false;
    if (!(n.value == v || (std::isnan(n.value) && std::isnan(v)))) return false;
  }
  return true;
}

std::vector<int64_t> live_of(const TreeRow& row) {
  std::vector<int64_t> out;
  out.reserve(row.nodes.size());
  for (const TreeNode& n : row.nodes) out.push_back(n.element);
  return out;
}

// Without a live range, what stays live after the step: the items of the row above that no
// operation read, and every item an operation wrote.
std::vector<int64_t> live_after(const TreeRow& above, const std::unordered_map<int64_t, Made>& made) {
  const std::vector<int64_t> read = operands_of(made);
  std::vector<int64_t> live;
  for (const TreeNode& n : above.nodes)
    if (!std::binary_search(read.begin(), read.end(), n.element)) live.push_back(n.element);
  for (const auto& [dst, m] : made) {
    (void)m;
    live.push_back(dst);
  }
  sort_unique(live);
  return live;
}

// Adds the step's row to `layout` when it has one. `values` hold the buffer after the step.
void add_step(TreeLayout& layout, int step, const StepView& v, bool snapshot,
              const std::vector<double>& values) {
  const int64_t count = layout.element_count;
  const std::unordered_map<int64_t, Made> none;
  if (layout.rows.empty()) {
    if (v.ops.empty()) {
      if (!snapshot && !v.live) return;  // nothing about this buffer yet
      layout.rows.push_back(make_row(step, v.live ? live_elements(*v.live, count) : all_elements(count),
                                     values, nullptr, none));
      layout.step_adds_row[static_cast<std::size_t>(step)] = true;
      return;
    }
    // The first record of the buffer already combines: its leaves are the items the operations
    // read, with no recorded values.
    const std::vector<double> unknown(static_cast<std::size_t>(count), kNoValue);
    layout.rows.push_back(make_row(step, operands_of(made_by(v, count)), unknown, nullptr, none));
  }
  const TreeRow& above = layout.rows.back();
  if (!v.ops.empty()) {
    const std::unordered_map<int64_t, Made> made = made_by(v, count);
    const std::vector<int64_t> live = v.live ? live_elements(*v.live, count) : live_after(above, made);
    for (const auto& [dst, m] : made)
      if (m.a != dst) layout.in_place = false;
    layout.rows.push_back(make_row(step, live, values, &above, made));
    layout.step_adds_row[static_cast<std::size_t>(step)] = true;
  } else if (snapshot || v.live) {
    const std::vector<int64_t> live = v.live ? live_elements(*v.live, count) : live_of(above);
    if (same_live_values(above, live, values)) return;
    layout.rows.push_back(make_row(step, live, values, &above, none));
    layout.step_adds_row[static_cast<std::size_t>(step)] = true;
  }
}

// An index expression "i", "2i", "i + 512", "2i − 1" or "3" for k·i + c.
std::string index_text(int64_t k, int64_t c) {
  std::string text = k == 0 ? "" : k == 1 ? "i" : std::to_string(k) + "i";
  if (k == 0) return std::to_string(c);
  if (c > 0) text += " + " + std::to_string(c);
  if (c < 0) text += " \xE2\x88\x92 " + std::to_string(-c);
  return text;
}

// k and c with operand = k·dst + c for every node, fitted from the first two; nullopt if none.
struct Affine {
  int64_t k = 1, c = 0;
};
std::optional<Affine> fit(const std::vector<const TreeNode*>& nodes, int64_t TreeNode::*operand) {
  const TreeNode& first = *nodes.front();
  Affine f{1, first.*operand - first.element};
  for (const TreeNode* n : nodes) {
    if (n->element == first.element) continue;
    const int64_t run = n->element - first.element, rise = n->*operand - first.*operand;
    if (rise % run != 0) return std::nullopt;
    f.k = rise / run;
    f.c = first.*operand - f.k * first.element;
    break;
  }
  for (const TreeNode* n : nodes)
    if (n->*operand < 0 || n->*operand != f.k * n->element + f.c) return std::nullopt;
  return f;
}

std::string op_text(trace::Operator op, const std::string& a, const std::string& b) {
  switch (op) {
    case trace::Operator::add:
      return a + " + " + b;
    case trace::Operator::mul:
    case trace::Operator::matmul:
      return a + " \xC3\x97 " + b;
    case trace::Operator::min:
      return "min(" + a + ", " + b + ")";
    case trace::Operator::max:
      return "max(" + a + ", " + b + ")";
    default:
      return a + " op " + b;
  }
}

}  // namespace

float shade_between(double value, double low, double high) {
  if (std::isnan(value)) return -1.0f;
  if (high <= low) return 0.5f;
  return static_cast<float>(std::clamp((value - low) / (high - low), 0.0, 1.0));
}

ShadeRange shade_range(const std::vector<double>& values) {
  std::vector<double> sorted;
  sorted.reserve(values.size());
  for (double v : values)
    if (!std::isnan(v)) sorted.push_back(v);
  ShadeRange range;
  if (sorted.empty()) return range;
  std::sort(sorted.begin(), sorted.end());
  range.min = range.low = sorted.front();
  range.max = range.high = sorted.back();
  if (sorted.size() >= 64) {
    const std::size_t last = sorted.size() - 1;
    range.low = sorted[last * 2 / 100];
    range.high = sorted[last * 98 / 100];
    if (range.high <= range.low) {
      range.low = range.min;
      range.high = range.max;
    }
  }
  return range;
}

bool is_tree_op(const trace::Operation& op) {
  return op.op != trace::Operator::copy && op.dst_buffer == op.a_buffer && op.a_buffer == op.b_buffer;
}

float TreeRow::shade(double value) const { return shade_between(value, shade_low, shade_high); }

int TreeRow::find(int64_t element) const {
  auto it = std::lower_bound(nodes.begin(), nodes.end(), element,
                             [](const TreeNode& n, int64_t e) { return n.element < e; });
  if (it == nodes.end() || it->element != element) return -1;
  return static_cast<int>(it - nodes.begin());
}

std::size_t TreeLayout::widest_row() const {
  std::size_t widest = 0;
  for (const TreeRow& r : rows) widest = std::max(widest, r.nodes.size());
  return widest;
}

std::vector<int> tree_buffers(const trace::Trace& trace) {
  std::vector<int> with_ops;
  std::vector<int> with_live;
  auto add = [](std::vector<int>& list, int id) {
    if (std::find(list.begin(), list.end(), id) == list.end()) list.push_back(id);
  };
  for (const trace::Step& step : trace.steps) {
    for (const trace::Operation& o : step.ops)
      if (is_tree_op(o) && trace.find_buffer(o.dst_buffer)) add(with_ops, o.dst_buffer);
    for (const trace::LiveRange& l : step.live)
      if (trace.find_buffer(l.buffer)) add(with_live, l.buffer);
  }
  for (int id : with_live) add(with_ops, id);
  return with_ops;
}

TreeLayout build_tree_layout(const trace::Trace& trace, int buffer, Arrangement arrangement) {
  TreeLayout layout;
  const trace::Buffer* declared = trace.find_buffer(buffer);
  layout.row_of_step.assign(trace.steps.size(), 0);
  layout.step_adds_row.assign(trace.steps.size(), false);
  if (!declared) return layout;
  layout.buffer = buffer;
  layout.buffer_name = declared->name;
  layout.element_count = std::max<int64_t>(declared->item_count(), 0);

  std::vector<double> values(static_cast<std::size_t>(layout.element_count), kNoValue);
  for (std::size_t s = 0; s < trace.steps.size(); ++s) {
    const bool snapshot = apply_snapshots(trace.steps[s], *declared, values);
    add_step(layout, static_cast<int>(s), view_of(trace.steps[s], buffer), snapshot, values);
    layout.row_of_step[s] = static_cast<int>(layout.rows.size()) - 1;
  }
  for (int& r : layout.row_of_step) r = std::max(r, 0);
  arrange(layout, arrangement);
  return layout;
}

void arrange(TreeLayout& layout, Arrangement arrangement) {
  layout.arrangement = arrangement;
  const std::size_t row_count = layout.rows.size();
  std::vector<std::vector<int>> order(row_count);
  if (arrangement == Arrangement::tree && row_count > 0) {
    std::vector<std::vector<bool>> seen(row_count);
    for (std::size_t r = 0; r < row_count; ++r) seen[r].assign(layout.rows[r].nodes.size(), false);
    // Depth-first from each root, a child before b child; a row's nodes are ranked in the order
    // the walk reaches them, which keeps every parent between its children.
    struct Visit {
      int row;
      int node;
    };
    std::vector<Visit> stack;
    const TreeRow& last = layout.rows.back();
    for (int root = static_cast<int>(last.nodes.size()) - 1; root >= 0; --root)
      stack.push_back({static_cast<int>(row_count) - 1, root});
    while (!stack.empty()) {
      Visit v = stack.back();
      stack.pop_back();
      if (v.node < 0 || seen[v.row][v.node]) continue;
      seen[v.row][v.node] = true;
      order[v.row].push_back(v.node);
      if (v.row == 0) continue;
      const TreeNode& n = layout.rows[v.row].nodes[v.node];
      stack.push_back({v.row - 1, n.b_child});
      stack.push_back({v.row - 1, n.a_child});
    }
    for (std::size_t r = 0; r < row_count; ++r)
      for (std::size_t i = 0; i < seen[r].size(); ++i)
        if (!seen[r][i]) order[r].push_back(static_cast<int>(i));
  } else {
    for (std::size_t r = 0; r < row_count; ++r)
      for (std::size_t i = 0; i < layout.rows[r].nodes.size(); ++i) order[r].push_back(static_cast<int>(i));
  }
  for (std::size_t r = 0; r < row_count; ++r) {
    TreeRow& row = layout.rows[r];
    row.by_rank = std::move(order[r]);
    for (std::size_t k = 0; k < row.by_rank.size(); ++k)
      row.nodes[static_cast<std::size_t>(row.by_rank[k])].rank = static_cast<int>(k);
  }
}

std::string describe_combines(const TreeLayout& layout, int row) {
  if (row < 0 || row >= static_cast<int>(layout.rows.size())) return {};
  std::vector<const TreeNode*> made;
  bool one_op = true;
  for (const TreeNode& n : layout.rows[static_cast<std::size_t>(row)].nodes) {
    if (!n.made) continue;
    one_op = one_op && (made.empty() || n.op == made.front()->op);
    made.push_back(&n);
  }
  if (made.empty()) return {};
  std::string text = std::to_string(made.size()) + (made.size() == 1 ? " pair" : " pairs") + " combined";
  const std::optional<Affine> a = fit(made, &TreeNode::a), b = fit(made, &TreeNode::b);
  if (!one_op || !a || !b) return text;
  const std::string& name = layout.buffer_name;
  const std::string dst = name + "[i]";
  const std::string a_item = name + "[" + index_text(a->k, a->c) + "]";
  const std::string b_item = name + "[" + index_text(b->k, b->c) + "]";
  const trace::Operator op = made.front()->op;
  return text + ": " + dst + " = " + op_text(op, a_item, b_item);
}

std::vector<int> thread_path(const TreeLayout& layout, int64_t thread) {
  std::vector<int> path(layout.rows.size(), -1);
  if (thread < 0) return path;
  for (std::size_t r = 0; r < layout.rows.size(); ++r) {
    const std::vector<TreeNode>& nodes = layout.rows[r].nodes;
    for (std::size_t k = 0; k < nodes.size(); ++k)
      if (nodes[k].made && nodes[k].thread == thread) {
        path[r] = static_cast<int>(k);
        break;
      }
  }
  return path;
}

int64_t next_thread_in_row(const TreeLayout& layout, int row, int64_t current, bool backwards) {
  if (row < 0 || row >= static_cast<int>(layout.rows.size())) return -1;
  std::vector<int64_t> threads;
  for (const TreeNode& node : layout.rows[static_cast<std::size_t>(row)].nodes)
    if (node.made && node.thread >= 0) threads.push_back(node.thread);
  std::sort(threads.begin(), threads.end());
  threads.erase(std::unique(threads.begin(), threads.end()), threads.end());
  if (threads.empty()) return -1;
  if (!backwards) {
    if (current < 0) return threads.front();
    const auto after = std::upper_bound(threads.begin(), threads.end(), current);
    return after == threads.end() ? -1 : *after;
  }
  if (current < 0) return threads.back();
  const auto at = std::lower_bound(threads.begin(), threads.end(), current);
  return at == threads.begin() ? -1 : *(at - 1);
}

}  // namespace gridlock::viewer
