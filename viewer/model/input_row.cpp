// Finding a tree's input and, where the trace allows, which of its elements each leaf folded.
#include "model/input_row.hpp"

#include <algorithm>
#include <cmath>

namespace gridlock::viewer {

namespace {

enum class Op { sum, min, max };

// Whether `leaf` equals the fold under `op` of input elements i, i + stride, ... as the kernel
// would compute it: integer sums wrap at 32 bits, float sums may differ by rounding.
bool fold_matches(const std::vector<double>& input, int64_t i, int64_t stride, double leaf, Op op,
                  trace::ElementType type) {
  const int64_t n = static_cast<int64_t>(input.size());
  if (std::isnan(leaf)) return false;
  if (op == Op::sum && type != trace::ElementType::f32) {
    uint32_t sum = 0;
    for (int64_t k = i; k < n; k += stride)
      sum += static_cast<uint32_t>(static_cast<int64_t>(input[static_cast<std::size_t>(k)]));
    return sum == static_cast<uint32_t>(static_cast<int64_t>(leaf));
  }
  double acc = input[static_cast<std::size_t>(i)];
  double magnitude = std::fabs(acc);
  for (int64_t k = i + stride; k < n; k += stride) {
    const double v = input[static_cast<std::size_t>(k)];
    acc = op == Op::sum ? acc + v : op == Op::min ? std::min(acc, v) : std::max(acc, v);
    magnitude += std::fabs(v);
  }
  if (op != Op::sum) return acc == leaf;
  return std::fabs(acc - leaf) <= 1e-4 * magnitude + 1e-6;
}

double parameter(const trace::Trace& trace, const char* name, double otherwise) {
  auto it = trace.parameters.find(name);
  return it == trace.parameters.end() ? otherwise : it->second;
}

// The block stride the leaves were loaded with, or 0 (see the header for the conditions).
int64_t derive_fold_stride(const trace::Trace& trace, const TreeRow& leaves, const InputRow& input,
                           trace::ElementType type) {
  const int64_t count = static_cast<int64_t>(leaves.nodes.size());
  if (count == 0 || parameter(trace, "block", 0) != static_cast<double>(count)) return 0;
  if (parameter(trace, "grid", 1) > 1) return 0;
  for (int64_t i = 0; i < count; ++i)
    if (leaves.nodes[static_cast<std::size_t>(i)].element != i) return 0;
  for (Op op : {Op::sum, Op::min, Op::max}) {
    bool all = true;
    for (int64_t i = 0; i < count && all; ++i)
      all = fold_matches(input.values, i, count, leaves.nodes[static_cast<std::size_t>(i)].value, op, type);
    if (all) return count;
  }
  return 0;
}

}  // namespace

std::vector<int64_t> InputRow::folded_by(int64_t leaf) const {
  std::vector<int64_t> out;
  if (fold_stride <= 0 || leaf < 0 || leaf >= fold_stride) return out;
  for (int64_t k = leaf; k < size(); k += fold_stride) out.push_back(k);
  return out;
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
  if (fold_stride <= 0 || element < 0 || element >= size()) return -1;
  return element % fold_stride;
}

InputRow find_input_row(const trace::Trace& trace, const TreeLayout& layout) {
  InputRow input;
  if (layout.empty()) return input;
  const TreeRow& leaves = layout.rows.front();
  const trace::Step& first = trace.steps[static_cast<std::size_t>(leaves.step)];
  for (const trace::Snapshot& s : first.snapshots) {
    const trace::Buffer* b = trace.find_buffer(s.buffer);
    if (!b || b->id == layout.buffer || b->space != trace::MemorySpace::global) continue;
    if (b->element_count() <= static_cast<int64_t>(leaves.nodes.size())) continue;
    if (static_cast<int64_t>(s.values.size()) != b->element_count()) continue;
    input.buffer = b->id;
    input.name = b->name;
    input.step = leaves.step;
    input.values = s.values;
    input.range = shade_range(s.values);
    input.fold_stride = derive_fold_stride(trace, leaves, input, b->type);
    break;
  }
  return input;
}

}  // namespace gridlock::viewer
