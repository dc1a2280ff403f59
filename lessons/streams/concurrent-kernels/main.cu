// concurrent-kernels (S1): eight kernels in eight streams check in and out of a record in global
// memory. Runs the check-out as printed, on the check-in's record, and corrected, serially and
// concurrently; sweeps the blocks per SM for the concurrency reached and the serial against the
// concurrent wall time; and records one launch block by block.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "check_out.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/lesson.hpp"
#include "common/noise.hpp"
#include "common/random_input.hpp"
#include "kernels.cuh"
#include "lesson_info.hpp"
#include "streams/common/handles.hpp"
#include "streams/common/span_recording.hpp"

namespace s1 {

// S1's documented claims, declared once (TECHNIQUES.md, row S1; CUDA Handbook section 6.7).

inline constexpr gridlock::ClaimSpec kConcurrent{
    "S1.concurrent",
    "Kernels launched into different streams run at the same time when each grid is small enough not to "
    "fill the GPU."};
inline constexpr gridlock::ClaimSpec kSmallerGrids{
    "S1.smaller-grids",
    "The smaller each kernel's grid (blocks per SM), the more kernels run at the same time."};
inline constexpr gridlock::ClaimSpec kCheckOutRecord{
    "S1.check-out-as-printed",
    "The check-out as printed (atomicAnd(&tokenizerData->mask, -(1<<kid)); atomicAdd(&tokenizerData->count, "
    "-1)) undoes the check-in, so the record reports how many kernels were active (\"Up to N kernels were "
    "active\")."};
inline constexpr gridlock::ClaimSpec kCheckOutMask{
    "S1.check-out-mask",
    "With the check-out on the check-in's record, each kernel's mask (masks[kid]) has one bit for every "
    "kernel active when it checked in."};
inline constexpr gridlock::ClaimSpec kSymbolAddress{
    "S1.symbol-address",
    "The record's address must come from cudaGetSymbolAddress(): &g_kernelData in host code does not give "
    "the device address."};
inline constexpr gridlock::ClaimSpec kNoSpeedup{
    "S1.no-speedup", "For this workload, running the kernels concurrently brought no speed-up."};

// S1's launches: the eight kernels serially in one stream or one per stream, with a check-out as
// printed, with the printed mask on the check-in's record, or corrected; what the record says
// afterwards; the outputs checked on the GPU; and the batch timed with CUDA events.

// The device addresses of the two records, from cudaGetSymbolAddress.
struct Records {
  KernelConcurrencyData* kernel_data = nullptr;
  KernelConcurrencyData* tokenizer_data = nullptr;
  static Records from_symbols() {
    Records r;
    // lesson-begin symbols
    CUDA_CHECK(cudaGetSymbolAddress(reinterpret_cast<void**>(&r.kernel_data), g_kernel_data));
    CUDA_CHECK(cudaGetSymbolAddress(reinterpret_cast<void**>(&r.tokenizer_data), g_tokenizer_data));
    // lesson-end symbols
    return r;
  }
  KernelConcurrencyData* checkout(CheckOut c) const {
    return c == CheckOut::documented ? tokenizer_data : kernel_data;
  }
};

// What the check-in's record holds after the eight kernels: what the lesson prints as the
// documented program does ("Up to N kernels were active").
struct Report {
  KernelConcurrencyData record{};
  int count_max() const { return record.count_max; }
  std::string masks() const { return hex_list(record.masks, kMaxStreams); }  // "0x1 0x3 0x7 ..."
  std::string counts() const { return number_list(record.counts, kMaxStreams); }
};

// The eight kernels' input and output, their increments, and the streams.
class Workload {
 public:
  Workload(size_t n, int block, int cycles, uint64_t seed);

  size_t n() const { return n_; }
  int block() const { return block_; }
  int cycles() const { return cycles_; }
  const std::vector<int>& input() const { return input_; }
  int increment(int kid) const { return increments_[size_t(kid)]; }
  // What `cycles` additions of kernel kid's increment come to, modulo 2^32.
  int added(int kid) const { return int(unsigned(cycles_) * unsigned(increments_[size_t(kid)])); }
  const int* in(int kid) const { return in_.get() + size_t(kid) * n_; }
  int* out(int kid) const { return out_.get() + size_t(kid) * n_; }
  cudaStream_t stream(int k) const { return streams_[size_t(k)]->get(); }

  // Launches the eight kernels with `grid` blocks each, kernel kid into stream kid (concurrent)
  // or all into stream 0, after zeroing both records. Returns without waiting.
  // Recording launches pass one recorder per kernel.
  template <bool Record>
  void launch(int grid, CheckOut c, bool concurrent, const Records& r,
              const std::vector<gridlock::streams::SpanRecorder<Record>>& recorders = {});
  // Elements of the outputs that are not in + cycles * increment, counted on the GPU.
  long long wrong_outputs() const;

 private:
  size_t n_;
  int block_, cycles_;
  std::vector<int> input_, increments_;
  gridlock::DeviceBuffer<int> in_, out_;
  std::vector<std::unique_ptr<gridlock::streams::Stream>> streams_;
};

inline Workload::Workload(size_t n, int block, int cycles, uint64_t seed)
    : n_(n),
      block_(block),
      cycles_(cycles),
      input_(gridlock::random_ints(int64_t(n) * kMaxStreams, seed)),
      increments_(gridlock::random_ints(kMaxStreams, seed ^ 0x5eedULL)),
      in_(input_),
      out_(input_.size()) {
  for (int k = 0; k < kMaxStreams; ++k) streams_.push_back(std::make_unique<gridlock::streams::Stream>());
}

template <bool Record>
void Workload::launch(int grid, CheckOut c, bool concurrent, const Records& r,
                      const std::vector<gridlock::streams::SpanRecorder<Record>>& recorders) {
  CUDA_CHECK(cudaMemset(r.kernel_data, 0, sizeof(KernelConcurrencyData)));
  CUDA_CHECK(cudaMemset(r.tokenizer_data, 0, sizeof(KernelConcurrencyData)));
  out_.poison();
  CUDA_CHECK(cudaDeviceSynchronize());
  // lesson-begin launch
  for (int kid = 0; kid < kMaxStreams; ++kid) {
    const gridlock::streams::SpanRecorder<Record> rec =
        recorders.empty() ? gridlock::streams::SpanRecorder<Record>{} : recorders[size_t(kid)];
    const cudaStream_t s = stream(concurrent ? kid : 0);
    if (c == CheckOut::corrected)
      add_kernel<false, Record><<<grid, block_, 0, s>>>(out(kid), in(kid), n_, increment(kid), cycles_, kid,
                                                        r.kernel_data, r.checkout(c), rec);
    else
      add_kernel<true, Record><<<grid, block_, 0, s>>>(out(kid), in(kid), n_, increment(kid), cycles_, kid,
                                                       r.kernel_data, r.checkout(c), rec);
  }
  // lesson-end launch
  CUDA_CHECK(cudaGetLastError());
}

inline long long Workload::wrong_outputs() const {
  gridlock::DeviceBuffer<unsigned long long> wrong(std::vector<unsigned long long>{0});
  for (int kid = 0; kid < kMaxStreams; ++kid)
    count_wrong<<<264, 256>>>(out(kid), in(kid), n_, added(kid), wrong.get());
  CUDA_CHECK_LAUNCH();
  return static_cast<long long>(wrong.download_one());
}

// One run: launch, wait, and read the check-in's record.
inline Report run_once(Workload& w, int grid, CheckOut c, bool concurrent, const Records& r) {
  w.launch<false>(grid, c, concurrent, r);
  CUDA_CHECK(cudaDeviceSynchronize());
  Report report;
  CUDA_CHECK(cudaMemcpy(&report.record, r.kernel_data, sizeof report.record, cudaMemcpyDeviceToHost));
  return report;
}

// The eight kernels' wall time in ms, by CUDA events: serially in stream 0, or forked from stream
// 0 into the eight streams and joined back (each stream waits for the start event, stream 0 for
// each stream's end event).
inline float time_batch_ms(Workload& w, int grid, bool concurrent, const Records& r) {
  gridlock::streams::Event start, stop;
  std::vector<std::unique_ptr<gridlock::streams::Event>> done;
  CUDA_CHECK(cudaEventRecord(start.get(), w.stream(0)));
  for (int k = 1; concurrent && k < kMaxStreams; ++k)
    CUDA_CHECK(cudaStreamWaitEvent(w.stream(k), start.get()));
  for (int kid = 0; kid < kMaxStreams; ++kid)
    add_kernel<false, false><<<grid, w.block(), 0, w.stream(concurrent ? kid : 0)>>>(
        w.out(kid), w.in(kid), w.n(), w.increment(kid), w.cycles(), kid, r.kernel_data, r.kernel_data, {});
  CUDA_CHECK(cudaGetLastError());
  for (int k = 1; concurrent && k < kMaxStreams; ++k) {
    done.push_back(std::make_unique<gridlock::streams::Event>(cudaEventDisableTiming));
    CUDA_CHECK(cudaEventRecord(done.back()->get(), w.stream(k)));
    CUDA_CHECK(cudaStreamWaitEvent(w.stream(0), done.back()->get()));
  }
  CUDA_CHECK(cudaEventRecord(stop.get(), w.stream(0)));
  CUDA_CHECK(cudaEventSynchronize(stop.get()));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
  return ms;
}

}  // namespace s1

// The recording launches through the launch function above.
#include "record_steps.cuh"

namespace {

using gridlock::LessonRun;
using s1::CheckOut;

// The blocks per SM the sweep visits; the documented examples use 2 and 3.
const std::vector<int> kSweep = {1, 2, 3, 4, 8};
const std::vector<int> kDocumentedBlocksPerSm = {2, 3};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::string fixed(double v, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

// What one check-out form reported over the runs, in one launch mode.
struct FormOutcome {
  int lowest = 1 << 30, highest = 0;  // count_max over the runs
  s1::Report first;                   // the first run's record
  bool one_bit_masks = true;          // every run: masks[k] == 1 << k
  std::string range() const {         // as the trace writes a range: "4–5", or "8" where the runs agree
    return lowest == highest ? std::to_string(lowest)
                             : std::to_string(lowest) + "\xE2\x80\x93" + std::to_string(highest);
  }
};

FormOutcome run_form(LessonRun& run, s1::Workload& w, int grid, CheckOut c, bool concurrent,
                     const s1::Records& r) {
  FormOutcome out;
  std::vector<double> reported;
  for (int i = 0; i < run.options().runs; ++i) {
    const s1::Report rep = s1::run_once(w, grid, c, concurrent, r);
    if (i == 0) out.first = rep;
    reported.push_back(rep.count_max());
    out.lowest = std::min(out.lowest, rep.count_max());
    out.highest = std::max(out.highest, rep.count_max());
    for (int k = 0; k < s1::kMaxStreams; ++k) out.one_bit_masks &= rep.record.masks[k] == 1 << k;
    if (const long long wrong = w.wrong_outputs())
      run.check_failed(std::to_string(wrong) + " wrong outputs with the " + s1::name(c) + " check-out");
  }
  const std::string key = std::string(s1::name(c)) + (concurrent ? ".concurrent" : ".serial");
  gridlock::trace::Trace& t = run.trace();
  const int report = gridlock::trace::add_series(
      t, {std::string(s1::name(c)) + " check-out, " + (concurrent ? "8 streams" : "1 stream") +
              ": kernels the record reports active, one a run",
          "kernels", reported});
  gridlock::trace::set_fact(t, key + ".report", gridlock::trace::series_range_fact(t, report));
  s1::add_record_lists(
      t, key,
      std::string(s1::name(c)) + " check-out, " + (concurrent ? "8 streams" : "1 stream") + ", first run",
      out.first.record.masks, out.first.record.counts, s1::kMaxStreams);
  std::printf("%-16s %-10s Masks: (%s)\n%-27s Up to %s kernels were active: (%s)\n", s1::name(c),
              concurrent ? "concurrent" : "serial", out.first.masks().c_str(), "", out.range().c_str(),
              out.first.counts().c_str());
  return out;
}

// The three check-outs, serially and concurrently, at the run's blocks per SM.
void check_check_outs(LessonRun& run, s1::Workload& w, int grid, const s1::Records& r) {
  std::printf("\nWhat the record says, %d blocks per kernel, %d runs each (first run's masks and counts):\n",
              grid, run.options().runs);
  FormOutcome o[3][2];
  for (CheckOut c : {CheckOut::documented, CheckOut::documented_mask, CheckOut::corrected})
    for (bool concurrent : {false, true}) o[int(c)][concurrent] = run_form(run, w, grid, c, concurrent, r);
  const FormOutcome& printed = o[int(CheckOut::documented)][0];
  const FormOutcome& mask_only = o[int(CheckOut::documented_mask)][0];
  const FormOutcome& corrected = o[int(CheckOut::corrected)][0];
  if (corrected.highest != 1 || !corrected.one_bit_masks)
    run.check_failed("the corrected record saw two kernels of one stream at once");
  auto says = [&](CheckOut c) {
    return std::string(s1::name(c)) + ": serial up to " + o[int(c)][0].range() + ", concurrent up to " +
           o[int(c)][1].range();
  };
  run.claim(
      s1::kCheckOutRecord, printed.highest == 1,
      "kernels reported active (count_max over " + std::to_string(run.options().runs) + " runs), " +
          says(CheckOut::documented) + "; " + says(CheckOut::documented_mask) + "; " +
          says(CheckOut::corrected) + ". One stream runs its kernels one after another.",
      "the printed check-out names tokenizerData, not the record the check-in wrote (kernelData): nothing "
      "ever comes off the check-in's count, so it counts kernels launched, not kernels active. Corrected: "
      "check out of the record checked in to, and clear the bit with ~(1 << kid).");
  run.claim(s1::kCheckOutMask, mask_only.one_bit_masks,
            "serial masks with -(1<<kid) on the check-in's record: " + mask_only.first.masks() +
                "; with ~(1<<kid): " + corrected.first.masks() +
                " (the count is right in both: serial up to " + mask_only.range() + ")",
            "-(1 << kid) is not the complement of bit kid but every bit from kid upward: the AND leaves the "
            "kernel's own bit set and clears the bits of the kernels below it, so a finished kernel stays in "
            "the mask until a later one checks out, and a running one can vanish from it.");
}

void check_symbol_address(LessonRun& run, const s1::Records& r) {
  const void* shadow = &s1::g_kernel_data;
  cudaPointerAttributes shadow_attr{}, symbol_attr{};
  CUDA_CHECK(cudaPointerGetAttributes(&shadow_attr, shadow));
  CUDA_CHECK(cudaPointerGetAttributes(&symbol_attr, r.kernel_data));
  auto kind = [](const cudaPointerAttributes& a) {
    return a.type == cudaMemoryTypeDevice    ? "device memory"
           : a.type == cudaMemoryTypeHost    ? "pinned host memory"
           : a.type == cudaMemoryTypeManaged ? "managed memory"
                                             : "host memory unknown to CUDA";
  };
  char text[256];
  std::snprintf(text, sizeof text,
                "&g_kernel_data in host code is %p (%s); cudaGetSymbolAddress gives %p (%s)", shadow,
                kind(shadow_attr), static_cast<const void*>(r.kernel_data), kind(symbol_attr));
  run.claim(s1::kSymbolAddress, shadow != r.kernel_data && symbol_attr.type == cudaMemoryTypeDevice, text,
            "host code sees the host's shadow of a __device__ variable; the kernels need its device address");
}

// The blocks per SM sweep: concurrency reached (corrected record) and wall times.
struct SweepPoint {
  int blocks_per_sm = 0, grid = 0;
  std::vector<double> at_once, serial_ms, concurrent_ms;
  // Serial over concurrent time, run by run (each run times both, one after the other).
  gridlock::MeasuredRatio speedup() const {
    std::vector<double> rounds;
    for (size_t i = 0; i < serial_ms.size() && i < concurrent_ms.size(); ++i)
      rounds.push_back(serial_ms[i] / concurrent_ms[i]);
    return gridlock::measured_ratio(rounds);
  }
};

SweepPoint measure_point(LessonRun& run, s1::Workload& w, int blocks_per_sm, const s1::Records& r) {
  SweepPoint p;
  p.blocks_per_sm = blocks_per_sm;
  p.grid = blocks_per_sm * run.device().sm_count;
  for (int i = 0; i < run.options().runs; ++i)
    p.at_once.push_back(s1::run_once(w, p.grid, CheckOut::corrected, true, r).count_max());
  s1::time_batch_ms(w, p.grid, false, r);  // warm-up
  s1::time_batch_ms(w, p.grid, true, r);
  for (int i = 0; i < run.options().runs; ++i) {
    p.serial_ms.push_back(s1::time_batch_ms(w, p.grid, false, r));
    p.concurrent_ms.push_back(s1::time_batch_ms(w, p.grid, true, r));
  }
  return p;
}

gridlock::trace::Timing timing(const std::string& name, const s1::Workload& w,
                               const std::vector<double>& ms) {
  gridlock::trace::Timing t;
  t.name = name;
  t.elements = int64_t(w.n()) * s1::kMaxStreams;
  t.bytes = t.elements * 2 * int64_t(sizeof(int));
  t.repetitions = int(ms.size());
  t.median_ns = median(ms) * 1e6;
  t.min_ns = *std::min_element(ms.begin(), ms.end()) * 1e6;
  t.max_ns = *std::max_element(ms.begin(), ms.end()) * 1e6;
  return t;
}

void record_point(LessonRun& run, const s1::Workload& w, const SweepPoint& p) {
  auto& facts = run.trace().facts;
  const std::string key = "sweep." + std::to_string(p.blocks_per_sm);
  const std::string size =
      std::to_string(p.blocks_per_sm) + (p.blocks_per_sm == 1 ? " block/SM" : " blocks/SM");
  gridlock::trace::Trace& t = run.trace();
  using gridlock::trace::FactUnit;
  const int at_once = gridlock::trace::add_series(
      t, {size + ": kernels active at once (corrected record), one a run", "kernels", p.at_once});
  gridlock::trace::set_fact(t, key + ".at_once",
                            gridlock::trace::series_median_fact(t, at_once, FactUnit::count, 0));
  gridlock::trace::set_fact(t, key + ".at_once_range", gridlock::trace::series_range_fact(t, at_once));
  gridlock::set_ratio_fact(t, key + ".speedup", size + ": speed-up of 8 streams over 1, one a run",
                           p.speedup());
  t.timings.push_back(timing("8 kernels in 1 stream, " + size, w, p.serial_ms));
  t.timings.push_back(timing("8 kernels in 8 streams, " + size, w, p.concurrent_ms));
  // The two medians, as the timings' rows hold them.
  const int serial = int(t.timings.size()) - 2;
  gridlock::trace::set_fact(t, key + ".serial",
                            gridlock::trace::timing_median_fact(t, serial, FactUnit::us, 0));
  gridlock::trace::set_fact(t, key + ".concurrent",
                            gridlock::trace::timing_median_fact(t, serial + 1, FactUnit::us, 0));
  const std::string at_once_text = facts[key + ".at_once"] + " (" + facts[key + ".at_once_range"] + ")";
  std::printf("%13d %8d %12s %12.0f %14.0f %9.2fx\n", p.blocks_per_sm, p.grid, at_once_text.c_str(),
              median(p.serial_ms) * 1e3, median(p.concurrent_ms) * 1e3, p.speedup().median);
}

void sweep(LessonRun& run, s1::Workload& w, const s1::Records& r) {
  std::printf(
      "\nBlocks per SM against kernels active at once (corrected record, median (least\xE2\x80\x93most) of "
      "%d runs)\n"
      "and the eight kernels' wall time, serially in one stream and in eight streams (median):\n",
      run.options().runs);
  std::printf("%13s %8s %12s %12s %14s %10s\n", "blocks per SM", "grid", "at once", "serial us",
              "concurrent us", "speed-up");
  std::vector<SweepPoint> points;
  for (int bps : kSweep) {
    points.push_back(measure_point(run, w, bps, r));
    record_point(run, w, points.back());
  }
  std::string concurrency, speedups;
  bool shrinking = true;
  for (size_t i = 0; i < points.size(); ++i) {
    const SweepPoint& p = points[i];
    concurrency += (i ? ", " : "") + std::to_string(p.blocks_per_sm) + " -> " + fixed(median(p.at_once), 0);
    speedups += (i ? ", " : "") + std::to_string(p.blocks_per_sm) + ": " +
                fixed(median(p.serial_ms) * 1e3, 0) + " vs " + fixed(median(p.concurrent_ms) * 1e3, 0) +
                " \xC2\xB5s (" + gridlock::ratio_with_spread(p.speedup()) + ")";
    if (i > 0) shrinking &= median(p.at_once) <= median(points[i - 1].at_once);
  }
  const SweepPoint& smallest = points.front();
  const double most = *std::max_element(smallest.at_once.begin(), smallest.at_once.end());
  run.claim(s1::kConcurrent, most > 1,
            "at " + std::to_string(smallest.blocks_per_sm) + " block per SM (" +
                std::to_string(smallest.grid) + " blocks per kernel) up to " + fixed(most, 0) +
                " of 8 kernels were active at once (corrected record, " + std::to_string(run.options().runs) +
                " runs)");
  run.claim(s1::kSmallerGrids, shrinking && median(points.front().at_once) > median(points.back().at_once),
            "blocks per SM -> kernels active at once (median of " + std::to_string(run.options().runs) +
                " runs): " + concurrency);
  // The documented sizes decide; a ratio within its runs' spread of the threshold decides nothing.
  constexpr double kThreshold = 1.1;
  bool no_speedup = true;
  std::string noisy;
  for (const SweepPoint& p : points) {
    if (std::find(kDocumentedBlocksPerSm.begin(), kDocumentedBlocksPerSm.end(), p.blocks_per_sm) ==
        kDocumentedBlocksPerSm.end())
      continue;
    const gridlock::MeasuredRatio r = p.speedup();
    no_speedup &= r.median < kThreshold;
    if (gridlock::within_noise(r, kThreshold))
      noisy += (noisy.empty() ? "" : "; ") + std::to_string(p.blocks_per_sm) + " blocks per SM " +
               gridlock::within_noise_reason(r, kThreshold);
  }
  const std::string measurement = "eight kernels serially vs in eight streams, median of " +
                                  std::to_string(run.options().runs) +
                                  " runs (speed-up: median ± half the range), by blocks per SM: " + speedups;
  if (!noisy.empty())
    run.claim_not_observable(s1::kNoSpeedup, noisy + "; " + measurement);
  else
    run.claim(s1::kNoSpeedup, no_speedup, measurement,
              "read as: under 10% faster at the documented 2 and 3 blocks per SM; the workload is each "
              "element's chain of dependent additions through a volatile local");
}

}  // namespace

int main(int argc, char** argv) {
  gridlock::LessonDefaults defaults;
  defaults.options = {"", /*n=*/1 << 20, /*block=*/256, /*grid=*/1, /*seed=*/1, /*runs=*/10, /*bench=*/false};
  defaults.variants = s1::kVariants;
  defaults.parameters = {
      {"blocks-per-sm", "Blocks per SM of each kernel in the recorded launch and the check-out runs", 2, 1,
       32},
      {"cycles", "Additions of the increment per element", 512, 1, 1 << 20}};
  return gridlock::run_lesson(argc, argv, kLesson, defaults, [](LessonRun& run) {
    const auto& o = run.options();
    if (o.grid != 1)
      std::printf("note: each kernel's grid is --blocks-per-sm x the SM count; --grid %d is ignored\n",
                  o.grid);
    const int grid = int(o.parameter("blocks-per-sm")) * run.device().sm_count;
    std::printf("Using %lld blocks per SM on a GPU with %d SMs = %d blocks per kernel\n",
                static_cast<long long>(o.parameter("blocks-per-sm")), run.device().sm_count, grid);
    s1::Workload w(size_t(o.n), o.block, int(o.parameter("cycles")), o.seed);
    const s1::Records r = s1::Records::from_symbols();
    check_symbol_address(run, r);
    check_check_outs(run, w, grid, r);
    sweep(run, w, r);
    // The steps light the atomics of their phase: the check-in's, and the recorded check-out's form.
    const std::string form = s1::check_out_of(o.variant) == CheckOut::corrected ? "corrected" : "documented";
    run.light("PHASE 1: check in", "concurrent-kernels/kernels.cuh", "check-in");
    run.light("PHASE 3: check out", "concurrent-kernels/kernels.cuh", form + "-check-out");
    run.light("PHASE 3: check out", "concurrent-kernels/kernels.cuh", "count-out");
    s1::record_steps(run, o.variant, w, grid, r);
  });
}
