// Phrases read: the numbers that fill a phrase's placeholders, and the words problems are told in.
#include <algorithm>
#include <string>

#include "trace/words_rules.hpp"

namespace gridlock::trace::words {

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
int hex_digit(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool match(std::string_view pattern, std::string_view text, std::vector<Number>& numbers, size_t offset) {
  if (pattern.empty()) return text.empty();
  const char p = pattern.front();
  if (p == '*') {
    for (size_t skip = 0; skip <= text.size(); ++skip) {
      const size_t before = numbers.size();
      if (match(pattern.substr(1), text.substr(skip), numbers, offset + skip)) return true;
      numbers.resize(before);
    }
    return false;
  }
  if (p == '#' || p == '%') {
    const bool hex = p == '%';
    size_t i = 0;
    const bool negative = !hex && !text.empty() && text[0] == '-';
    if (negative) ++i;
    int64_t value = 0;
    const size_t first = i;
    while (i < text.size() && (hex ? hex_digit(text[i]) >= 0 : is_digit(text[i])) && i - first < 18)
      value = value * (hex ? 16 : 10) + (hex ? hex_digit(text[i++]) : text[i++] - '0');
    if (i == first) return false;
    numbers.push_back({negative ? -value : value, offset, i, hex});
    if (match(pattern.substr(1), text.substr(i), numbers, offset + i)) return true;
    numbers.pop_back();
    return false;
  }
  return !text.empty() && text.front() == p && match(pattern.substr(1), text.substr(1), numbers, offset + 1);
}

bool match(std::string_view pattern, std::string_view text, std::vector<int64_t>& values) {
  std::vector<Number> numbers;
  if (!match(pattern, text, numbers)) return false;
  for (const Number& n : numbers) values.push_back(n.value);
  return true;
}

bool has_number(std::string_view text) { return std::any_of(text.begin(), text.end(), is_digit); }

std::string str(int64_t v) { return std::to_string(v); }
std::string str(double v) {
  return v == static_cast<double>(static_cast<int64_t>(v)) ? std::to_string(static_cast<int64_t>(v))
                                                           : std::to_string(v);
}

std::string differ(const char* what, int64_t said, double actual) {
  if (static_cast<double>(said) == actual) return "";
  return std::string(what) + " reads " + str(said) + " where the run has " + str(actual);
}

std::string first_of(std::initializer_list<std::string> problems) {
  for (const std::string& p : problems)
    if (!p.empty()) return p;
  return "";
}

}  // namespace gridlock::trace::words
