// Reading PTX's line information, and matching a model program's memory instructions against it.
#include "explore/ptx.hpp"

#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace gridlock::explore {
namespace {

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }
bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

using Loc = std::tuple<int, int, int>;  // file, line, column

// ".loc 2 29 32, function_name $L__info_string1, inlined_at 2 32 5": the location and, when
// inlined, the location it was inlined at.
bool read_loc(const std::string& line, Loc* at, Loc* inlined_at, bool* inlined) {
  std::istringstream in(line.substr(4));
  int f = 0, l = 0, c = 0;
  if (!(in >> f >> l >> c)) return false;
  *at = {f, l, c};
  const size_t i = line.find("inlined_at");
  *inlined = i != std::string::npos;
  if (*inlined) {
    std::istringstream rest(line.substr(i + 10));
    int f2 = 0, l2 = 0, c2 = 0;
    rest >> f2 >> l2 >> c2;
    *inlined_at = {f2, l2, c2};
  }
  return true;
}

// Whether `ptx` is an instruction of the model instruction's kind, in the same space (global or
// shared), with the same memory order.
bool matches(const Program& program, const Instruction& in, const std::string& ptx) {
  const bool acquire = has(ptx, ".acquire") || has(ptx, ".acq_rel");
  const bool release = has(ptx, ".release") || has(ptx, ".acq_rel");
  const char* space =
      in.word >= 0 && program.words[static_cast<size_t>(in.word)].shared ? ".shared" : ".global";
  const bool ordered_as_model = in.order == Order::acquire   ? acquire
                                : in.order == Order::release ? release
                                                             : !acquire && !release;
  switch (in.op) {
    case Op::load:
      return starts_with(ptx, "ld.") && has(ptx, space) && ordered_as_model;
    case Op::store:
      return starts_with(ptx, "st.") && has(ptx, space) && ordered_as_model;
    case Op::atomic_add:
      return (starts_with(ptx, "atom.") || starts_with(ptx, "red.")) && has(ptx, ".add") && ordered_as_model;
    case Op::atomic_cas:
      return starts_with(ptx, "atom.") && has(ptx, ".cas") && ordered_as_model;
    case Op::atomic_exch:  // a release exchange of 0 may be compiled as a release store
      return ((starts_with(ptx, "atom.") && has(ptx, ".exch")) ||
              (in.order == Order::release && starts_with(ptx, "st."))) &&
             ordered_as_model;
    case Op::fence:
      return starts_with(ptx, "membar.gl") || starts_with(ptx, "fence.sc.gpu") ||
             starts_with(ptx, "fence.acq_rel.gpu");
    case Op::barrier:
      return in.scope == Scope::warp ? starts_with(ptx, "bar.warp.sync")
                                     : starts_with(ptx, "bar.sync") || starts_with(ptx, "barrier.sync");
    default:
      return false;
  }
}

bool touches_memory(Op op) {
  return op == Op::load || op == Op::store || op == Op::atomic_add || op == Op::atomic_cas ||
         op == Op::atomic_exch || op == Op::fence || op == Op::barrier;
}

bool at_line(const PtxInstruction& p, const std::string& file, int line) {
  for (const auto& [path, number] : p.lines)
    if (number == line && (path == file || (path.size() > file.size() &&
                                            path.compare(path.size() - file.size(), file.size(), file) == 0 &&
                                            path[path.size() - file.size() - 1] == '/')))
      return true;
  return false;
}

}  // namespace

std::vector<PtxInstruction> read_ptx(const std::string& ptx) {
  std::istringstream in(ptx);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(trim(line));
  std::map<int, std::string> files;
  for (const std::string& line : lines)
    if (starts_with(line, ".file")) {
      std::istringstream f(line.substr(5));
      int number = 0;
      f >> number;
      const size_t a = line.find('"'), b = line.rfind('"');
      if (a != std::string::npos && b > a) files[number] = line.substr(a + 1, b - a - 1);
    }
  std::vector<PtxInstruction> out;
  std::map<Loc, Loc> parent;  // a location inlined at another
  Loc current{0, 0, 0};
  bool in_entry = false, found = false;
  int depth = 0;
  for (const std::string& line : lines) {
    if (!found && has(line, ".entry")) {
      in_entry = found = true;
      continue;
    }
    if (!in_entry) continue;
    if (line == "{") {
      ++depth;
      continue;
    }
    if (line == "}") {
      if (--depth == 0) break;
      continue;
    }
    if (depth == 0 || line.empty() || starts_with(line, "//") || starts_with(line, ".reg") ||
        line.back() == ':')
      continue;
    if (starts_with(line, ".loc")) {
      Loc at, up;
      bool inlined = false;
      if (read_loc(line, &at, &up, &inlined)) {
        current = at;
        if (inlined) parent[at] = up;
      }
      continue;
    }
    if (line[0] == '.') continue;
    PtxInstruction p;
    p.text = line[0] == '@' ? trim(line.substr(line.find_first_of(" \t"))) : line;
    for (Loc at = current; std::get<1>(at) > 0;) {
      p.lines.emplace_back(files[std::get<0>(at)], std::get<1>(at));
      const auto up = parent.find(at);
      if (up == parent.end() || p.lines.size() > 64) break;
      at = up->second;
    }
    out.push_back(std::move(p));
  }
  if (!found) throw std::runtime_error("the PTX holds no .entry");
  return out;
}

std::string ptx_unit(const ModelKernel& kernel) {
  return "// The plain form of " + kernel.instance + ", for the model's PTX test.\n#include \"" +
         kernel.header + "\"\nvoid* gridlock_model_kernel() { return reinterpret_cast<void*>(&" +
         kernel.instance + "); }\n";
}

std::vector<std::string> compare_with_ptx(const Program& program, const std::vector<PtxInstruction>& ptx) {
  std::vector<std::string> problems;
  // A program that jumps back (a loop) may find its next instruction before the one it matched
  // last: the compiler may rotate a loop, putting its closing part first. Once, from the top.
  bool loops = false;
  for (size_t i = 0; i < program.code.size(); ++i)
    loops |= program.code[i].op == Op::branch_if && program.code[i].target <= static_cast<int>(i);
  bool wrapped = false;
  size_t from = 0;
  const auto found_from = [&](const Instruction& in, size_t start, size_t end) {
    size_t i = start;
    while (i < end && !(at_line(ptx[i], in.file, in.line) && matches(program, in, ptx[i].text))) ++i;
    return i;
  };
  for (const Instruction& in : program.code) {
    if (!touches_memory(in.op)) continue;
    size_t i = found_from(in, from, ptx.size());
    if (i == ptx.size() && loops && !wrapped) {
      i = found_from(in, 0, from);
      wrapped = i < from;
      if (!wrapped) i = ptx.size();
    }
    if (i == ptx.size()) {
      problems.push_back(program.name + ": no PTX instruction for \"" + to_text(program, in) + "\" at " +
                         in.file + ":" + std::to_string(in.line) + " after the one before it");
      continue;
    }
    from = i + 1;
  }
  return problems;
}

}  // namespace gridlock::explore
