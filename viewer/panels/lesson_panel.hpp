// The lesson's README, rendered: headings, paragraphs, lists, code blocks and tables.
#pragma once

#include <string>

#include "style.hpp"

namespace gridlock::viewer {

// Draws Markdown text into the current window, parsed by md4c (model/markdown.hpp): headings,
// wrapped paragraphs with bold, code and link spans, bulleted and numbered lists (nested, items
// over several lines), code blocks, tables, quotes, rules, and images as a placeholder line.
void draw_markdown(const std::string& text, const Fonts& fonts);

// The lesson panel: the README, or a note saying where it was looked for.
void draw_lesson_panel(const std::string& readme, const std::string& readme_path,
                       const std::string& trace_path, const Fonts& fonts);

}  // namespace gridlock::viewer
