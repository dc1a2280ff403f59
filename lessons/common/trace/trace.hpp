// The gridlock trace: what one lesson run did, step by step. Plain C++17; no CUDA, GL or ImGui.
//
// Written by the lessons, read by the viewer and the tests. FORMAT.md beside this file documents
// the JSON form field by field. Everything a step refers to (buffers, tracks) is declared once
// in the Trace and referred to by id.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gridlock::trace {

inline constexpr const char* kFormatName = "gridlock-trace";
inline constexpr int kFormatVersion = 1;

// Raised by the reader and the writer. The message names the file and the place in it.
class TraceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class ElementType { i32, u32, f32 };
enum class MemorySpace { global, shared, registers };
enum class TrackKind { block, warp, lane, stream, lock };
enum class EventKind { slice_begin, slice_end, instant, counter };
enum class Verdict { confirmed, contradicted, not_observable };
enum class ProducerKind { gpu, model };

struct Buffer {
  int id = 0;
  std::string name;
  ElementType type = ElementType::i32;
  std::vector<int64_t> shape;   // row-major; the element count is the product
  MemorySpace space = MemorySpace::global;
  int64_t element_count() const;
};

struct Track {
  int id = 0;
  TrackKind kind = TrackKind::block;
  std::string name;
  int block = -1;   // -1 where it does not apply
  int warp = -1;
  int sm = -1;      // %smid the block ran on, if recorded
};

// Values of one buffer after a step. Integers of up to 2^53 are exact in a double.
struct Snapshot {
  int buffer = 0;
  std::vector<double> values;
};

// What a step combined: thread[k] did values[dst[k]] = values[dst[k]] (op) values[src[k]].
struct Combine {
  int buffer = 0;
  std::vector<int64_t> dst;
  std::vector<int64_t> src;
  std::vector<int64_t> thread;
};

// The elements of a buffer that still carry a partial result after a step:
// begin, begin + stride, ..., count of them.
struct LiveRange {
  int buffer = 0;
  int64_t begin = 0;
  int64_t count = 0;
  int64_t stride = 1;
};

struct Event {
  int track = 0;
  EventKind kind = EventKind::instant;
  int64_t t_ns = 0;     // %globaltimer, relative to the trace's time origin
  std::string name;
  double value = 0;     // counters only
};

struct Step {
  std::string label;     // equals a phase comment in the kernel source, e.g. "PHASE 2: tree"
  std::string detail;    // what distinguishes this pass of the phase, e.g. "level 3 of 10, size 128"
  int line_begin = 0;    // 1-based lines of the kernel source this step belongs to
  int line_end = 0;
  std::string note;      // one sentence for the viewer's caption
  std::vector<Snapshot> snapshots;
  std::vector<Combine> combines;
  std::vector<LiveRange> live;
  std::vector<Event> events;
};

struct Claim {
  std::string id;            // e.g. "R1.sum"
  std::string statement;     // what the documentation says
  Verdict verdict = Verdict::not_observable;
  std::string measurement;   // what was measured, with numbers
  std::string reason;        // why not observable / what the correct technique is
};

struct Timing {
  std::string name;          // "lesson kernel", "cub::DeviceReduce::Sum"
  int64_t elements = 0;
  int repetitions = 0;
  double median_ns = 0;
  double min_ns = 0;
  double max_ns = 0;
  double gbytes_per_s() const;   // elements * 4 bytes / median
};

struct Device {
  std::string name;
  int cc_major = 0;
  int cc_minor = 0;
  int sm_count = 0;
  int driver_version = 0;    // as cudaDriverGetVersion gives it, e.g. 13000
  int runtime_version = 0;
};

struct Producer {
  ProducerKind kind = ProducerKind::gpu;
  Device device;             // kind == gpu
  std::string model;         // kind == model: what the model simulates and how
  std::string program;       // executable that wrote the trace
  std::string recorded_at;   // ISO 8601 UTC
};

struct Source {
  std::string file;          // path of the kernel source inside the repository
  std::string text;
  std::string hash;          // source_hash(text)
};

struct Trace {
  std::string lesson_id;
  std::string lesson_title;
  std::string technique;     // the TECHNIQUES.md entry, e.g. "R1"
  Producer producer;
  std::map<std::string, double> parameters;
  Source source;
  std::vector<Buffer> buffers;
  std::vector<Track> tracks;
  std::vector<Step> steps;
  std::vector<Claim> claims;
  std::vector<Timing> timings;
  int exit_code = 0;         // the lesson's own exit code for this run

  const Buffer* find_buffer(int id) const;
  const Track* find_track(int id) const;
};

// ---- text and files -----------------------------------------------------------------------

// "fnv1a64:" followed by 16 hex digits, over the bytes of text.
std::string source_hash(std::string_view text);

// The serialised form (JSON). Throws TraceError if the trace does not validate.
std::string to_json(const Trace& trace);

// Parses and validates; `origin` names the input in messages. Throws TraceError.
Trace from_json(std::string_view text, const std::string& origin = "<memory>");

// Writes to PATH.tmp-<pid> and renames it over PATH. Throws TraceError.
void write_file(const Trace& trace, const std::string& path);

// Reads, parses and validates a file. Throws TraceError naming the file.
Trace read_file(const std::string& path);

// Consistency checks a parsed trace must pass: ids declared before use, sizes that match the
// declared shapes, lines inside the source, the hash matching the text. Empty when valid.
std::vector<std::string> validate(const Trace& trace);

// The steps' events as Chrome trace JSON (opens in ui.perfetto.dev).
std::string to_perfetto_json(const Trace& trace);

// ---- names, for messages and for the JSON form ---------------------------------------------
const char* to_string(ElementType v);
const char* to_string(MemorySpace v);
const char* to_string(TrackKind v);
const char* to_string(EventKind v);
const char* to_string(Verdict v);
const char* to_string(ProducerKind v);

// ---- kernel source helpers -----------------------------------------------------------------

// The lines of a text as an editor numbers them: split at '\n', a trailing '\r' dropped, and a
// text ending in '\n' has an empty last line. The views point into `text`.
std::vector<std::string_view> split_lines(std::string_view text);

// Lines [begin, end] (1-based) of the phase whose comment is "// <label>": from the comment to
// the line before the next "// PHASE" comment or the closing brace of the function.
// Returns {0, 0} when the label does not appear.
struct LineRange {
  int begin = 0;
  int end = 0;
};
LineRange find_phase_lines(std::string_view source, std::string_view label);

}  // namespace gridlock::trace
