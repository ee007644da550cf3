//! Scratch positions, kept per thread and reused, for trying a move without
//! touching the real position (the royal test, the repetition ban). Once
//! warmed up, nothing is allocated.

use super::state::Position;
use std::cell::RefCell;

thread_local! {
    // Boxed: taking one out and putting it back moves a pointer, not the
    // whole position (a copy that cost more than the move tried on it).
    #[allow(clippy::vec_box, reason = "the box is what makes taking one out cheap")]
    static SCRATCH: RefCell<Vec<Box<Position>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` on a scratch copy of `pos`.
pub(crate) fn with_scratch<R>(pos: &Position, f: impl FnOnce(&mut Position) -> R) -> R {
    let mut scratch = SCRATCH.with(|s| s.borrow_mut().pop()).unwrap_or_else(|| Box::new(pos.clone()));
    scratch.copy_pieces_from(pos);
    let result = f(&mut scratch);
    SCRATCH.with(|s| s.borrow_mut().push(scratch));
    result
}
