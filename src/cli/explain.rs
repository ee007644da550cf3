//! `orrery explain FILE MOVE`: which rule makes a move legal, or which
//! condition of which rule refuses it, pointing at the rule in the file.
//! Exit status 0 when the move is legal, 1 when it is not (or on bad input).
//! `--format json` gives the answer as data: the headline, one reason per
//! rule with its line, and the help.

use super::common::{color_stdout, load};
use super::{Format, GameArgs};
use crate::diagnostics::render;
use crate::formats::explain::explain_move;
use crate::formats::notation::parse_move;

pub fn run(args: &GameArgs, mv: &str, after: &[String], format: Format) -> i32 {
    let Ok((game, mut state)) = load(args) else {
        return 1;
    };
    for (ply, text) in after.iter().enumerate() {
        match parse_move(&state, text) {
            Ok(played) => state.apply(&played),
            Err(e) => {
                eprintln!("error: move {} of --after, `{text}`: {e}", ply + 1);
                return 1;
            }
        }
    }
    match explain_move(&state, mv) {
        Ok(answer) => {
            match format {
                Format::Text => print!("{}", render(&game.source, &answer.diagnostic, color_stdout())),
                Format::Json => println!("{}", answer.to_json(mv, &game.source)),
            }
            i32::from(!answer.legal)
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}
