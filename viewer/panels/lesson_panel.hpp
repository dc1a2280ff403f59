// The lesson's README, rendered: headings, paragraphs, lists, code blocks and tables.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "model/fact_places.hpp"
#include "style.hpp"
#include "trace/trace.hpp"

namespace gridlock::viewer {

// Draws Markdown text into the current window, parsed by md4c (model/markdown.hpp): headings,
// wrapped paragraphs with bold, code and link spans, bulleted and numbered lists (nested, items
// over several lines), code blocks, tables, quotes, rules, and images as a placeholder line.
// A fact marker's text is a link where `fact_where` says where it leads (its tooltip) for the
// marker's spec; the spec clicked this frame is returned. The first block holding a marker that
// `scroll_here` accepts is scrolled to (once: the caller stops accepting).
std::optional<std::string> draw_markdown(
    const std::string& text, const Fonts& fonts,
    const std::function<std::optional<std::string>(const std::string& spec)>& fact_where = {},
    const std::function<bool(const std::string& spec)>& scroll_here = {});

// The lesson panel: the README, or a note saying where it was looked for. A number the README
// takes from the shown trace (`trace`, read from `trace_path`) is a link to where the run recorded
// it when the fact names its origin (model/fact_places.hpp); one it takes from another trace is a
// link that opens that trace there. The link clicked this frame is returned. A non-empty `scroll_to` (a fact
// key of that trace) scrolls to where the README first gives it, over the panel's first frames, and is
// cleared.
std::optional<FactLink> draw_lesson_panel(const std::string& readme, const std::string& readme_path,
                                          const std::string& trace_path, const trace::Trace& trace,
                                          const Fonts& fonts, std::string& scroll_to);

}  // namespace gridlock::viewer
