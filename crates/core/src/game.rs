//! The `Game` trait every damero game implements.

use core::cmp::Ordering;
use core::fmt::Debug;
use core::hash::Hash;

use smallvec::SmallVec;

use crate::{BoardView, Color, MoveView, OptionError, RuleSet};

/// How many moves a [`MoveList`] holds before it spills to the heap. Ordinary
/// positions of every damero game stay below it, so move generation does not
/// allocate.
pub const MOVE_LIST_INLINE: usize = 256;

/// A caller-owned buffer of moves, on the stack for up to
/// [`MOVE_LIST_INLINE`] moves.
pub type MoveList<M> = SmallVec<[M; MOVE_LIST_INLINE]>;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    #[inline]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win(c) => Some(c),
            Outcome::Draw => None,
        }
    }

    /// `1.0` for a win of `color`, `0.5` for a draw, `0.0` for a loss.
    #[inline]
    pub fn score_for(self, color: Color) -> f64 {
        match self {
            Outcome::Win(c) if c == color => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }

    /// PGN/PDN style result text: `1-0` (White won), `0-1`, `1/2-1/2`.
    pub const fn result_text(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

/// How a [random playout](Game::random_playout) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Playout {
    /// The result, or `None` when the ply limit stopped the playout first.
    pub outcome: Option<Outcome>,
    /// The moves played.
    pub plies: u32,
}

/// A two-player, perfect-information board game position.
///
/// A position is a small `Copy` value: the board, the side to move and the
/// counters its draw rules need. History (for repetition) is kept outside, by a
/// [`GameRecord`](crate::GameRecord) or a search's own hash stack, so copy-make
/// stays cheap.
///
/// # Contract
/// What the search crate and the [`GameRecord`](crate::GameRecord) rely on:
///
/// - [`legal_moves`](Game::legal_moves) is empty exactly when the game is
///   decided by the position (no move, a captured king, a far-rank win...);
///   draw *rules* (move counters, [`rule_draw`](Game::rule_draw)) never empty
///   it, so perft counts move sequences by the move rules alone.
/// - Two ways of playing the same change (same start, end, captured set) are
///   one move: the list has no duplicates.
/// - **The order of the legal moves is a function of the position**: two
///   positions with the same placement, side to move and rules (however they
///   were reached or built, whatever their counters) list the same moves in
///   the same order. A transposition table stores a move as its index in that list,
///   and [`random_move`](Game::random_move) picks by index, so a seeded
///   search or playout is reproducible. The testkit checks it against a
///   position rebuilt from its own FEN.
/// - [`zobrist`](Game::zobrist) covers placement and side to move, not the
///   counters, so equal placements with the same side to move hash alike and
///   repetitions are found by hash. A game may mix in more state that no
///   later position can shed (Tumbling Down mixes in the winner stored by
///   the move that decided the game): such a position has no legal move, so
///   it never stands twice in a game and repetition counting is unaffected,
///   while the transposition table keeps it apart from the same placement
///   with the game still going.
/// - At most [`MAX_LEGAL_MOVES`](Game::MAX_LEGAL_MOVES) legal moves in any
///   position of the game; a [`MoveList`] holds [`MOVE_LIST_INLINE`] before
///   it spills to the heap (correct, only slower).
/// - `parse_move(format_move(m)) == m` for every legal `m`; `from_fen(fen())`
///   gives a position with the same placement, side to move and rules.
/// - [`start`](Game::start) is given rules that pass [`RuleSet::validate`]
///   (or panics); [`try_start`](Game::try_start) returns the validation error.
pub trait Game: Copy + Debug + PartialEq + Send + Sync + 'static {
    /// A move: small, `Copy`, comparable.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The rule set and its options.
    type Rules: RuleSet;
    /// Why a position text was rejected.
    type FenError: std::error::Error + Send + Sync + 'static;
    /// Why a move text was rejected (malformed, or not legal here).
    type MoveError: std::error::Error + Send + Sync + 'static;

    /// The game id used by the CLI (`russian`, `cross`, ...).
    const NAME: &'static str;

    /// An upper bound on the number of legal moves in any position this game
    /// can reach or read (a proven bound, or an estimate where no proof is at
    /// hand, or `usize::MAX` where no useful bound exists: see each game's
    /// value and its reason).
    ///
    /// Every [`MoveList`] holds [`MOVE_LIST_INLINE`] (256) moves inline
    /// whatever the game, and the search's per-ply buffers are sized alike.
    /// Smaller lists were measured and rejected: with 64-move lists,
    /// `damero perft russian 11` took a median 1.15 CPU-seconds against 1.06
    /// with 256 (seven alternating runs each), so the constant documents the
    /// bound, the conformance kit checks it, and the lists stay one type.
    const MAX_LEGAL_MOVES: usize = MOVE_LIST_INLINE;

    /// The start position under `rules`.
    ///
    /// # Panics
    /// When `rules` fail [`RuleSet::validate`]: rules built with
    /// [`RuleSet::with_options`] always pass; use [`try_start`](Game::try_start)
    /// for rules of unknown origin.
    fn start(rules: Self::Rules) -> Self;

    /// The start position under `rules`, after checking them.
    ///
    /// # Errors
    /// The error of [`RuleSet::validate`]: invalid rules are never clamped.
    fn try_start(rules: Self::Rules) -> Result<Self, OptionError> {
        rules.validate()?;
        Ok(Self::start(rules))
    }

    /// The rules this position is played under.
    fn rules(&self) -> Self::Rules;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// Clears `moves` and fills it with every legal move.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The number of legal moves (perft's bulk count). Games override it when
    /// counting is cheaper than generating.
    fn count_legal_moves(&self) -> u64 {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// The number of move sequences of two plies (perft 2): the sum of
    /// [`count_legal_moves`](Game::count_legal_moves) over the positions
    /// after each legal move. The default is that loop, each move played by
    /// [`play_board_only`](Game::play_board_only); games override it when
    /// they can reach the replies without listing and playing each move,
    /// and must keep it equal to that sum (the testkit checks it).
    fn count_two_plies(&self) -> u64 {
        sum_over_children(self, Game::count_legal_moves)
    }

    /// The number of move sequences of three plies (perft 3): the sum of
    /// [`count_two_plies`](Game::count_two_plies) over the positions after
    /// each legal move. The default is that loop, each move played by
    /// [`play_board_only`](Game::play_board_only); games override it, as
    /// they do `count_two_plies`, when they can count faster, and must keep
    /// it equal to that sum (the perft suites check it).
    fn count_three_plies(&self) -> u64 {
        sum_over_children(self, Game::count_two_plies)
    }

    /// A legal move chosen by `random` (a uniformly random `u64`), uniformly
    /// over the legal moves: the move of index `random * n / 2^64` in some
    /// fixed order of the `n` moves. `None` exactly when there is no legal move.
    /// Random playouts call it; games override it when they can pick a move
    /// without listing them all.
    fn random_move(&self, random: u64) -> Option<Self::Move> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let index = (u128::from(random) * moves.len() as u128) >> 64;
        moves.get(index as usize).copied()
    }

    /// Plays uniformly random moves from this position to the end of the
    /// game, or until `max_plies` moves are played: the playout of Monte Carlo
    /// tree search.
    ///
    /// It visits positions in order and at each draws one number from
    /// `random`, then: no legal move ends it with
    /// [`terminal_outcome`](Game::terminal_outcome); else a
    /// [`rule_draw`](Game::rule_draw) ends it drawn; else, after `max_plies`
    /// moves, it ends with no outcome; else it plays
    /// [`random_move`](Game::random_move) of that number. Repetition is not
    /// checked (no history is kept).
    ///
    /// Games override it with a loop that skips what a playout never reads
    /// (the Zobrist key, for one); an override must return exactly what this
    /// default returns for the same numbers, which the testkit checks.
    fn random_playout<R: FnMut() -> u64>(self, max_plies: u32, random: &mut R) -> Playout {
        let mut position = self;
        let mut plies = 0;
        loop {
            let Some(mv) = position.random_move(random()) else {
                return Playout { outcome: Some(position.terminal_outcome()), plies };
            };
            if position.rule_draw() {
                return Playout { outcome: Some(Outcome::Draw), plies };
            }
            if plies >= max_plies {
                return Playout { outcome: None, plies };
            }
            position.play(mv);
            plies += 1;
        }
    }

    /// Plays `mv`, which must be one of [`legal_moves`](Game::legal_moves).
    /// A move that is not legal leaves the position in an unspecified (but
    /// memory-safe) state; use [`try_play`](Game::try_play) for untrusted input.
    fn play(&mut self, mv: Self::Move);

    /// Plays `mv` (as [`play`](Game::play)) keeping up to date only what
    /// move generation reads: afterwards [`legal_moves`](Game::legal_moves),
    /// [`count_legal_moves`](Game::count_legal_moves),
    /// [`count_two_plies`](Game::count_two_plies),
    /// [`count_three_plies`](Game::count_three_plies) and further
    /// `play_board_only` calls are exact, but the [`zobrist`](Game::zobrist)
    /// key and the draw counters may be stale. Perft uses it, and so do the
    /// default `count_two_plies` and `count_three_plies`; games override it
    /// when skipping the rest is cheaper.
    #[inline]
    fn play_board_only(&mut self, mv: Self::Move) {
        self.play(mv);
    }

    /// Whether `mv` takes or covers enemy material: what move ordering tries
    /// first and what quiescence may extend.
    fn is_capture(&self, mv: Self::Move) -> bool;

    /// The result when the side to move has no legal move. Most games: the side
    /// to move loses; some decide by counting pieces or by an earlier event.
    fn terminal_outcome(&self) -> Outcome {
        Outcome::Win(!self.side_to_move())
    }

    /// Whether a draw rule that needs no history (a move counter, a ply limit)
    /// has ended the game. Repetition is separate: see
    /// [`repetition_limit`](Game::repetition_limit).
    fn rule_draw(&self) -> bool {
        false
    }

    /// The result, if the game is over by the position alone (no legal move:
    /// [`terminal_outcome`](Game::terminal_outcome); else a
    /// [`rule_draw`](Game::rule_draw)). A decided position wins over a draw
    /// counter that expires at the same moment.
    fn outcome(&self) -> Option<Outcome> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            Some(self.terminal_outcome())
        } else if self.rule_draw() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// `Some(n)` when the `n`-th occurrence of a position (placement and side
    /// to move) is a draw, `None` when the rules have no repetition draw.
    fn repetition_limit(&self) -> Option<u32> {
        None
    }

    /// A bound on how far back the same position may stand: the number of
    /// plies since the last irreversible move (capture, man move...), or
    /// `u32::MAX` when the game does not track it.
    fn reversible_plies(&self) -> u32 {
        u32::MAX
    }

    /// The incremental Zobrist key of placement and side to move.
    fn zobrist(&self) -> u64;

    /// The same key computed from scratch (a check for the incremental one).
    fn zobrist_from_scratch(&self) -> u64;

    /// The position as text in the game's notation.
    fn fen(&self) -> String;

    /// Reads a position written in the game's notation: the text is parsed
    /// into the game's `Setup`, which is then checked and made playable.
    ///
    /// # Errors
    /// A typed error naming what is wrong: each game's `FenError` wraps a
    /// syntax error (`ParseFenError`) or a legality error (`PositionError`).
    fn from_fen(text: &str, rules: Self::Rules) -> Result<Self, Self::FenError>;

    /// `mv` (legal in this position) in the game's notation.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a move in the game's notation and checks that it is legal here.
    ///
    /// # Errors
    /// A typed error when the text is malformed or names no legal move.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;

    /// Parses and plays a move given as text.
    ///
    /// # Errors
    /// As [`parse_move`](Game::parse_move); the position is unchanged then.
    fn try_play(&mut self, text: &str) -> Result<Self::Move, Self::MoveError> {
        let mv = self.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// The legal moves as text in natural order (the CLI's `moves` output):
    /// as strings, except that runs of digits compare as numbers, so numeric
    /// notation sorts by square number (`9-13` before `12-16`) while
    /// algebraic squares (one digit each) sort exactly as strings.
    fn legal_move_texts(&self) -> Vec<String> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let mut texts: Vec<String> = moves.iter().map(|&m| self.format_move(m)).collect();
        texts.sort_by(|a, b| natural_cmp(a, b));
        texts
    }
}

/// How a game is shown to a person and written in records, apart from its
/// rules: the terminal diagram, what its letters mean, how PDN and the
/// notation number the squares, and why a game ended in words. The command
/// line, the Hub, the web board and the Python package all read it; search
/// and rules code never do.
pub trait Presentation: Game {
    /// The board drawn for a terminal, several lines, ending in a newline.
    fn diagram(&self) -> String;

    /// The number of this game's rule set in the PDN `GameType` tag
    /// (`21` English, `24` Spanish, `25` Russian), or `None` when PDN has no
    /// number for it; records of such games name it in a `Game` tag instead.
    const PDN_GAME_TYPE: Option<u32> = None;

    /// What the letters of [`diagram`](Presentation::diagram) stand for, as a
    /// player's legend (draughts: `"w b = men, W B = kings"`), or `""` when
    /// the diagram needs none.
    const DIAGRAM_LEGEND: &'static str = "";

    /// The board is PDN's numbered 8x8 draughts board (1 is b8, 4 is h8,
    /// 32 is g1, White at the bottom), so the numbers 1-32 name its squares
    /// whatever the notation writes (Russian players type them too).
    const PDN_NUMBERED_BOARD: bool = false;

    /// The notation writes squares as those numbers 1-32 (English), not as
    /// algebraic squares.
    const NUMERIC_NOTATION: bool = false;

    /// Why the game is over by the position alone, in a few words ("white
    /// has no legal move", "the 15-move three-kings rule"), or `None` while
    /// it goes on. Repetition is the record's to name, not the position's.
    /// Games override it to name their own endings; the default names the
    /// two generic ones.
    fn end_reason(&self) -> Option<String> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            Some(format!("{} has no legal move", self.side_to_move()))
        } else if self.rule_draw() {
            Some("a draw rule of the game (its move counter)".to_owned())
        } else {
            None
        }
    }

    /// The board as data for a page to draw: every square with its pieces
    /// (stacks bottom to top), the vertices of games that use them, and the
    /// side to move. The default is an empty board, for games no board draws.
    fn board_view(&self) -> BoardView {
        BoardView { side_to_move: Some(self.side_to_move()), ..BoardView::default() }
    }

    /// What `mv` (legal in this position) does as a board shows it: the
    /// places it passes in order, the pieces it takes, where else pieces
    /// land. The default is an empty view.
    fn move_view(&self, mv: Self::Move) -> MoveView {
        let _ = mv;
        MoveView::default()
    }
}

/// Compares two texts as strings, except that maximal runs of ASCII digits
/// compare by their numeric value (then, for equal values such as `07` and
/// `7`, by length): the order of [`Game::legal_move_texts`].
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a.first(), b.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let run = |s: &[u8]| s.iter().take_while(|c| c.is_ascii_digit()).count();
                let (la, lb) = (run(a), run(b));
                let (da, db) = (&a[..la], &b[..lb]);
                let strip = |d: &[u8]| -> usize { d.iter().take_while(|&&c| c == b'0').count() };
                let (na, nb) = (&da[strip(da)..], &db[strip(db)..]);
                let order = na.len().cmp(&nb.len()).then_with(|| na.cmp(nb)).then_with(|| la.cmp(&lb));
                if order != Ordering::Equal {
                    return order;
                }
                a = &a[la..];
                b = &b[lb..];
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(y);
                }
                a = &a[1..];
                b = &b[1..];
            }
        }
    }
}

/// `count` summed over the positions after each legal move of `position`
/// (each played by [`Game::play_board_only`]): the default two- and
/// three-ply counts.
fn sum_over_children<G: Game>(position: &G, count: fn(&G) -> u64) -> u64 {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play_board_only(mv);
            count(&child)
        })
        .sum()
}
