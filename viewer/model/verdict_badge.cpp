// Telling a silent failure from a plain confirmation.
#include "model/verdict_badge.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>

namespace gridlock::viewer {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool contains_any(const std::string& text, std::initializer_list<const char*> words) {
  return std::any_of(words.begin(), words.end(),
                     [&](const char* w) { return text.find(w) != std::string::npos; });
}

}  // namespace

bool states_silent_failure(const std::string& statement) {
  const std::string s = lower(statement);
  if (contains_any(s, {"deadlock", "hangs", "never completes", "cannot complete", "is refused"}))
    return false;
  return contains_any(s, {"wrong result", "wrong answer", "wrong value", "wrong sum", "wrong count",
                          "result is wrong", "answer is wrong", "is incorrect", "incorrect result",
                          "different answer", "different result", "gives a different", "race condition",
                          "does not give the", "does not keep the order", "loses updates", "lost update"});
}

Badge badge_of(const trace::Claim& claim) {
  switch (claim.verdict) {
    case trace::Verdict::confirmed:
      return states_silent_failure(claim.statement) ? Badge::confirmed_silent : Badge::confirmed;
    case trace::Verdict::contradicted:
      return Badge::contradicted;
    case trace::Verdict::not_observable:
      return Badge::not_observable;
  }
  return Badge::not_observable;
}

const char* badge_words(Badge badge) {
  switch (badge) {
    case Badge::confirmed:
      return "confirmed";
    case Badge::confirmed_silent:
      return "confirmed: fails silently";
    case Badge::contradicted:
      return "contradicted";
    case Badge::not_observable:
      return "not observable";
  }
  return "?";
}

const char* badge_meaning(Badge badge) {
  switch (badge) {
    case Badge::confirmed:
      return "The documentation is right: the measurement agrees with it.";
    case Badge::confirmed_silent:
      return "The documentation is right, and that is the warning: this code gives a wrong result "
             "without any error or crash. Nothing but checking the answer shows it.";
    case Badge::contradicted:
      return "The documentation is wrong on this GPU: the measurement says otherwise.";
    case Badge::not_observable:
      return "Nothing this run can measure shows whether the documentation is right; the reason is given.";
  }
  return "";
}

}  // namespace gridlock::viewer
