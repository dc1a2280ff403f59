// Parsing a trace file within bounds: one SAX walk that counts values and depth while it builds the
// document tree, so a file is refused for its size, depth or malformed text as soon as it passes a
// limit, with at most kMaxJsonValues values allocated for it.
#include <algorithm>
#include <cmath>
#include <cstdio>
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

  BoundedTree(Json& root, std::string_view text) : builder_(root, false), text_(text) {}
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
  // In the project's words: where, and what the text there looks like; never the library's text.
  bool parse_error(std::size_t position, const std::string& token, const Json::exception& e) {
    const std::string at = "at byte " + std::to_string(position) + " (" + line_and_column(position) + ")";
    if (e.id == 406)  // valid JSON, but a number the library cannot hold
      return refuse(at + ": the number " + quoted(std::string_view(token).substr(0, 40)) +
                    " does not fit a double");
    const std::string where = "not valid JSON " + at;
    const size_t first = text_.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text_[first] != '{' && text_[first] != '[')
      return refuse(where + ": a trace is a JSON object, and this file begins with " +
                    quoted(text_.substr(first, 24)) + ": not a gridlock trace");
    if (position >= text_.size())
      return refuse(where + ": the file ends inside the JSON, so it was cut short");
    return refuse(where + ", at " + quoted(text_.substr(position > 0 ? position - 1 : 0, 16)));
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

  // "line 3, column 7" of the 1-based byte position the parser reports.
  std::string line_and_column(std::size_t position) const {
    const std::string_view before = text_.substr(0, position > 0 ? std::min(position - 1, text_.size()) : 0);
    const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
    const size_t newline = before.rfind('\n');
    const size_t column = before.size() - (newline == std::string_view::npos ? 0 : newline + 1) + 1;
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
  }
  // A piece of the text in quotes, with what does not print as \xNN.
  static std::string quoted(std::string_view piece) {
    std::string out = "\"";
    for (const char c : piece) {
      const auto u = static_cast<unsigned char>(c);
      if (u == '\n') break;
      if (u < 0x20 || u >= 0x7f) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02x", u);
        out += hex;
      } else {
        out += c;
      }
    }
    return out + "\"";
  }

  TreeBuilder builder_;
  std::string_view text_;
  int64_t values_ = 0;
  int depth_ = 0;
};

}  // namespace

nlohmann::json parse_within_bounds(std::string_view text, const std::string& origin) {
  if (text.size() > static_cast<size_t>(kMaxFileBytes))
    throw TraceError(origin + ": larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB; refused");
  Json root;
  BoundedTree tree(root, text);
  if (!Json::sax_parse(text.begin(), text.end(), &tree)) throw TraceError(origin + ": " + tree.problem);
  return root;
}

}  // namespace gridlock::trace
