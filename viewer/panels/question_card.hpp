// Predict, then reveal, on the trace screen: Q opens the trace's next question (model/questions
// .hpp) with its outcome hidden (the step's words, the claims and the lesson's text), R reveals
// the answer and moves the playback to where the trace shows it. Q after the last closes them.
#pragma once

#include <optional>
#include <vector>

#include "model/playback.hpp"
#include "model/questions.hpp"
#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

struct QuizState {
  std::vector<Question> questions;
  bool computed = false;  // questions are made the first time they are asked for
  int open = -1;          // the question shown; -1: none
  bool revealed = false;
  bool hides_outcome() const { return open >= 0 && !revealed; }
};

// Opens question `index` (clamped; computing the questions if needed) and moves `playback` to
// where it is asked. False when the trace has no question.
bool open_question(QuizState& quiz, const trace::Trace& trace, int index, Playback& playback);
// Reveals the open question's answer and moves `playback` to where the trace shows it.
void reveal_question(QuizState& quiz, Playback& playback);
// This frame's Q and R.
void question_keys(QuizState& quiz, const trace::Trace& trace, Playback& playback);

// The card's height at `width`, 0 while no question is open.
float question_card_height(const QuizState& quiz, const Fonts& fonts, float width);
// The card: which question, the prompt, and the answer once revealed.
void draw_question_card(const QuizState& quiz, const Fonts& fonts);

}  // namespace gridlock::viewer
