//! Orrery: a general board-game rules interpreter.
//!
//! A game is a text file in Orrery's rule language. The pipeline, one folder
//! per stage: [`syntax`] (pest grammar, AST with spans), [`check`] (names,
//! shapes, lints, all reported with spans), [`board`] (grids and point-and-line
//! graphs built with petgraph, lowered to dense tables), [`compile`] (AST to a
//! [`game::Game`]), [`game`] (the compiled rules), [`engine`] (states, legal moves, apply, outcomes), and
//! the tools around it: [`formats`], [`render`], [`agents`], [`serve`], [`cli`], and the language server [`lsp`].

pub mod agents;
pub mod analysis;
pub mod board;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diagnostics;
pub mod engine;
pub mod formats;
pub mod game;
pub mod lsp;
pub mod render;
pub mod safe_write;
pub mod serve;
pub mod syntax;
pub mod variants;

pub use engine::{Game, Move, Outcome, State};
