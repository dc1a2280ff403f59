// The model's programs against the compiler's PTX (tests/explore/ptx_test.sh drives it):
//   explore_ptx_check --list              the model kernels, one a line
//   explore_ptx_check --unit KERNEL       a translation unit instantiating the kernel's plain form
//   explore_ptx_check --edits KERNEL      the source lines to change first: FILE<TAB>LINE<TAB>FROM<TAB>TO
//   explore_ptx_check KERNEL PTX_FILE     exit 0 when the program is the PTX's, 1 with the problems
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "explore/ptx.hpp"

namespace ex = gridlock::explore;

int main(int argc, char** argv) {
  try {
    const std::string first = argc > 1 ? argv[1] : "";
    if (argc == 2 && first == "--list") {
      for (const std::string& name : ex::model_kernel_names()) std::printf("%s\n", name.c_str());
      return 0;
    }
    if (argc == 3 && first == "--unit") {
      std::printf("%s", ex::ptx_unit(ex::model_kernel(argv[2], 2)).c_str());
      return 0;
    }
    if (argc == 3 && first == "--edits") {
      for (const ex::SourceEdit& e : ex::model_kernel(argv[2], 2).edits)
        std::printf("%s\t%d\t%s\t%s\n", e.file.c_str(), e.line, e.from.c_str(), e.to.c_str());
      return 0;
    }
    if (argc != 3) {
      std::fprintf(stderr, "usage: %s --list | --unit KERNEL | --edits KERNEL | KERNEL PTX_FILE\n", argv[0]);
      return 2;
    }
    std::ifstream in(argv[2]);
    if (!in) throw std::runtime_error(std::string("cannot read ") + argv[2]);
    std::stringstream text;
    text << in.rdbuf();
    // The program at every number of lanes the model runs it with.
    const ex::ModelKernel kernel = ex::model_kernel(first, 2);
    std::vector<std::string> problems;
    for (int lanes : kernel.lane_choices)
      for (const std::string& p :
           ex::compare_with_ptx(ex::model_kernel(first, 2, lanes).program, ex::read_ptx(text.str())))
        problems.push_back(p + " (" + std::to_string(lanes) + (lanes == 1 ? " lane)" : " lanes)"));
    for (const std::string& p : problems) std::printf("%s\n", p.c_str());
    if (!problems.empty()) return 1;
    int memory = 0;
    for (const ex::Instruction& i : kernel.program.code)
      memory +=
          i.op != ex::Op::set && i.op != ex::Op::add && i.op != ex::Op::branch_if && i.op != ex::Op::exit;
    std::printf(
        "%s: %d memory instructions (loads, stores, atomics, fences, barriers) at %d lanes, at each of %zu "
        "lane counts each the PTX's, in order on each path\n",
        first.c_str(), memory, kernel.lanes, kernel.lane_choices.size());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
    return 2;
  }
}
