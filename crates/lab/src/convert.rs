//! Converting database wins (`damero egdb convert`): positions an endgame
//! database says the side to move wins, played out by an engine for the
//! winner against the database's longest defence, to see whether the engine
//! wins them, and how much longer than the database's distance it takes.
//!
//! The positions ([`sample_wins`]) are drawn (seeded) from the database's
//! slices of `min_pieces` pieces or more, with their draw counters at zero,
//! and kept when the side to move wins in at least [`MIN_WIN_PLIES`] plies
//! within what the draw rules allow ([`EndgameDatabase::probe`]), so every
//! one can be won under the rules.
//!
//! In [`convert`] the defender plays, of its legal moves, a draw if one is
//! left (the engine let the win slip), else the loss that lasts longest by
//! the database's distance, the first in move order among equals. The game
//! is [won](Ending::Won) when the engine wins it by the rules within the
//! distance plus `margin` plies; otherwise it ends at the first of: a move
//! of the engine leaves a position the database no longer counts as lost
//! for the defender ([`Ending::Slipped`]), the rules draw it ([`Ending::Drawn`]:
//! a counter rule or a repetition), or the distance plus the margin is
//! played out ([`Ending::TooSlow`]). The engine is whatever the caller
//! built: with the same database it converts every win by construction (the
//! distance falls along its best moves), so the test is of an engine
//! without it, or with a smaller one.

use std::fmt;

use damero_core::{Evaluator, Game, GameRecord, MoveList, Outcome, Verdict};
use damero_draughts::{Draughts, Variant};
use damero_engine::Engine;
use damero_eval::egdb::EndgameDatabase;

pub use crate::suite::MIN_WIN_PLIES;

/// A database win to convert: the side to move wins in `plies` plies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinSample<V: Variant> {
    /// The position (draw counters at zero).
    pub position: Draughts<V>,
    /// The database's distance to the end of the game, in plies.
    pub plies: u32,
}

/// Up to `count` positions of `database` with at least `min_pieces` pieces
/// whose side to move wins in [`MIN_WIN_PLIES`] plies or more within the
/// draw rules, drawn with `seed`, each once. Fewer when the database does
/// not hold so many (it stops after `count * 2000` draws).
pub fn sample_wins<V: Variant>(
    database: &EndgameDatabase<V>,
    count: usize,
    min_pieces: u32,
    seed: u64,
) -> Vec<WinSample<V>> {
    crate::suite::drawn_positions(database, min_pieces, seed, count.saturating_mul(2000))
        .filter_map(|position| match database.probe(&position) {
            Some(Verdict::Win { plies }) if plies >= MIN_WIN_PLIES => Some(WinSample { position, plies }),
            _ => None,
        })
        .take(count)
        .collect()
}

/// How a conversion ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The engine won by the rules within the distance plus the margin.
    Won,
    /// A move of the engine left a position the database does not count as
    /// lost for the defender (a draw, or a win beyond the database).
    Slipped,
    /// The rules drew the game: a counter rule or a repetition.
    Drawn,
    /// The distance plus the margin was played out without a win.
    TooSlow,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Won => "won",
            Ending::Slipped => "slipped",
            Ending::Drawn => "drawn",
            Ending::TooSlow => "too slow",
        })
    }
}

/// One database win played out.
#[derive(Clone, Debug, PartialEq)]
pub struct Conversion<V: Variant> {
    /// The win that was played out.
    pub sample: WinSample<V>,
    /// Plies played (both sides).
    pub plies: u32,
    /// How it ended.
    pub ending: Ending,
    /// The moves, in the game's notation.
    pub moves: Vec<String>,
    /// Nodes the engine searched in all.
    pub nodes: u64,
}

impl<V: Variant> Conversion<V> {
    /// Whether the engine won.
    pub fn won(&self) -> bool {
        self.ending == Ending::Won
    }

    /// Plies beyond the database's distance (0 for a perfect conversion).
    pub fn extra_plies(&self) -> u32 {
        self.plies.saturating_sub(self.sample.plies)
    }
}

/// The defender's move in `position`: a draw if one is left, else the loss
/// that lasts longest, the first in move order among equals; `None` without
/// a legal move or when a child is beyond the database.
pub fn longest_defence<V: Variant>(
    database: &EndgameDatabase<V>,
    position: &Draughts<V>,
) -> Option<damero_draughts::Move> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let mut best: Option<(u32, damero_draughts::Move)> = None;
    for &mv in &moves {
        let mut child = *position;
        child.play(mv);
        // The child's verdict is the attacker's: higher ranks are better
        // for the defender.
        let rank = match database.value(&child)? {
            Verdict::Loss { .. } => u32::MAX,
            Verdict::Draw => u32::MAX - 1,
            Verdict::Win { plies } => plies,
        };
        if best.is_none_or(|(kept, _)| rank > kept) {
            best = Some((rank, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// Plays `sample` out with `engine` for the winner against the database's
/// longest defence (see the [module documentation](self)), for at most the
/// database's distance plus `margin` plies. The engine starts a new game
/// (its table cleared), so the result depends on the sample alone.
pub fn convert<V: Variant, E: Evaluator<Draughts<V>>>(
    database: &EndgameDatabase<V>,
    engine: &mut Engine<Draughts<V>, E>,
    sample: WinSample<V>,
    margin: u32,
) -> Conversion<V> {
    engine.new_game();
    let attacker = sample.position.side_to_move();
    let mut record = GameRecord::new(sample.position);
    let mut conversion =
        Conversion { sample, plies: 0, ending: Ending::TooSlow, moves: Vec::new(), nodes: 0 };
    let limit = sample.plies.saturating_add(margin);
    while conversion.plies < limit {
        let position = *record.position();
        let mv = if position.side_to_move() == attacker {
            let result = engine.think(&record, |_| {});
            conversion.nodes += result.nodes;
            result.best_move
        } else {
            longest_defence(database, &position)
        };
        let Some(mv) = mv else { break };
        conversion.moves.push(position.format_move(mv));
        record.play(mv);
        conversion.plies += 1;
        match record.outcome() {
            Some(Outcome::Win(winner)) if winner == attacker => {
                conversion.ending = Ending::Won;
                return conversion;
            }
            // The defender cannot win from a lost position without the
            // attacker slipping first, which ends the game below.
            Some(_) => {
                conversion.ending = Ending::Drawn;
                return conversion;
            }
            None => {}
        }
        if position.side_to_move() == attacker
            && !matches!(database.value(record.position()), Some(Verdict::Loss { .. }))
        {
            conversion.ending = Ending::Slipped;
            return conversion;
        }
    }
    conversion
}

/// What [`convert`] gave over a set of samples.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConversionReport {
    /// Games played.
    pub games: usize,
    /// Games won within the margin.
    pub won: usize,
    /// Games where a move of the engine let the win slip.
    pub slipped: usize,
    /// Drawn by a rule or a repetition.
    pub drawn: usize,
    /// Out of plies.
    pub too_slow: usize,
    /// Plies beyond the distance of each game won, in order.
    pub extra_plies: Vec<u32>,
    /// Nodes in all.
    pub nodes: u64,
}

impl ConversionReport {
    /// Counts one conversion.
    pub fn add<V: Variant>(&mut self, conversion: &Conversion<V>) {
        self.games += 1;
        self.nodes += conversion.nodes;
        match conversion.ending {
            Ending::Won => {
                self.won += 1;
                self.extra_plies.push(conversion.extra_plies());
            }
            Ending::Slipped => self.slipped += 1,
            Ending::Drawn => self.drawn += 1,
            Ending::TooSlow => self.too_slow += 1,
        }
    }

    /// The median and the most plies beyond the distance among the games
    /// won (`None` when none was).
    pub fn extra_plies_median_and_max(&self) -> Option<(u32, u32)> {
        let mut extra = self.extra_plies.clone();
        extra.sort_unstable();
        Some((*extra.get(extra.len() / 2)?, *extra.last()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damero_draughts::RussianVariant;
    use damero_engine::EngineSpec;
    use damero_eval::{DraughtsEvaluator, EgdbEvaluator};
    use std::collections::HashSet;
    use std::sync::{Arc, OnceLock};

    type Russian = Draughts<RussianVariant>;

    /// The 4-piece Russian database, built once for the tests (a few seconds).
    fn database() -> Arc<EndgameDatabase<RussianVariant>> {
        static DATABASE: OnceLock<Arc<EndgameDatabase<RussianVariant>>> = OnceLock::new();
        DATABASE
            .get_or_init(|| Arc::new(crate::egdb::build_in_memory(4, |_| {}).expect("a 4-piece database")))
            .clone()
    }

    fn pieces(position: &Russian) -> u32 {
        (position.bits(damero_core::Color::White) | position.bits(damero_core::Color::Black)).count_ones()
    }

    #[test]
    fn samples_are_distinct_wins_within_the_rules() {
        let database = database();
        let samples = sample_wins(&database, 40, 4, 3);
        assert_eq!(samples.len(), 40);
        let distinct: HashSet<_> = samples.iter().map(|s| s.position.zobrist()).collect();
        assert_eq!(distinct.len(), 40);
        for sample in &samples {
            assert_eq!(database.probe(&sample.position), Some(Verdict::Win { plies: sample.plies }));
            assert!(sample.plies >= MIN_WIN_PLIES);
            assert_eq!(pieces(&sample.position), 4);
        }
        assert_eq!(sample_wins(&database, 40, 4, 3), samples, "a function of the seed");
        assert!(sample_wins(&database, 5, 5, 3).is_empty(), "no slice of 5 pieces");
    }

    #[test]
    fn the_longest_defence_lasts_longest() {
        let database = database();
        for sample in sample_wins(&database, 20, 3, 5) {
            // Attacker's best move (the shortest win), then the defence.
            let mut moves = MoveList::new();
            sample.position.legal_moves(&mut moves);
            let mut after = sample.position;
            after.play(
                *moves
                    .iter()
                    .min_by_key(|&&mv| {
                        let mut child = sample.position;
                        child.play(mv);
                        match database.value(&child) {
                            Some(Verdict::Loss { plies }) => plies,
                            _ => u32::MAX,
                        }
                    })
                    .expect("a move"),
            );
            let Some(Verdict::Loss { plies }) = database.value(&after) else { panic!("a loss") };
            let Some(defence) = longest_defence(&database, &after) else { continue };
            let mut child = after;
            child.play(defence);
            // A loss in `plies` for the defender: its best reply leaves a
            // win in `plies - 1` for the attacker.
            assert_eq!(database.value(&child), Some(Verdict::Win { plies: plies - 1 }));
        }
    }

    #[test]
    fn an_engine_with_the_database_converts_at_the_distance_and_a_weak_one_fails() {
        let database = database();
        let samples = sample_wins(&database, 12, 4, 7);
        // With the database the engine follows the shortest win: every game
        // won at exactly the distance.
        let spec: EngineSpec = "alphabeta:depth=2".parse().expect("a spec");
        let evaluator = EgdbEvaluator::new(DraughtsEvaluator::<RussianVariant>::default(), database.clone());
        let mut engine = Engine::new(&spec, evaluator);
        let mut report = ConversionReport::default();
        for &sample in &samples {
            let conversion = convert(&database, &mut engine, sample, 0);
            assert_eq!(conversion.ending, Ending::Won, "{}", sample.position.fen());
            assert_eq!(conversion.plies, sample.plies);
            assert_eq!(conversion.moves.len() as u32, conversion.plies);
            report.add(&conversion);
        }
        assert_eq!((report.games, report.won), (12, 12));
        assert_eq!(report.extra_plies_median_and_max(), Some((0, 0)));
        // A random mover for the winner lets most wins slip (the mover's
        // seed is fixed, so these counts are too).
        let random: EngineSpec = "random:seed=1".parse().expect("a spec");
        let mut engine = Engine::<Russian, _>::new(&random, DraughtsEvaluator::default());
        let mut report = ConversionReport::default();
        for &sample in &samples {
            let conversion = convert(&database, &mut engine, sample, 10);
            if conversion.ending == Ending::Slipped {
                // The last move is the attacker's, and it left no loss.
                let mut record = GameRecord::new(sample.position);
                for text in &conversion.moves {
                    record.try_play(text).expect("the moves replay");
                }
                assert_eq!(conversion.moves.len() % 2, 1);
                assert!(!matches!(database.value(record.position()), Some(Verdict::Loss { .. })));
            }
            report.add(&conversion);
        }
        assert_eq!(report.games, 12);
        assert_eq!(report.won + report.slipped + report.drawn + report.too_slow, 12);
        assert!(report.slipped >= 6, "{report:?}");
    }
}
