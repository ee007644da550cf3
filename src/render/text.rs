//! Positions drawn as text: a grid for square boards, a list of points for
//! graph boards, and a status line (player to move, phase, hands, counters).

use crate::board::BoardShape;
use crate::engine::State;

/// One character per piece: the type's initial, upper case for the first
/// player, lower case for the second, digits for more, `*` for neutral.
fn symbol(state: &State, code: u8) -> char {
    let game = state.game();
    let initial = game.pieces[game.type_of(code) as usize].name.chars().next().unwrap_or('?');
    match game.owner_of(code) as usize {
        0 => initial.to_ascii_uppercase(),
        1 => initial.to_ascii_lowercase(),
        o if o == game.players.len() => '*',
        o => char::from_digit(o as u32, 10).unwrap_or('?'),
    }
}

pub fn board_text(state: &State) -> String {
    let game = state.game();
    let mut out = String::new();
    match game.board.shape {
        BoardShape::Square { files, ranks } => {
            for rank in (0..ranks).rev() {
                out.push_str(&format!("{:>2} ", rank + 1));
                for file in 0..files {
                    let code = state.cell((rank * files + file) as u16);
                    out.push(' ');
                    out.push(if code == 0 { '.' } else { symbol(state, code) });
                }
                out.push('\n');
            }
            out.push_str("   ");
            for file in 0..files {
                out.push(' ');
                out.push((b'a' + file as u8) as char);
            }
            out.push('\n');
        }
        BoardShape::Graph => {
            let width = game.board.site_names().map(str::len).max().unwrap_or(1);
            for site in 0..game.board.site_count() as u16 {
                let code = state.cell(site);
                let contents = if code == 0 { "-".to_string() } else { game.describe_code(code) };
                out.push_str(&format!("{:>width$}  {}\n", game.board.site_name(site), contents));
            }
        }
    }
    out
}

pub fn status_text(state: &State) -> String {
    let game = state.game();
    let mut parts = vec![format!("ply {}", state.ply()), format!("phase {}", state.phase_name())];
    match state.outcome() {
        Some(o) => parts.push(match o.winner {
            Some(w) => format!("{w} wins ({})", o.reason),
            None => format!("draw ({})", o.reason),
        }),
        None => parts.push(format!("{} to move", game.players[state.current_player() as usize])),
    }
    for (p, player) in game.players.iter().enumerate() {
        let held: Vec<String> = (0..game.pieces.len())
            .filter(|&t| state.hand(p as u8, t as u8) > 0)
            .map(|t| format!("{} {}", state.hand(p as u8, t as u8), game.pieces[t].name))
            .collect();
        if !held.is_empty() {
            parts.push(format!("{player} holds {}", held.join(", ")));
        }
    }
    for counter in &game.counters {
        parts.push(format!("{} = {}", counter.name, state.counter(&counter.name).unwrap_or(0)));
    }
    parts.join(" | ")
}
