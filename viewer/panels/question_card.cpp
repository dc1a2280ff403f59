// The question card and its keys.
#include "panels/question_card.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "model/key_events.hpp"

namespace gridlock::viewer {

namespace {

void move_to(Playback& playback, int step, const std::optional<int64_t>& t) {
  playback.pause();
  if (t)
    playback.seek_time(*t);
  else
    playback.seek(step);
}

std::string heading(const QuizState& quiz) {
  return "Question " + std::to_string(quiz.open + 1) + " of " + std::to_string(quiz.questions.size());
}

const char* hint(const QuizState& quiz) {
  if (!quiz.revealed) return "predict, then R reveals";
  return quiz.open + 1 < static_cast<int>(quiz.questions.size()) ? "Q: the next question"
                                                                 : "Q closes the questions";
}

}  // namespace

bool open_question(QuizState& quiz, const trace::Trace& trace, int index, Playback& playback) {
  if (!quiz.computed) {
    quiz.questions = trace_questions(trace);
    quiz.computed = true;
  }
  if (quiz.questions.empty()) return false;
  quiz.open = std::clamp(index, 0, static_cast<int>(quiz.questions.size()) - 1);
  quiz.revealed = false;
  const Question& q = quiz.questions[static_cast<std::size_t>(quiz.open)];
  move_to(playback, q.ask_step, q.ask_t);
  return true;
}

void reveal_question(QuizState& quiz, Playback& playback) {
  if (quiz.open < 0 || quiz.revealed) return;
  quiz.revealed = true;
  const Question& q = quiz.questions[static_cast<std::size_t>(quiz.open)];
  move_to(playback, q.reveal_step, q.reveal_t);
}

void question_keys(QuizState& quiz, const trace::Trace& trace, Playback& playback) {
  if (ImGui::GetIO().WantTextInput) return;
  const KeyEvents& keys = frame_keys();
  if (keys.pressed_plain('R', false)) reveal_question(quiz, playback);
  if (!keys.pressed_plain('Q', false)) return;
  if (quiz.open + 1 >= static_cast<int>(quiz.questions.size()) && quiz.computed) {
    quiz.open = -1;  // after the last: the questions close
    return;
  }
  open_question(quiz, trace, quiz.open + 1, playback);
}

float question_card_height(const QuizState& quiz, const Fonts& fonts, float width) {
  if (quiz.open < 0) return 0.0f;
  const Question& q = quiz.questions[static_cast<std::size_t>(quiz.open)];
  const ImGuiStyle& style = ImGui::GetStyle();
  const float text_w = std::max(1.0f, width - 2 * style.WindowPadding.x);
  float h = fonts.bold->FontSize + style.ItemSpacing.y;
  h += ImGui::CalcTextSize(q.prompt.c_str(), nullptr, false, text_w).y + style.ItemSpacing.y;
  if (quiz.revealed)
    h += ImGui::CalcTextSize(q.answer.c_str(), nullptr, false, text_w).y + style.ItemSpacing.y;
  return h + 2 * style.WindowPadding.y + 2;
}

void draw_question_card(const QuizState& quiz, const Fonts& fonts) {
  if (quiz.open < 0) return;
  const Question& q = quiz.questions[static_cast<std::size_t>(quiz.open)];
  ImGui::PushFont(fonts.bold);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour::accent), "%s", heading(quiz).c_str());
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", hint(quiz));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(q.prompt.c_str());
  if (quiz.revealed) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour::highlight_mark));
    ImGui::TextUnformatted(q.answer.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
}

}  // namespace gridlock::viewer
