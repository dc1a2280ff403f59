// Parsing a trace file within bounds: one SAX walk that counts values and depth while it builds the
// document tree, so a file is refused for its size, depth or malformed text as soon as it passes a
// limit, with at most kMaxJsonValues values allocated for it.
#include <cmath>
#include <nlohmann/json.hpp>

#include "trace/json_reader.hpp"

namespace gridlock::trace {
namespace {

using Json = nlohmann::json;
using TreeBuilder = nlohmann::detail::json_sax_dom_parser<Json>;

// Counts every value and the depth, stops at the first limit passed or the first syntax error,
// and hands every event that passes to the tree builder.
class BoundedTree {
 public:
  using number_integer_t = Json::number_integer_t;
  using number_unsigned_t = Json::number_unsigned_t;
  using number_float_t = Json::number_float_t;
  using string_t = Json::string_t;
  using binary_t = Json::binary_t;

  explicit BoundedTree(Json& root) : builder_(root, false) {}
  std::string problem;

  bool null() { return value() && builder_.null(); }
  bool boolean(bool v) { return value() && builder_.boolean(v); }
  bool number_integer(number_integer_t v) { return value() && builder_.number_integer(v); }
  bool number_unsigned(number_unsigned_t v) { return value() && builder_.number_unsigned(v); }
  bool number_float(number_float_t v, const string_t& text) {
    if (!std::isfinite(v)) return refuse("the number " + text.substr(0, 40) + " does not fit a double");
    return value() && builder_.number_float(v, text);
  }
  bool string(string_t& v) { return value() && builder_.string(v); }
  bool binary(binary_t& v) { return value() && builder_.binary(v); }
  bool key(string_t& v) { return value() && builder_.key(v); }
  bool start_object(std::size_t n) { return open() && builder_.start_object(n); }
  bool start_array(std::size_t n) { return open() && builder_.start_array(n); }
  bool end_object() { return close() && builder_.end_object(); }
  bool end_array() { return close() && builder_.end_array(); }
  bool parse_error(std::size_t position, const std::string&, const Json::exception& e) {
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
                  " JSON values (numbers, strings, arrays, objects and keys); refused");
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

  TreeBuilder builder_;
  int64_t values_ = 0;
  int depth_ = 0;
};

}  // namespace

nlohmann::json parse_within_bounds(std::string_view text, const std::string& origin) {
  if (text.size() > static_cast<size_t>(kMaxFileBytes))
    throw TraceError(origin + ": larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB; refused");
  Json root;
  BoundedTree tree(root);
  if (!Json::sax_parse(text.begin(), text.end(), &tree)) throw TraceError(origin + ": " + tree.problem);
  return root;
}

}  // namespace gridlock::trace
