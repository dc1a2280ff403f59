// The tree view as a registry entry: wraps draw_tree_view (views/tree_view.hpp) and follows the
// buffer the current step touches (model/step_buffer.hpp), so a trace whose steps move from one
// buffer to another (block trees, then the merge of their roots) shows each in turn.
#include <memory>
#include <vector>

#include "model/step_buffer.hpp"
#include "views/registry.hpp"
#include "views/trace_thumbnail.hpp"
#include "views/tree_view.hpp"
#include "views/view.hpp"

namespace gridlock::viewer {

namespace {

class TreeView final : public TraceView {
 public:
  TreeView(const trace::Trace& trace, const ViewConfig& config) {
    state_.arrangement = config.tree_arrangement;
    reset_tree_view(state_, trace);
    state_.zoom = config.tree_zoom;
    follow_thread(state_, config.tree_followed_thread);
    buffer_of_step_ = buffers_by_step(trace, state_.buffers);
  }

  const char* name() const override { return "tree"; }
  const char* title() const override { return "Tree"; }
  bool animating() const override { return state_.entrance < 1.0; }

  void draw(const ViewFrame& f) override {
    follow_buffer(f.trace, f.cursor.step);
    draw_tree_view(state_,
                   TreeViewFrame{f.trace, f.cursor.step, f.animate, f.seconds, f.speed, f.fonts, f.heat});
  }

  void paint_thumbnail(const ThumbnailPaint& p) override {
    paint_tree_thumbnail(p, state_.layout, state_.input, state_.textures);
  }

 private:
  // On a new step, the buffer it touches (once per step, not per frame; the toolbar's choice
  // holds until the next step that touches another buffer).
  void follow_buffer(const trace::Trace& trace, int step) {
    if (step == followed_step_ || step < 0 || step >= static_cast<int>(buffer_of_step_.size())) return;
    followed_step_ = step;
    const int buffer = buffer_of_step_[static_cast<std::size_t>(step)];
    if (buffer < 0 || buffer == state_.buffer) return;
    state_.buffer = buffer;
    rebuild_tree_view(state_, trace);
  }

  TreeViewState state_;
  std::vector<int> buffer_of_step_;
  int followed_step_ = -1;
};

}  // namespace

std::unique_ptr<TraceView> make_tree_view(const trace::Trace& trace, const ViewConfig& config) {
  return std::make_unique<TreeView>(trace, config);
}

}  // namespace gridlock::viewer
