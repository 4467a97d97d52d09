//! How far the draw rules let a database result run.
//!
//! The database is built by the move rules alone. A win of `n` plies to the
//! end of the game stays a win under the counter rules when none of them can
//! fire within those `n` plies. A counter rule fires at a position where its
//! counter has reached the limit and the side to move still has a move; along
//! a line of `n` plies the counters grow by at most one a ply, and the last
//! position of a won line has no move. So a result holds when
//! `n <= limit - counter` for every rule that applies to the current material.
//! Counters only ever reset, so the test is safe (it may decline a result a
//! reset would have saved, never accept one a rule spoils).
//!
//! Only the rules of the current material are read: a capture or a
//! promotion resets every counter but Zisnella's, and the search probes the
//! position after it afresh, with the limits of its new material.

use damero_core::{Color, Game};

use damero_draughts::Draughts;
use damero_draughts::{DraughtsRules, DrawRule, Variant};

/// Plies the counter rules of `position`'s material leave before one of them
/// can draw the game (`u32::MAX` when none applies).
pub(crate) fn plies_left<V: Variant>(position: &Draughts<V>) -> u32 {
    let left = |limit: u32, counter: u32| limit.saturating_sub(counter);
    let kings_moves = position.plies_since_capture_or_man_move();
    let material = position.plies_since_material_change();
    match position.rules().draw_rule() {
        DrawRule::Fsr => {
            // russian.md 13c: 15 moves each of kings only, no capture.
            let mut plies = left(30, kings_moves);
            // 13b: three kings or more against a lone king, 15 moves.
            if lone_king(position, false) {
                plies = plies.min(left(29, material));
            }
            // 13d: both sides have kings, material unchanged.
            let (white_men, white_kings) = position.material(Color::White);
            let (black_men, black_kings) = position.material(Color::Black);
            if white_kings > 0 && black_kings > 0 {
                let limit = match white_men + white_kings + black_men + black_kings {
                    2 | 3 => 10,
                    4 | 5 => 60,
                    6 | 7 => 120,
                    _ => u32::MAX,
                };
                plies = plies.min(left(limit, material));
            }
            plies
        }
        DrawRule::Olsen if lone_king(position, true) => left(29, material),
        DrawRule::Olsen => u32::MAX,
        DrawRule::FortyPliesWithoutCapture => left(40, position.plies_since_capture()),
        DrawRule::FortyKingPlies => left(40, kings_moves),
        DrawRule::EightyPliesWithoutProgress => left(80, kings_moves),
    }
}

/// The material of the lone-king rule (russian.md 13b; with `olsen`, exactly
/// three kings and no men against the lone king), either side strong.
fn lone_king<V: Variant>(position: &Draughts<V>, olsen: bool) -> bool {
    Color::ALL.into_iter().any(|strong| {
        let (lone_men, lone_kings) = position.material(!strong);
        let (strong_men, strong_kings) = position.material(strong);
        lone_men == 0
            && lone_kings == 1
            && if olsen { strong_kings == 3 && strong_men == 0 } else { strong_kings >= 3 }
    })
}
