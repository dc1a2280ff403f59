// gridlock-explore: every outcome a lesson's kernel can reach in the model, with a shortest run to
// each, the number of states and whether the search was complete.
//   gridlock-explore KERNEL [--blocks N] [--sms M] [--lanes L] [--lockstep [--fall-through-first]]
//   [--no-fills]
//                    [--no-late-writes] [--in-order-atomics] [--depth D] [--max-states S] [--witness]
//   gridlock-explore --rules       the model's rules, one a line
//   gridlock-explore --challenges  the viewer's Explore challenges, one a line: N, lesson, title
//   gridlock-explore --solve N   a shortest key script that solves the viewer's challenge N
//   exit 0: done and complete; 1: stopped at a bound (or no script); 2: a usage error
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "explore/challenges.hpp"
#include "explore/model_run.hpp"

namespace ex = gridlock::explore;

namespace {

void usage(std::FILE* to, const char* program) {
  std::string kernels;
  for (const std::string& k : ex::model_kernel_names()) kernels += (kernels.empty() ? "" : ", ") + k;
  std::fprintf(
      to,
      "usage: %s KERNEL [--blocks N] [--sms M] [--lanes L] [--lockstep [--fall-through-first]] [--no-fills]\n"
      "       [--no-late-writes]"
      " [--in-order-atomics] [--depth D] [--max-states S] [--witness]\n"
      "  KERNEL              %s\n"
      "  --blocks N          N blocks (1 to 8, default 2)\n"
      "  --sms M             on M SMs, block b on SM b %% M (default: an SM a block)\n"
      "  --lanes L           L threads a block, for the kernels that take more than one\n"
      "  --lockstep          the lanes of a warp share one pc (before Volta); default: independent\n"
      "  --fall-through-first  in lockstep, a split warp runs the path that falls through first\n"
      "  --no-fills          lines are filled by loads only, never ahead of them\n"
      "  --no-late-writes    a store reaches memory at once\n"
      "  --in-order-atomics  an SM's pending writes land before its next atomic\n"
      "  --depth D           moves from the start the search may go (default %d)\n"
      "  --max-states S      distinct states it may keep (default %lld)\n"
      "  --witness           print a shortest run to each outcome\n"
      "       %s --rules: the model's rules; --challenges: the viewer's challenges; --solve N: a key\n"
      "       script that solves challenge N\n"
      "exit 0: complete; 1: stopped at a bound; 2: a usage error\n",
      program, kernels.c_str(), ex::Bounds{}.depth, static_cast<long long>(ex::Bounds{}.states), program);
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  for (const std::string& w : words)
    if (w == "--help" || w == "-h") {
      usage(stdout, argv[0]);
      return 0;
    }
  if (words.size() == 1 && words[0] == "--rules") {
    for (size_t i = 0; i < ex::model_rules().size(); ++i)
      std::printf("%s%s\n", i + 1 < ex::model_rules().size() ? (std::to_string(i + 1) + ". ").c_str() : "",
                  ex::model_rules()[i].c_str());
    return 0;
  }
  if (words.size() == 1 && words[0] == "--challenges") {
    for (size_t i = 0; i < ex::challenges().size(); ++i)
      std::printf("%zu\t%s\t%s\n", i + 1, ex::challenges()[i].lesson.c_str(),
                  ex::challenges()[i].title.c_str());
    return 0;
  }
  if (words.size() == 2 && words[0] == "--solve") {
    const size_t n = std::strtoul(words[1].c_str(), nullptr, 10);
    if (n < 1 || n > ex::challenges().size()) {
      std::fprintf(stderr, "%s: --solve takes a challenge from 1 to %zu\n", argv[0], ex::challenges().size());
      return 2;
    }
    const ex::Challenge& c = ex::challenges()[n - 1];
    const std::string keys = ex::solution_keys(c, c.run);
    if (keys.empty()) {
      std::fprintf(stderr, "%s: no run of the model reaches \"%s\" by keys\n", argv[0], c.title.c_str());
      return 1;
    }
    std::printf("%s\n", keys.c_str());
    return 0;
  }
  ex::ModelRun run;
  try {
    run = ex::parse_model_run(words);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
    usage(stderr, argv[0]);
    return 2;
  }
  const ex::ModelKernel k = ex::model_kernel(run.kernel, run.blocks, run.lanes);
  const ex::Explorer explorer = ex::explore_to_end(run);
  const std::string rules = run.rules();
  std::printf("%s (%s): %s%s\n", k.name.c_str(), k.summary.c_str(), run.where().c_str(),
              rules.empty() ? "" : (", " + rules).c_str());
  std::printf(
      "states: %lld, deepest run: %d moves, %s\n", static_cast<long long>(explorer.states()),
      explorer.depth(),
      explorer.complete() ? "complete (every reachable state visited)" : explorer.why_stopped().c_str());
  for (const ex::Outcome& o : explorer.outcomes()) {
    std::printf("outcome: %s (%s; %s %zu moves)\n", o.label.c_str(), ex::ends_in_words(o).c_str(),
                o.label == ex::kNeverEnds ? "the shortest run into its spin:" : "shortest run",
                o.witness.size());
    if (run.witness)
      for (const std::string& move : o.witness) std::printf("  %s\n", move.c_str());
    if (o.label == ex::kNeverEnds) std::printf("  from there: %s\n", explorer.where_it_hangs().c_str());
  }
  return explorer.complete() ? 0 : 1;
}
