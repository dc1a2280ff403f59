// The Open dialog: a path box and a listing of the current folder (folders and .json files).
#pragma once

#include <string>
#include <vector>

#include "style.hpp"

namespace gridlock::viewer {

struct OpenDialogState {
  bool requested = false;            // open the popup on the next frame
  std::string folder;                // the folder listed
  std::string path;                  // the path box
  std::vector<std::string> folders;  // names in `folder`
  std::vector<std::string> files;
  std::string message;  // why the listing or the choice failed
};

// Shows the dialog on the next frame, listing `folder`.
void request_open_dialog(OpenDialogState& state, const std::string& folder);

// Draws the dialog when it is open. Returns the chosen file, or an empty string.
std::string draw_open_dialog(OpenDialogState& state, const Fonts& fonts);

// Reads `folder` into state.folders / state.files (sorted; hidden entries skipped).
void list_folder(OpenDialogState& state, const std::string& folder);

}  // namespace gridlock::viewer
