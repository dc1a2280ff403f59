// Reading PTX's line information, and matching a model program's memory instructions against it.
#include "explore/ptx.hpp"

#include <map>
#include <set>
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

// The model's memory instructions that may come next after `from` (-1: the kernel's start), passing
// only instructions that touch no memory; kEnd stands for the kernel's end.
constexpr int kEnd = -2;
std::set<int> next_in_model(const Program& program, int from) {
  std::set<int> out, seen;
  std::vector<int> todo;
  const auto successors = [&](int i) {
    const Instruction& in = program.code[static_cast<size_t>(i)];
    if (in.op == Op::exit) return std::vector<int>{kEnd};
    if (in.op == Op::branch_if)
      return in.compare == Compare::always ? std::vector<int>{in.target} : std::vector<int>{in.target, i + 1};
    return std::vector<int>{i + 1};
  };
  for (int s : from < 0 ? std::vector<int>{0} : successors(from)) todo.push_back(s);
  while (!todo.empty()) {
    const int i = todo.back();
    todo.pop_back();
    if (i == kEnd || touches_memory(program.code[static_cast<size_t>(i)].op)) {
      out.insert(i);
      continue;
    }
    if (seen.insert(i).second)
      for (int s : successors(i)) todo.push_back(s);
  }
  return out;
}

// Each step the model program can take from one memory instruction to the next is a path of the
// PTX's control flow that passes no instruction standing for a model instruction of another line.
std::vector<std::string> compare_paths(const Program& program, const std::vector<PtxInstruction>& ptx) {
  std::vector<std::string> problems;
  const int size = static_cast<int>(program.code.size());
  std::map<int, std::vector<size_t>> stands_for;  // model instruction -> the PTX instructions
  for (int m = 0; m < size; ++m) {
    const Instruction& in = program.code[static_cast<size_t>(m)];
    if (!touches_memory(in.op)) continue;
    for (size_t i = 0; i < ptx.size(); ++i)
      if (at_line(ptx[i], in.file, in.line) && matches(program, in, ptx[i].text)) stands_for[m].push_back(i);
  }
  const auto text_of = [&](int m) {
    if (m < 0) return std::string(m == kEnd ? "the kernel's end" : "the kernel's start");
    const Instruction& in = program.code[static_cast<size_t>(m)];
    return "\"" + to_text(program, in) + "\" (line " + std::to_string(in.line) + ")";
  };
  for (int a = -1; a < size; ++a) {
    if (a >= 0 && !touches_memory(program.code[static_cast<size_t>(a)].op)) continue;
    for (int b : next_in_model(program, a)) {
      // Which PTX instructions may not be passed on the way: those of model instructions on
      // other lines than a's and b's.
      std::vector<bool> blocked(ptx.size(), false);
      for (const auto& [m, at] : stands_for) {
        const int line = program.code[static_cast<size_t>(m)].line;
        if ((a >= 0 && line == program.code[static_cast<size_t>(a)].line) ||
            (b >= 0 && line == program.code[static_cast<size_t>(b)].line))
          continue;
        for (size_t i : at) blocked[i] = true;
      }
      std::vector<bool> goal(ptx.size(), false);
      if (b >= 0)
        for (size_t i : stands_for[b]) goal[i] = true;
      // From a's PTX instructions (or the entry), a search over the control flow.
      std::vector<size_t> todo;
      std::vector<bool> seen(ptx.size(), false);
      if (a < 0) {
        if (!ptx.empty()) todo.push_back(0);
      } else {
        for (size_t i : stands_for[a])
          for (size_t n : ptx[i].next) todo.push_back(n);
      }
      bool reached = false;
      while (!todo.empty() && !reached) {
        const size_t i = todo.back();
        todo.pop_back();
        if (seen[i]) continue;
        seen[i] = true;
        if (b >= 0 ? goal[i] : ptx[i].next.empty()) {
          reached = true;
          break;
        }
        if (blocked[i]) continue;
        for (size_t n : ptx[i].next) todo.push_back(n);
      }
      if (!reached)
        problems.push_back(program.name + ": after " + text_of(a) + " the model can go on to " + text_of(b) +
                           ", but no path of the PTX does without passing another of its instructions");
    }
  }
  return problems;
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
  std::map<Loc, Loc> parent;             // a location inlined at another
  std::map<std::string, size_t> labels;  // a label: the instruction after it
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
    if (depth == 0 || line.empty() || starts_with(line, "//") || starts_with(line, ".reg")) continue;
    if (line.back() == ':') {
      labels[line.substr(0, line.size() - 1)] = out.size();
      continue;
    }
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
    p.predicated = line[0] == '@';
    p.text = p.predicated ? trim(line.substr(line.find_first_of(" \t"))) : line;
    for (Loc at = current; std::get<1>(at) > 0;) {
      p.lines.emplace_back(files[std::get<0>(at)], std::get<1>(at));
      const auto up = parent.find(at);
      if (up == parent.end() || p.lines.size() > 64) break;
      at = up->second;
    }
    out.push_back(std::move(p));
  }
  if (!found) throw std::runtime_error("the PTX holds no .entry");
  // Where control goes after each instruction.
  for (size_t i = 0; i < out.size(); ++i) {
    PtxInstruction& p = out[i];
    const bool ends =
        starts_with(p.text, "ret") || starts_with(p.text, "exit") || starts_with(p.text, "trap");
    if (starts_with(p.text, "bra")) {
      std::string target = trim(p.text.substr(p.text.find_first_of(" \t")));
      if (!target.empty() && target.back() == ';') target.pop_back();
      const auto label = labels.find(trim(target));
      if (label == labels.end())
        throw std::runtime_error("a branch to " + target + ", a label the PTX does not hold");
      p.next.push_back(label->second);
      if (p.predicated && i + 1 < out.size()) p.next.push_back(i + 1);
    } else if (!(ends && !p.predicated) && i + 1 < out.size()) {
      p.next.push_back(i + 1);
    }
  }
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
  if (problems.empty()) problems = compare_paths(program, ptx);
  return problems;
}

}  // namespace gridlock::explore
