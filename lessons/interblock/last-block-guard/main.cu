// last-block-guard (G1): every block sums its chunk and takes a ticket; the block with the last
// ticket merges the partials, in one launch. Runs both documented forms and the corrected one
// many times (which block merged, as a histogram), puts a stale read of the partials to the test
// in a litmus sweep over grid sizes, breaks each documented assumption in turn, and records one
// run of the chosen variant block by block.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "common/block_size.hpp"
#include "common/device_buffer.hpp"
#include "common/lesson.hpp"
#include "common/random_input.hpp"
#include "common/record/event_recorder.cuh"
#include "common/record/tree_recorder.cuh"
#include "interblock/common/residency.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"

namespace g1 {

// G1's documented claims, declared once (TECHNIQUES.md, row G1), and what the corrected guard must
// give.

inline constexpr gridlock::ClaimSpec kOneLaunch{
    "G1.one-launch",
    "With the last-block guard, one kernel launch computes the partials and merges them: the result is "
    "right (both documented forms)."};
inline constexpr gridlock::ClaimSpec kSeesAll{
    "G1.last-sees-all",
    "With such a guard (a __threadfence() before the ticket, nothing after it), the last block is "
    "guaranteed to see all the results produced by all other blocks."};
inline constexpr gridlock::ClaimSpec kAcquire{
    "G1.acquire-sees-all",
    "With the acquire half added (the last block fences again once it knows it is last), the last block "
    "sees every other block's partial (today's CUDA memory model)."};
inline constexpr gridlock::ClaimSpec kCounterZeroed{"G1.assume-counter-zeroed",
                                                    "The counter must be 0 before the kernel is launched."};
inline constexpr gridlock::ClaimSpec kEveryThread{"G1.assume-every-thread",
                                                  "The guard must be called by every thread of a block."};
inline constexpr gridlock::ClaimSpec kEveryBlock{"G1.assume-every-block",
                                                 "The guard must be called by every block of the grid."};
inline constexpr gridlock::ClaimSpec kOneDimensional{
    "G1.assume-1d-grid", "The kernel must be launched with a one-dimensional grid."};

// G1's launches: each variant of the guard kernel (plain or recorded), many runs of it queued back
// to back, and the litmus runs.

// The variants: the two documented forms, the corrected one, the documented form with one of
// its assumptions broken (the counter left as an earlier launch left it, threads or blocks that
// leave before the guard), and the search for a stale read in the litmus test, with the
// documented guard and with the acquire form.
inline const std::vector<std::string> kVariants = {
    "documented",         "shared-ticket",      "acquire",    "counter-not-zeroed",
    "idle-threads-leave", "empty-blocks-leave", "stale-read", "stale-read-acquire"};

// The input size a variant runs with: the lesson's n, except where the broken assumption needs a
// shape: half a block of elements per block (half of every block's threads sum nothing), or
// 1.5 elements per block (the last quarter of the blocks gets none).
inline int input_size(const std::string& variant, int n, int grid, int block) {
  if (variant == "idle-threads-leave") return grid * block / 2;
  if (variant == "empty-blocks-leave") return grid + grid / 2;
  return n;
}

// The CPU's sum of v[first, first + count), wrapping modulo 2^32 as the GPU's int addition does.
inline int cpu_sum(const std::vector<int>& v, size_t first, size_t count) {
  unsigned acc = 0;
  for (size_t i = first; i < first + count && i < v.size(); ++i) acc += unsigned(v[i]);
  return int(acc);
}

// Where a launch writes: the result and who produced it, the partials, and the recorders.
template <bool Record>
struct Buffers {
  unsigned* tickets;
  int* partials;
  Merged* out;
  gridlock::EventRecorder<Record> rec;
  gridlock::TreeRecorder<Record, int> merge_rec;
  int* seen;
};

// Launches `variant` on `grid` (a 2-D grid when grid.y > 1: the 1-D assumption broken).
template <bool Record>
void launch(const std::string& variant, dim3 grid, int block, const int* in, int n,
            const Buffers<Record>& b) {
  gridlock::with_block_size(block, [&](auto B) {
    constexpr int kB = B.value;
    auto go = [&](auto kernel) {
      kernel<<<grid, kB>>>(in, n, b.tickets, b.partials, b.out, b.rec, b.merge_rec, b.seen);
    };
    if (variant == "shared-ticket")
      go(partial_then_merge<Guard::shared_ticket, kB, Record>);
    else if (variant == "acquire")
      go(partial_then_merge<Guard::acquire, kB, Record>);
    else if (variant == "idle-threads-leave")
      go(partial_then_merge<Guard::syncthreads_or, kB, Record, Mistake::idle_threads_leave>);
    else if (variant == "empty-blocks-leave")
      go(partial_then_merge<Guard::syncthreads_or, kB, Record, Mistake::empty_blocks_leave>);
    else
      go(partial_then_merge<Guard::syncthreads_or, kB, Record>);
  });
}

// What a result holds when no block merged: DeviceBuffer::poison()'s bytes.
constexpr int kPoison = int(0xA5A5A5A5u);

// `runs` plain launches of `variant` on one input, queued back to back, each with its own counter
// (zeroed before the first launch unless `counter_start` says otherwise) and its own result word.
inline std::vector<Merged> merges_of_runs(const std::string& variant, dim3 grid, int block,
                                          const gridlock::DeviceBuffer<int>& in, int n, int runs,
                                          unsigned counter_start = 0) {
  gridlock::DeviceBuffer<unsigned> tickets(std::vector<unsigned>(size_t(runs), counter_start));
  gridlock::DeviceBuffer<int> partials(size_t(grid.x) * grid.y);
  gridlock::DeviceBuffer<Merged> out(static_cast<size_t>(runs));
  out.poison();
  for (int r = 0; r < runs; ++r) {
    // A partial that a run has not stored yet holds the poison, not the previous run's value.
    CUDA_CHECK(cudaMemsetAsync(partials.get(), 0xA5, partials.size() * sizeof(int)));
    launch<false>(variant, grid, block, in.get(), n,
                  {tickets.get() + r, partials.get(), out.get() + r, {}, {}, nullptr});
  }
  CUDA_CHECK_LAUNCH();
  return out.download();
}

// The litmus runs of one configuration: `runs` launches queued back to back, each with its own
// counter and outcome, on one partials buffer that holds no stamp at the start.
template <Guard Form>
std::vector<LitmusOutcome> litmus_runs(int grid, bool peek, int runs) {
  constexpr int kBlock = 256;
  gridlock::DeviceBuffer<unsigned> tickets(std::vector<unsigned>(size_t(runs), 0u));
  gridlock::DeviceBuffer<int> partials(static_cast<size_t>(grid)), sink(1);
  gridlock::DeviceBuffer<LitmusOutcome> outcome(static_cast<size_t>(runs));
  partials.fill_bytes(0xFF);  // -1: no run's stamp
  outcome.fill_bytes(0xFF);
  for (int r = 0; r < runs; ++r)
    stale_read_litmus<Form, kBlock>
        <<<grid, kBlock>>>(r % 32000, peek, tickets.get() + r, partials.get(), outcome.get() + r, sink.get());
  CUDA_CHECK_LAUNCH();
  return outcome.download();
}

// A bounded search for a stale read: witnessed litmus runs of `Form` with peeks on `grid` blocks,
// queued in batches, until one run's last block reads a stale partial or `bound` runs are made
// (bound < 32000, so no run's stamps repeat an earlier run's). `runs` counts the runs made up to
// and including the one that showed it.
struct StaleReadSearch {
  int grid = 0, bound = 0, runs = 0;
  bool found = false;
  int stamp_run = 0;  // the found run's number in litmus_stamp
  LitmusOutcome outcome{};
  std::vector<double> stale_per_run;          // per run made: the stale partials its last block read
  std::vector<unsigned long long> stored_ns;  // per block: its stamp stored and its ticket taken
  unsigned long long read_ns = 0;             // the last block had read every partial
  std::vector<int> seen;                      // every partial as the last block read it
};

template <Guard Form>
StaleReadSearch search_stale_read(int grid, int batch, int bound) {
  constexpr int kBlock = 256;
  StaleReadSearch s;
  s.grid = grid;
  s.bound = bound;
  const size_t per_run = size_t(grid) + 1;
  gridlock::DeviceBuffer<int> partials(static_cast<size_t>(grid)), sink(1);
  gridlock::DeviceBuffer<unsigned> tickets(static_cast<size_t>(batch));
  gridlock::DeviceBuffer<LitmusOutcome> outcome(static_cast<size_t>(batch));
  gridlock::DeviceBuffer<unsigned long long> times(static_cast<size_t>(batch) * per_run);
  gridlock::DeviceBuffer<int> seen(static_cast<size_t>(batch) * per_run);
  partials.fill_bytes(0xFF);  // -1: no run's stamp
  while (s.runs < bound) {
    const int count = std::min(batch, bound - s.runs);
    tickets.fill_bytes(0);
    outcome.fill_bytes(0xFF);
    for (int r = 0; r < count; ++r)
      stale_read_litmus<Form, kBlock, true>
          <<<grid, kBlock>>>(s.runs + r, true, tickets.get() + r, partials.get(), outcome.get() + r,
                             sink.get(), times.get() + size_t(r) * per_run, seen.get() + size_t(r) * per_run);
    CUDA_CHECK_LAUNCH();
    const std::vector<LitmusOutcome> outcomes = outcome.download();
    for (int r = 0; r < count; ++r) {
      s.stale_per_run.push_back(outcomes[size_t(r)].stale);
      if (outcomes[size_t(r)].stale <= 0) continue;
      s.found = true;
      s.stamp_run = s.runs + r;
      s.runs += r + 1;
      s.outcome = outcomes[size_t(r)];
      const std::vector<unsigned long long> all_times = times.download();
      const std::vector<int> all_seen = seen.download();
      const auto first = ptrdiff_t(size_t(r) * per_run);
      s.stored_ns.assign(all_times.begin() + first, all_times.begin() + first + grid);
      s.read_ns = all_times[size_t(first) + size_t(grid)];
      s.seen.assign(all_seen.begin() + first, all_seen.begin() + first + grid);
      return s;
    }
    s.runs += count;
  }
  return s;
}

}  // namespace g1

// The recordings launch through the launch functions above.
#include "record_stale_read.cuh"
#include "record_steps.cuh"

namespace {

using gridlock::LessonRun;
namespace tr = gridlock::trace;

std::string fraction(long long part, long long whole) {
  return std::to_string(part) + "/" + std::to_string(whole);
}

bool nobody_merged(const g1::Merged& m) { return m.block == g1::kPoison; }

// Runs of one form at the lesson's size: how many gave the right sum, who merged.
struct FormRuns {
  std::vector<double> merger, sm;
  // One value a run, 1 where it happened: no block merged; the sum was wrong or never written.
  std::vector<double> nobody_per_run, wrong_per_run;
  int runs() const { return int(wrong_per_run.size()); }
  int wrong() const { return int(std::count(wrong_per_run.begin(), wrong_per_run.end(), 1.0)); }
  int exact() const { return runs() - wrong(); }
  int nobody() const { return int(std::count(nobody_per_run.begin(), nobody_per_run.end(), 1.0)); }
};

FormRuns run_form(const std::string& variant, const LessonRun& run, const gridlock::DeviceBuffer<int>& in,
                  int n, int expected, dim3 grid, int runs, unsigned counter_start = 0) {
  FormRuns f;
  for (const g1::Merged& m :
       g1::merges_of_runs(variant, grid, run.options().block, in, n, runs, counter_start)) {
    const bool exact = m.total == expected && !nobody_merged(m);
    f.nobody_per_run.push_back(nobody_merged(m));
    f.wrong_per_run.push_back(!exact);
    if (!nobody_merged(m)) f.merger.push_back(m.block), f.sm.push_back(m.sm);
  }
  return f;
}

void check_forms(LessonRun& run, const gridlock::DeviceBuffer<int>& in, int expected) {
  const auto& o = run.options();
  std::string text;
  bool documented_exact = true;
  for (const std::string variant : {"documented", "shared-ticket", "acquire"}) {
    const FormRuns f = run_form(variant, run, in, int(o.n), expected, dim3(o.grid), o.runs);
    text += (text.empty() ? "" : "; ") + variant + ": " + fraction(f.exact(), f.runs()) + " runs exact";
    if (variant != std::string("acquire")) documented_exact &= f.exact() == f.runs();
    if (variant == std::string("acquire") && f.exact() != f.runs())
      run.check_failed("the corrected guard gave a wrong sum in " + fraction(f.runs() - f.exact(), f.runs()) +
                       " runs");
    if (variant != std::string("documented")) continue;
    tr::Trace& t = run.trace();
    const int merger =
        tr::add_series(t, {"block that merged (documented guard, " + std::to_string(o.grid) + " blocks)",
                           "block", f.merger, false, 0});
    const int sm = tr::add_series(t, {"SM of the block that merged", "SM", f.sm, false, 0});
    tr::set_fact(t, "merge.distinct_blocks", tr::series_distinct_fact(t, merger));
    tr::set_fact(t, "merge.distinct_sms", tr::series_distinct_fact(t, sm));
    if (!f.merger.empty()) {
      tr::set_fact(t, "merge.most_often", tr::series_mode_fact(t, merger));
      tr::set_fact(t, "merge.most_often.runs", tr::series_mode_count_fact(t, merger));
    }
    // The runs made: the lesson's --runs, every one of them launched.
    tr::set_fact(t, "merge.runs", tr::parameter_fact(t, "runs"));
  }
  run.claim(g1::kOneLaunch, documented_exact,
            text + " (" + std::to_string(o.grid) + " blocks of " + std::to_string(o.block) +
                " threads, n=" + std::to_string(o.n) + ")");
}

// One litmus configuration's runs: the stale partials the last block read in each.
struct LitmusCount {
  std::vector<double> per_run;
  long long values() const {
    long long sum = 0;
    for (double stale : per_run) sum += (long long)stale;
    return sum;
  }
};

template <gridlock::interblock::Guard Form>
LitmusCount litmus(int grid, bool peek, int runs) {
  LitmusCount c;
  for (const g1::LitmusOutcome& out : g1::litmus_runs<Form>(grid, peek, runs)) c.per_run.push_back(out.stale);
  return c;
}

// The configuration's runs as a series (stale partials per run, none expected) and its two facts,
// which the trace checker recomputes: `key` the runs with a stale read ("187/10000"), `key.values`
// the stale partials in all. Returns the series' index.
int litmus_facts(tr::Trace& t, const std::string& key, const std::string& what, const LitmusCount& c) {
  const int series = tr::add_series(t, {what + ": stale partials a run", "partials", c.per_run, true, 0});
  tr::set_fact(t, key, tr::series_differs_fact(t, series));
  tr::set_fact(t, key + ".values", tr::series_sum_fact(t, series));
  return series;
}

// The two facts of a configuration as one cell of the table, "187/10000 runs (778 values)".
std::string litmus_cell(const tr::Trace& t, const std::string& key) {
  return t.facts.at(key) + " runs (" + t.facts.at(key + ".values") + " values)";
}

void check_litmus(LessonRun& run) {
  const auto& o = run.options();
  const int sms = run.device().sm_count;
  const int resident = gridlock::interblock::resident_blocks(
      g1::stale_read_litmus<gridlock::interblock::Guard::syncthreads_or, 256>, 256, sms);
  const std::vector<std::pair<std::string, int>> grids = {
      {"small", 2 * sms}, {"resident", resident}, {"beyond", 2 * resident}};
  const int runs = std::max(o.runs, 1);
  tr::Trace& t = run.trace();
  // The grids are fixed for this GPU (twice its SMs; the litmus blocks it holds at once; twice
  // that): parameters of the run, which the facts quote. The blocks it holds at once are the
  // resident grid.
  for (const auto& [label, grid] : grids) {
    tr::set_fact(t, "litmus.grid." + label, tr::setting_fact(t, "litmus_grid_" + label, double(grid)));
  }
  tr::set_fact(t, "litmus.resident", tr::parameter_fact(t, "litmus_grid_resident"));
  std::printf(
      "\nLitmus: stale partials read by the last block (runs with one / stale values), %d runs each\n", runs);
  std::printf("  %-22s %-8s %-28s %s\n", "design", "grid", "documented", "acquire");
  long long documented = 0, acquire = 0;
  std::string documented_text, acquire_text;
  int counted = -1;  // the last configuration's series; each holds one value a run
  for (const bool peek : {false, true}) {
    const std::string design = peek ? "peek" : "early";
    for (const auto& [label, grid] : grids) {
      const LitmusCount d = litmus<gridlock::interblock::Guard::syncthreads_or>(grid, peek, runs);
      const LitmusCount a = litmus<gridlock::interblock::Guard::acquire>(grid, peek, runs);
      // "2112 blocks, early read + peeks, documented guard": what tells the histograms apart first.
      const std::string shape =
          std::to_string(grid) + " blocks, " + (peek ? "early read + peeks, " : "early read, ");
      const std::string d_key = "litmus." + design + ".documented." + label;
      const std::string a_key = "litmus." + design + ".acquire." + label;
      counted = litmus_facts(t, d_key, shape + "documented guard", d);
      litmus_facts(t, a_key, shape + "corrected guard", a);
      const std::string d_text = litmus_cell(t, d_key), a_text = litmus_cell(t, a_key);
      std::printf("  %-22s %-8d %-28s %s\n", peek ? "early read + peeks" : "early read", grid, d_text.c_str(),
                  a_text.c_str());
      const std::string where = design + " at " + std::to_string(grid) + " blocks: ";
      documented_text += (documented_text.empty() ? "" : "; ") + where + d_text;
      acquire_text += (acquire_text.empty() ? "" : "; ") + where + a_text;
      documented += d.values();
      acquire += a.values();
    }
  }
  tr::set_fact(t, "litmus.runs", tr::series_count_fact(t, counted));
  run.claim(
      g1::kSeesAll, documented == 0,
      "stale partials read by the last block, documented guard: " + documented_text,
      documented == 0
          ? "not seen in these runs, but not promised: with no fence after the ticket, the memory model "
            "lets the last block's loads return values from before the other blocks' tickets; what hides "
            "it here is how this GPU implements the release fence (see the README)"
          : "the documented guard has only the release half; the last block needs an acquire (a fence "
            "after its ticket) before it reads the partials");
  run.claim(g1::kAcquire, acquire == 0,
            "stale partials read by the last block, corrected guard: " + acquire_text);
  if (acquire != 0) run.check_failed("the corrected guard read a stale partial");
}

// How many runs showed something, as a fact the trace checker recomputes: the runs as a series
// (one value a run, 1 where it happened, out of 1) named `what`, and the fact `key` its sum.
void runs_fact(LessonRun& run, const std::string& key, const std::string& what,
               const std::vector<double>& per_run) {
  tr::Trace& t = run.trace();
  const int series = tr::add_series(t, {what, "runs", per_run, true, 0, 1});
  tr::set_fact(t, key, tr::series_sum_fact(t, series));
}

// 1 where a block merged, for runs given as 1 where none did.
std::vector<double> merged(const std::vector<double>& nobody_per_run) {
  std::vector<double> out;
  for (double nobody : nobody_per_run) out.push_back(1 - nobody);
  return out;
}

// The documented assumptions, each broken on purpose, at the lesson's grid.
void check_assumptions(LessonRun& run) {
  const auto& o = run.options();
  const int runs = std::min(o.runs, 200), grid = o.grid, block = o.block;
  auto shaped = [&](const std::string& variant, unsigned counter_start = 0, dim3 shape = dim3(0)) {
    const int n = g1::input_size(variant, int(o.n), grid, block);
    const std::vector<int> host = gridlock::random_ints(n, o.seed);
    const gridlock::DeviceBuffer<int> in(host);
    const dim3 launch = shape.x ? shape : dim3(grid);
    return run_form(variant, run, in, n, g1::cpu_sum(host, 0, host.size()), launch, runs, counter_start);
  };

  const FormRuns full = shaped("counter-not-zeroed", unsigned(grid));
  const FormRuns half = shaped("counter-not-zeroed", unsigned(grid / 2));
  runs_fact(run, "assume.counter_full.nobody", "no block merged (counter left at the grid size)",
            full.nobody_per_run);
  runs_fact(run, "assume.counter_half.wrong", "sum wrong (counter left at half the grid size)",
            half.wrong_per_run);
  run.claim(
      g1::kCounterZeroed, full.nobody() > 0 || half.wrong() > 0,
      "counter left at " + std::to_string(grid) + " (what the previous launch leaves): no block merged in " +
          fraction(full.nobody(), runs) + " runs; left at " + std::to_string(grid / 2) +
          ": the block that arrived " + std::to_string(grid - grid / 2) + " of " + std::to_string(grid) +
          " merged, sum wrong in " + fraction(half.wrong(), runs) + " runs",
      "no ticket can equal gridDim.x - 1 when the count starts at gridDim.x; starting lower, a block merges "
      "while others are still computing");

  const FormRuns idle = shaped("idle-threads-leave");
  runs_fact(run, "assume.idle_threads.wrong", "sum wrong (idle threads return before the guard)",
            idle.wrong_per_run);
  const std::string idle_text =
      "threads that summed nothing return before the guard (half of every block): every launch finished "
      "(the barrier inside the guard waits only for threads that have not exited), the sum was wrong in " +
      fraction(idle.wrong(), runs) + " runs";
  // A requirement is confirmed by what breaking it does. A sum that stays right shows that the
  // break went unseen at this size, not that it is safe.
  if (idle.wrong() > 0)
    run.claim(g1::kEveryThread, true, idle_text,
              "the merge needs every thread of the last block; threads that left cannot take part, and the "
              "tree adds what they last left in shared memory");
  else
    run.claim_not_observable(g1::kEveryThread,
                             idle_text +
                                 ": the tree still read the departed threads' shared-memory slots, but "
                                 "what they held changed no sum at this size");

  const FormRuns empty = shaped("empty-blocks-leave");
  runs_fact(run, "assume.empty_blocks.nobody", "no block merged (empty blocks return before the guard)",
            empty.nobody_per_run);
  run.claim(g1::kEveryBlock, empty.nobody() > 0,
            "blocks with an empty chunk (the last quarter) return before the guard: no block merged in " +
                fraction(empty.nobody(), runs) + " runs",
            "the tickets never reach gridDim.x - 1, and the result is silently never written");

  const FormRuns two_d = shaped("documented", 0, dim3(grid, 2));
  const int merged_early = two_d.runs() - two_d.nobody();
  runs_fact(run, "assume.two_d.wrong", "sum wrong (a grid of 2 rows)", two_d.wrong_per_run);
  runs_fact(run, "assume.two_d.merged_early", "a block merged halfway (a grid of 2 rows)",
            merged(two_d.nobody_per_run));
  run.claim(
      g1::kOneDimensional, merged_early > 0,
      "the same kernel on a " + std::to_string(grid) + " x 2 grid: a block merged in " +
          fraction(merged_early, runs) + " runs, each time on ticket " + std::to_string(grid - 1) + " of " +
          std::to_string(2 * grid) + ", before half of the blocks had arrived; sum wrong in " +
          fraction(two_d.wrong(), runs) + " runs",
      "the guard compares the ticket with gridDim.x - 1, not with the number of blocks, so the merge runs "
      "halfway; the sum comes out right only because both halves of the grid sum the same chunks");
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"",         /*n=*/1 << 16,  /*block=*/256,  /*grid=*/264,
                      /*seed=*/1, /*runs=*/10000, /*bench=*/false};
  defaults.min_block = 64;
  defaults.variants = g1::kVariants;
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    // The ticket is the guard itself: its fences and atomicAdd, in the chapter's last_block.cuh.
    run.light("PHASE 2: take a ticket (the last-block guard)", "interblock/common/last_block.cuh", "guard");
    const auto& o = run.options();
    const std::vector<int> host = gridlock::random_ints(o.n, o.seed);
    const gridlock::DeviceBuffer<int> in(host);
    check_forms(run, in, g1::cpu_sum(host, 0, host.size()));
    check_litmus(run);
    check_assumptions(run);
    if (o.variant == "stale-read")
      g1::record_stale_read<gridlock::interblock::Guard::syncthreads_or>(run, "syncthreads_or");
    else if (o.variant == "stale-read-acquire")
      g1::record_stale_read<gridlock::interblock::Guard::acquire>(run, "acquire");
    else
      g1::record_steps(run, o.variant);
  });
}
