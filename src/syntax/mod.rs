//! Reading a rule file: the pest grammar (grammar/rules.pest), syntax-error
//! recovery one item at a time, and lowering to the AST.

pub mod ast;
pub mod format;
pub mod input;
mod lower;
mod misplaced;
mod parser;
pub mod span;

pub use parser::{expected_after, parse};
