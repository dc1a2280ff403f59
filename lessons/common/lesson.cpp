// The shared lesson driver.
#include "lesson.hpp"

#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "common/sources/sources.hpp"
#include "cuda_check.hpp"
#include "device.hpp"
#include "exit_codes.hpp"
#include "report.hpp"
#include "trace/source_lookup.hpp"
#include "trace_path.hpp"

namespace gridlock {

trace::Step& LessonRun::add_step(const std::string& label, const std::string& detail, const std::string& note,
                                 int launch) {
  const trace::Source& source = trace_.sources.front();
  trace::LineRange lines = trace::find_phase_lines(source.text, label);
  if (lines.begin == 0)
    throw std::logic_error("step \"" + label + "\" is not one phase comment of " + source.file +
                           " (missing, or written twice)");
  trace::Step step;
  for (const auto& [lit_label, lines] : lights_)
    if (lit_label == label) step.lights.push_back(lines);
  step.label = label;
  step.detail = detail;
  step.note = note;
  step.line_begin = lines.begin;
  step.line_end = lines.end;
  step.launch = launch;
  trace_.steps.push_back(std::move(step));
  return trace_.steps.back();
}

void LessonRun::light(const std::string& label, const std::string& file, const std::string& region) {
  const int source = trace::find_source(trace_, file);
  const trace::LineRange lines =
      source < 0 ? trace::LineRange{} : trace::find_region_lines(trace_.sources[size_t(source)].text, region);
  if (lines.begin == 0)
    throw std::logic_error("no carried source ending in " + file + " has a region \"" + region + "\"");
  const trace::SourceLines lit{source, lines.begin, lines.end};
  lights_.emplace_back(label, lit);
  for (trace::Step& s : trace_.steps)
    if (s.label == label) s.lights.push_back(lit);
}

int LessonRun::add_launch(const std::string& kernel, int64_t grid, int block) {
  const int id = static_cast<int>(trace_.launches.size());
  trace_.launches.push_back({id, kernel, 0, -1, grid, block});
  return id;
}

void LessonRun::claim(const ClaimSpec& claim, bool holds, const std::string& measurement,
                      const std::string& reason) {
  trace_.claims.push_back({claim.id, claim.statement,
                           holds ? trace::Verdict::confirmed : trace::Verdict::contradicted, measurement,
                           reason});
}

void LessonRun::claim_not_observable(const ClaimSpec& claim, const std::string& reason) {
  trace_.claims.push_back({claim.id, claim.statement, trace::Verdict::not_observable, "", reason});
}

void LessonRun::check_failed(const std::string& what) {
  std::fprintf(stderr, "%s: CHECK FAILED: %s\n", trace_.lesson_id.c_str(), what.c_str());
  checks_passed_ = false;
}

namespace {

std::string utc_now() {
  std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

trace::Trace new_trace(const LessonIdentity& lesson, const LessonOptions& o, const trace::Device& device) {
  trace::Trace t;
  t.lesson_id = lesson.id;
  t.lesson_title = lesson.title;
  t.technique = lesson.technique;
  t.variant = o.variant;
  t.producer.kind = trace::ProducerKind::gpu;
  t.producer.devices = {device};
  t.producer.program = lesson.id;
  t.producer.recorded_at = utc_now();
  t.parameters = {{"n", double(o.n)},       {"block", double(o.block)}, {"grid", double(o.grid)},
                  {"seed", double(o.seed)}, {"runs", double(o.runs)},   {"bench", o.bench ? 1.0 : 0.0}};
  for (const auto& [name, value] : o.parameters) t.parameters[name] = double(value);
  t.sources = {{lesson.source_path, lesson.source_text, trace::source_hash(lesson.source_text)}};
  for (const sources::CarriedSource& s :
       lesson.carried ? *lesson.carried : std::vector<sources::CarriedSource>())
    t.sources.push_back(
        {s.path, s.text, trace::source_hash(s.text),
         std::string(s.role) == "recording" ? trace::SourceRole::recording : trace::SourceRole::technique});
  for (trace::Source& s : t.sources)
    for (const sources::RecordingLines& r :
         lesson.recording ? *lesson.recording : std::vector<sources::RecordingLines>())
      if (s.file == r.path) s.recording = r.lines;
  return t;
}

// What stops a run before the body, in this order: a --trace path that cannot be written (exit 2),
// no GPU (exit 77), a run that needs more device memory than is free (exit 2). Returns the device, or
// std::nullopt with *exit_code set.
std::optional<trace::Device> prepare(const LessonIdentity& lesson, const LessonDefaults& defaults,
                                     const LessonOptions& options, int* exit_code) {
  *exit_code = kExitUsage;
  if (!options.trace_path.empty()) {
    const std::string problem = trace_path_problem(options.trace_path);
    if (!problem.empty()) {
      std::fprintf(stderr, "%s: --trace %s: %s\n", lesson.id, options.trace_path.c_str(), problem.c_str());
      return std::nullopt;
    }
  }
  std::string why;
  std::optional<trace::Device> device = open_device(&why);
  if (!device) {
    std::fprintf(stderr,
                 "%s: no usable CUDA device (%s).\n"
                 "This lesson needs an NVIDIA GPU. Without one, open its recorded trace instead:\n"
                 "  gridlock-viewer   (the gallery lists every lesson's recorded traces)\n",
                 lesson.id, why.c_str());
    *exit_code = kExitNoDevice;
    return std::nullopt;
  }
  if (!defaults.device_bytes) return device;
  const std::optional<int64_t> free = free_device_memory(&why);
  if (!free) {
    std::fprintf(stderr, "%s: cannot read the free device memory: %s\n", lesson.id, why.c_str());
    *exit_code = kExitCheckFailed;
    return std::nullopt;
  }
  const std::string problem = device_memory_problem(defaults, options, *free);
  if (!problem.empty()) {
    std::fprintf(stderr, "%s: %s\n", lesson.id, problem.c_str());
    return std::nullopt;
  }
  return device;
}

}  // namespace

int run_lesson(int argc, char** argv, const LessonIdentity& lesson, const LessonDefaults& defaults,
               const std::function<void(LessonRun&)>& body) {
  int exit_code = kExitOk;
  std::optional<LessonOptions> options =
      parse_lesson_options(argc, argv, lesson.id, lesson.title, defaults, &exit_code);
  if (!options) return exit_code;
  std::optional<trace::Device> device = prepare(lesson, defaults, *options, &exit_code);
  if (!device) return exit_code;

  LessonRun run(*options, new_trace(lesson, *options, *device));
  trace::Trace& t = run.trace();
  try {
    body(run);
    t.clock = run.clock().description();
  } catch (const NotOnThisMachine& e) {
    std::fprintf(stderr, "%s: not run on this machine: %s\n", lesson.id, e.what());
    return kExitNoDevice;
  } catch (const CudaError& e) {
    std::fprintf(stderr, "%s: CUDA error: %s\n", lesson.id, e.what());
    return kExitCheckFailed;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", lesson.id, e.what());
    return kExitCheckFailed;
  }
  t.exit_code = run.checks_passed() ? kExitOk : kExitCheckFailed;
  trace::order_events(t);
  print_report(t);
  try {
    if (!options->trace_path.empty()) {
      trace::write_file(t, options->trace_path);
      std::printf("trace written to %s\n", options->trace_path.c_str());
    }
    if (!options->perfetto_path.empty()) {
      trace::write_file_atomically(options->perfetto_path, trace::to_perfetto_json(t));
      std::printf("timeline written to %s (open it in ui.perfetto.dev)\n", options->perfetto_path.c_str());
    }
  } catch (const trace::TraceError& e) {
    std::fprintf(stderr, "%s: %s\n", lesson.id, e.what());
    return kExitCheckFailed;
  }
  return t.exit_code;
}

}  // namespace gridlock
