// Deriving reduction trees from trace steps.
#include "model/tree_layout.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace gridlock::viewer {

namespace {

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

struct StepView {
  const trace::Snapshot* snapshot = nullptr;
  const trace::LiveRange* live = nullptr;
  std::vector<const trace::Combine*> combines;
};

StepView view_of(const trace::Step& step, int buffer, int64_t element_count) {
  StepView v;
  for (const trace::Snapshot& s : step.snapshots)
    if (s.buffer == buffer && static_cast<int64_t>(s.values.size()) == element_count) v.snapshot = &s;
  for (const trace::LiveRange& l : step.live)
    if (l.buffer == buffer) v.live = &l;
  for (const trace::Combine& c : step.combines)
    if (c.buffer == buffer) v.combines.push_back(&c);
  return v;
}

bool in_range(int64_t element, int64_t count) { return element >= 0 && element < count; }

std::vector<int64_t> live_elements(const trace::LiveRange& live, int64_t element_count) {
  std::vector<int64_t> out;
  if (live.count <= 0 || live.stride == 0) return out;
  out.reserve(static_cast<std::size_t>(std::min(live.count, element_count)));
  for (int64_t i = 0; i < live.count; ++i) {
    int64_t e = live.begin + i * live.stride;
    if (in_range(e, element_count)) out.push_back(e);
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

struct Fold {
  int64_t src;
  int64_t thread;
};

// dst element -> what was folded into it, over all combines of the step.
std::unordered_map<int64_t, Fold> folds_of(const StepView& v, int64_t element_count) {
  std::unordered_map<int64_t, Fold> folds;
  for (const trace::Combine* c : v.combines) {
    std::size_t n = std::min(c->dst.size(), c->src.size());
    for (std::size_t k = 0; k < n; ++k) {
      if (!in_range(c->dst[k], element_count) || !in_range(c->src[k], element_count)) continue;
      int64_t thread = k < c->thread.size() ? c->thread[k] : -1;
      folds[c->dst[k]] = Fold{c->src[k], thread};
    }
  }
  return folds;
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
                 const TreeRow* above, const std::unordered_map<int64_t, Fold>& folds) {
  TreeRow row;
  row.step = step;
  row.nodes.reserve(live.size());
  for (int64_t e : live) {
    TreeNode node;
    node.element = e;
    node.value = values[static_cast<std::size_t>(e)];
    if (above) node.dst_child = above->find(e);
    auto fold = folds.find(e);
    if (fold != folds.end()) {
      node.src = fold->second.src;
      node.thread = fold->second.thread;
      if (above) node.src_child = above->find(node.src);
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
  std::vector<int> with_combines;
  std::vector<int> with_live;
  auto add = [](std::vector<int>& list, int id) {
    if (std::find(list.begin(), list.end(), id) == list.end()) list.push_back(id);
  };
  for (const trace::Step& step : trace.steps) {
    for (const trace::Combine& c : step.combines)
      if (trace.find_buffer(c.buffer)) add(with_combines, c.buffer);
    for (const trace::LiveRange& l : step.live)
      if (trace.find_buffer(l.buffer)) add(with_live, l.buffer);
  }
  for (int id : with_live) add(with_combines, id);
  return with_combines;
}

TreeLayout build_tree_layout(const trace::Trace& trace, int buffer, Arrangement arrangement) {
  TreeLayout layout;
  const trace::Buffer* declared = trace.find_buffer(buffer);
  layout.row_of_step.assign(trace.steps.size(), 0);
  layout.step_adds_row.assign(trace.steps.size(), false);
  if (!declared) return layout;
  layout.buffer = buffer;
  layout.buffer_name = declared->name;
  const int64_t count = std::max<int64_t>(declared->element_count(), 0);
  layout.element_count = count;

  std::vector<double> values(static_cast<std::size_t>(count), kNoValue);
  const std::unordered_map<int64_t, Fold> no_folds;
  for (std::size_t s = 0; s < trace.steps.size(); ++s) {
    const int step = static_cast<int>(s);
    StepView v = view_of(trace.steps[s], buffer, count);
    if (v.snapshot) values = v.snapshot->values;

    if (layout.rows.empty()) {
      if (v.combines.empty()) {
        if (!v.snapshot && !v.live) continue;  // nothing about this buffer yet
        std::vector<int64_t> leaves = v.live ? live_elements(*v.live, count) : all_elements(count);
        layout.rows.push_back(make_row(step, leaves, values, nullptr, no_folds));
        layout.step_adds_row[s] = true;
        continue;
      }
      // The first record of the buffer already combines: its leaves are the elements the
      // combines read, with no recorded values.
      std::vector<int64_t> leaves;
      for (const auto& [dst, fold] : folds_of(v, count)) {
        leaves.push_back(dst);
        leaves.push_back(fold.src);
      }
      std::sort(leaves.begin(), leaves.end());
      leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
      std::vector<double> unknown(static_cast<std::size_t>(count), kNoValue);
      layout.rows.push_back(make_row(step, leaves, unknown, nullptr, no_folds));
    }

    const TreeRow& above = layout.rows.back();
    if (!v.combines.empty()) {
      std::unordered_map<int64_t, Fold> folds = folds_of(v, count);
      std::vector<int64_t> live;
      if (v.live) {
        live = live_elements(*v.live, count);
      } else {
        for (const TreeNode& n : above.nodes) live.push_back(n.element);
        for (const auto& [dst, fold] : folds) {
          (void)dst;
          live.erase(std::remove(live.begin(), live.end(), fold.src), live.end());
        }
      }
      TreeRow row = make_row(step, live, values, &above, folds);
      layout.rows.push_back(std::move(row));
      layout.step_adds_row[s] = true;
    } else if (v.snapshot || v.live) {
      std::vector<int64_t> live = v.live ? live_elements(*v.live, count) : live_of(above);
      if (!same_live_values(above, live, values)) {
        TreeRow row = make_row(step, live, values, &above, no_folds);
        layout.rows.push_back(std::move(row));
        layout.step_adds_row[s] = true;
      }
    }
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
    // Depth-first from each root, dst child before src child; a row's nodes are ranked in the
    // order the walk reaches them, which keeps every parent between its children.
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
      stack.push_back({v.row - 1, n.src_child});
      stack.push_back({v.row - 1, n.dst_child});
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

}  // namespace gridlock::viewer
