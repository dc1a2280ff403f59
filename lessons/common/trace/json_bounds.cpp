// The first pass over a trace file: a SAX walk that builds nothing, so a file is refused for its
// size, depth or malformed text before the reader allocates a parsed tree for it.
#include <cmath>
#include <nlohmann/json.hpp>

#include "trace/json_reader.hpp"

namespace gridlock::trace {
namespace {

using Json = nlohmann::json;

// Counts values and depth; stops at the first limit passed or the first syntax error.
class Bounds : public nlohmann::json_sax<Json> {
 public:
  std::string problem;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t v, const string_t& text) override {
    if (!std::isfinite(v)) return refuse("the number " + text.substr(0, 40) + " does not fit a double");
    return value();
  }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool key(string_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&, const Json::exception& e) override {
    return refuse("not valid JSON at byte " + std::to_string(position) + ": " + e.what());
  }

 private:
  bool refuse(std::string what) {
    problem = std::move(what);
    return false;
  }
  bool value() {
    if (++values_ <= kMaxJsonValues) return true;
    return refuse("more than " + std::to_string(kMaxJsonValues) +
                  " JSON values (numbers, strings, arrays, objects and keys); refused before parsing");
  }
  bool open() {
    if (++depth_ > kMaxJsonDepth)
      return refuse("arrays and objects nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return value();
  }
  bool close() {
    --depth_;
    return true;
  }

  int64_t values_ = 0;
  int depth_ = 0;
};

}  // namespace

void check_json_bounds(std::string_view text, const std::string& origin) {
  if (text.size() > static_cast<size_t>(kMaxFileBytes))
    throw TraceError(origin + ": larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB; refused");
  Bounds bounds;
  if (!Json::sax_parse(text.begin(), text.end(), &bounds)) throw TraceError(origin + ": " + bounds.problem);
}

}  // namespace gridlock::trace
