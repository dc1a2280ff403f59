// Pieces the trace screen and the compare screen share: the splitter between panels, a small
// marker label, the trace's header line, and the current step's caption.
#pragma once

#include <imgui.h>

#include <string>

#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// A draggable bar between two panels; returns the new share of `total` for the first one.
float draw_splitter(const char* id, bool vertical, float share, float total, float thickness);

// After EndChild of a child begun with ImGuiWindowFlags_NoBackground (which leaves out its border
// too): the child's border, as a framed child draws it. The frame without the fill spares a
// software renderer a layer of pixels where the child's content paints its own canvas.
void frame_last_child();

// While the last item is hovered: `text` in a tooltip, wrapped at `width_in_fonts` font sizes.
void wrapped_tooltip(const std::string& text, float width_in_fonts = 32.0f);

// The view tab the keys choose this frame: V the next, Shift+V the previous (wrapping round);
// `shown` when neither was pressed or while text is typed.
int next_view_key(int shown, int count);

// A small rounded label at the cursor, on the current line, with a tooltip while hovered.
void draw_marker(const std::string& text, ImU32 fill, ImU32 ink, const std::string& tip);

// The lesson's title, technique and the file's name; a marker for the trace's notices; the producer at the
// right; a banner for a trace a model produced.
void draw_trace_header(const trace::Trace& trace, const std::string& file_name, const Fonts& fonts);

// The step's label in the caption font with its detail beside it, its note under it, and under
// that, where `why` is not empty, why the phase is written that way.
// `caption`: the label's font (smaller in compare mode's narrower columns). With `short_why` (a
// small window, or large type), the why takes one line, cut with an ellipsis, whole on hover: the
// picture keeps its room.
void draw_step_caption(const trace::Step& step, const Fonts& fonts, ImFont* caption, ImFont* detail,
                       const std::string& why = {}, bool short_why = false);

// The caption on one line: the step's label in bold and its detail, cut with an ellipsis; the
// whole caption with its note on hover. Compare mode's picture mode, where two columns share the
// height of one.
void draw_caption_line(const trace::Trace& trace, int step, const Fonts& fonts);

// The caption of `step` of a trace; for a trace without steps (timings only) a caption that says
// what it holds instead. With `whys` (model/source_text.hpp's step_whys), the caption ends with
// the kernel's comment below the step's phase comment.
void draw_trace_caption(const trace::Trace& trace, int step, const Fonts& fonts, ImFont* caption,
                        ImFont* detail, const std::vector<std::string>& whys = {}, bool short_why = false);

}  // namespace gridlock::viewer
