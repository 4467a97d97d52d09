//! Boards, moves, outcomes and PDN records, game-erased: one generic
//! implementation per game behind [`AnyBoard`], picked once by the registry.

use std::any::Any;
use std::sync::Arc;

use damero_core::{
    Color, Evaluator, Game, GameRecord, MoveList, Outcome, PdnGame, RuleSet, read_pdn, write_pdn,
};
use damero_search::perft_parallel;

use crate::learn::{LearnFns, learn_fns};
use crate::{BoardError, ErrorKind};
use damero_engine::EngineGame;
use damero_engine::registry::{GameCommand, dispatch};

/// The legal moves of one position, shared by the `Move` objects made from
/// them.
pub struct Listed<G: Game> {
    /// The position they were listed in.
    pub position: G,
    /// The moves, in the game's order.
    pub moves: Vec<G::Move>,
}

/// A [`Listed`] of any game.
pub trait AnyMoves: Send + Sync {
    /// The game id.
    fn game(&self) -> &'static str;
    /// How many moves.
    fn len(&self) -> usize;
    /// Move `index` in the game's notation.
    fn text(&self, index: usize) -> String;
    /// The action of move `index`, if it has one.
    fn action(&self, index: usize) -> Option<u32>;
    /// For downcasting.
    fn as_any(&self) -> &dyn Any;
}

impl<G: EngineGame> AnyMoves for Listed<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }
    fn len(&self) -> usize {
        self.moves.len()
    }
    fn text(&self, index: usize) -> String {
        self.moves.get(index).map(|&m| self.position.format_move(m)).unwrap_or_default()
    }
    fn action(&self, index: usize) -> Option<u32> {
        let fns = learn_fns::<G>()?;
        let mut codes = Vec::new();
        fns.encode(&self.position, &self.moves[..=index.min(self.moves.len().saturating_sub(1))], &mut codes);
        codes.get(index).copied().filter(|&c| c != u32::MAX)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The result of a finished game, with its reason.
pub struct Ended {
    /// How it ended.
    pub outcome: Outcome,
    /// Why, in words.
    pub reason: String,
}

/// A board of any game: a [`GameRecord`] (so repetitions count and moves
/// can be taken back).
pub trait AnyBoard: Send + Sync {
    fn game(&self) -> &'static str;
    fn clone_box(&self) -> Box<dyn AnyBoard>;
    fn as_any(&self) -> &dyn Any;
    fn legal_moves(&self) -> Arc<dyn AnyMoves>;
    fn legal_texts(&self) -> Vec<String>;
    fn legal_count(&self) -> usize;
    fn parse(&self, text: &str) -> Result<(Arc<dyn AnyMoves>, usize), BoardError>;
    fn push_listed(&mut self, moves: &dyn AnyMoves, index: usize) -> Result<(), BoardError>;
    fn push_text(&mut self, text: &str) -> Result<(), BoardError>;
    /// Takes back the last move: the moves of the position it was played in
    /// and its index there.
    fn pop(&mut self) -> Option<(Arc<dyn AnyMoves>, usize)>;
    fn peek(&self) -> Option<(Arc<dyn AnyMoves>, usize)>;
    fn move_texts(&self) -> Vec<String>;
    fn fen(&self) -> String;
    fn start_fen(&self) -> String;
    fn turn(&self) -> Color;
    fn ended(&self) -> Option<Ended>;
    fn ply(&self) -> usize;
    fn zobrist(&self) -> u64;
    fn diagram(&self) -> String;
    fn legend(&self) -> &'static str;
    fn same_position(&self, other: &dyn AnyBoard) -> bool;
    fn repetitions(&self) -> u32;
    fn perft(&self, depth: u32, threads: usize) -> u64;
    fn pdn(&self, tags: &[(String, String)], result: Option<Outcome>) -> String;
    fn truncate(&mut self, plies: usize);
    fn rebase(&mut self);
    fn rules_text(&self) -> String;
    // Learning.
    fn num_actions(&self) -> usize;
    fn learn_docs(&self) -> (&'static str, &'static str);
    fn obs_shape(&self) -> [usize; 3];
    fn observe(&self, out: &mut [f32]);
    fn mask(&self, out: &mut [bool]);
    fn move_of_action(&self, action: u32) -> Option<(Arc<dyn AnyMoves>, usize)>;
}

/// The board of game `G`.
pub struct BoardImpl<G: Game> {
    pub record: GameRecord<G>,
    pub fns: LearnFns<G>,
}

impl<G: EngineGame> BoardImpl<G> {
    fn listed(&self, position: G) -> Arc<Listed<G>> {
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        Arc::new(Listed { position, moves: moves.to_vec() })
    }

    fn codes(&self, position: &G, moves: &[G::Move]) -> Vec<u32> {
        let mut codes = Vec::with_capacity(moves.len());
        self.fns.encode(position, moves, &mut codes);
        codes
    }
}

fn illegal(text: impl std::fmt::Display) -> BoardError {
    BoardError::new(ErrorKind::IllegalMove, text.to_string())
}

impl<G: EngineGame> AnyBoard for BoardImpl<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }
    fn clone_box(&self) -> Box<dyn AnyBoard> {
        Box::new(BoardImpl { record: self.record.clone(), fns: self.fns })
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn legal_moves(&self) -> Arc<dyn AnyMoves> {
        self.listed(*self.record.position())
    }
    fn legal_texts(&self) -> Vec<String> {
        self.record.position().legal_move_texts()
    }
    fn legal_count(&self) -> usize {
        self.record.position().count_legal_moves() as usize
    }
    fn parse(&self, text: &str) -> Result<(Arc<dyn AnyMoves>, usize), BoardError> {
        let position = *self.record.position();
        let mv = position.parse_move(text).map_err(illegal)?;
        let listed = self.listed(position);
        let index = listed.moves.iter().position(|&m| m == mv).ok_or_else(|| illegal(text))?;
        Ok((listed, index))
    }
    fn push_listed(&mut self, moves: &dyn AnyMoves, index: usize) -> Result<(), BoardError> {
        if let Some(listed) = moves.as_any().downcast_ref::<Listed<G>>() {
            if listed.position == *self.record.position() {
                let mv = *listed.moves.get(index).ok_or_else(|| illegal("a move of no position"))?;
                self.record.play(mv);
                return Ok(());
            }
        } else {
            return Err(illegal(format!("a {} move cannot be played on a {} board", moves.game(), G::NAME)));
        }
        // A move listed in another position: legal here if its text is.
        self.push_text(&moves.text(index))
    }
    fn push_text(&mut self, text: &str) -> Result<(), BoardError> {
        self.record.try_play(text.trim()).map(|_| ()).map_err(illegal)
    }
    fn pop(&mut self) -> Option<(Arc<dyn AnyMoves>, usize)> {
        let popped = self.peek()?;
        self.record.undo();
        Some(popped)
    }
    fn peek(&self) -> Option<(Arc<dyn AnyMoves>, usize)> {
        let &mv = self.record.moves().last()?;
        let positions = self.record.positions();
        let listed = self.listed(positions[positions.len() - 2]);
        let index = listed.moves.iter().position(|&m| m == mv)?;
        Some((listed, index))
    }
    fn move_texts(&self) -> Vec<String> {
        self.record.move_texts()
    }
    fn fen(&self) -> String {
        self.record.position().fen()
    }
    fn start_fen(&self) -> String {
        self.record.start().fen()
    }
    fn turn(&self) -> Color {
        self.record.position().side_to_move()
    }
    fn ended(&self) -> Option<Ended> {
        let outcome = self.record.outcome()?;
        Some(Ended { outcome, reason: self.record.end_reason().unwrap_or_default() })
    }
    fn ply(&self) -> usize {
        self.record.moves().len()
    }
    fn zobrist(&self) -> u64 {
        self.record.position().zobrist()
    }
    fn diagram(&self) -> String {
        self.record.position().diagram()
    }
    fn legend(&self) -> &'static str {
        G::DIAGRAM_LEGEND
    }
    fn same_position(&self, other: &dyn AnyBoard) -> bool {
        other
            .as_any()
            .downcast_ref::<BoardImpl<G>>()
            .is_some_and(|o| o.record.position() == self.record.position())
    }
    fn repetitions(&self) -> u32 {
        self.record.repetitions()
    }
    fn perft(&self, depth: u32, threads: usize) -> u64 {
        perft_parallel(self.record.position(), depth, threads.max(1))
    }
    fn pdn(&self, tags: &[(String, String)], result: Option<Outcome>) -> String {
        let mut game = PdnGame::new(self.record.clone());
        for (name, value) in tags {
            game.set_tag(name, value.clone());
        }
        game.result = result;
        write_pdn(&game)
    }
    fn truncate(&mut self, plies: usize) {
        self.record = self.record.truncated(plies);
    }
    fn rebase(&mut self) {
        self.record = GameRecord::new(*self.record.position());
    }
    fn rules_text(&self) -> String {
        format!("{:?}", self.record.position().rules())
    }
    fn num_actions(&self) -> usize {
        self.fns.num_actions()
    }
    fn learn_docs(&self) -> (&'static str, &'static str) {
        (self.fns.planes_doc, self.fns.actions_doc)
    }
    fn obs_shape(&self) -> [usize; 3] {
        [self.fns.planes, 8, 8]
    }
    fn observe(&self, out: &mut [f32]) {
        out.fill(0.0);
        (self.fns.observe)(self.record.position(), out);
    }
    fn mask(&self, out: &mut [bool]) {
        out.fill(false);
        let position = *self.record.position();
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        for code in self.codes(&position, &moves) {
            if let Some(slot) = out.get_mut(code as usize) {
                *slot = true;
            }
        }
    }
    fn move_of_action(&self, action: u32) -> Option<(Arc<dyn AnyMoves>, usize)> {
        let listed = self.listed(*self.record.position());
        let index = self.codes(&listed.position, &listed.moves).iter().position(|&c| c == action)?;
        Some((listed, index))
    }
}

/// How a board is set up: game, FEN, rule options, setup seed.
pub struct BoardSpec<'a> {
    pub fen: Option<&'a str>,
    pub rules: &'a [(String, String)],
    pub seed: Option<u64>,
}

/// The rules `spec` describes for game `G`.
pub fn rules_of<G: Game>(rules: &[(String, String)], seed: Option<u64>) -> Result<G::Rules, BoardError> {
    let mut set = G::Rules::default();
    let rule_error = |e: damero_core::OptionError| BoardError::new(ErrorKind::Rules, e.to_string());
    for (key, value) in rules {
        set.set_option(key.trim(), value.trim()).map_err(rule_error)?;
    }
    if let Some(seed) = seed {
        set = set.with_setup_seed(seed).ok_or_else(|| {
            BoardError::new(ErrorKind::Rules, format!("{} has no random setup: seed does not apply", G::NAME))
        })?;
    }
    set.validate().map_err(rule_error)?;
    Ok(set)
}

fn fns_of<G: Game>() -> Result<LearnFns<G>, BoardError> {
    learn_fns::<G>()
        .ok_or_else(|| BoardError::new(ErrorKind::Other, format!("{} has no learning encoding", G::NAME)))
}

struct NewBoard<'a>(BoardSpec<'a>);

impl GameCommand for NewBoard<'_> {
    type Output = Result<Box<dyn AnyBoard>, BoardError>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, _: E) -> Self::Output {
        let spec = self.0;
        let rules = rules_of::<G>(spec.rules, spec.seed)?;
        let start = match spec.fen {
            Some(fen) => G::from_fen(fen.trim(), rules)
                .map_err(|e| BoardError::new(ErrorKind::Fen, format!("{}: {e}", G::NAME)))?,
            None => G::try_start(rules).map_err(|e| BoardError::new(ErrorKind::Rules, e.to_string()))?,
        };
        Ok(Box::new(BoardImpl { record: GameRecord::new(start), fns: fns_of::<G>()? }))
    }
}

/// A new board of game `id`.
pub fn new_board(id: &str, spec: BoardSpec<'_>) -> Result<Box<dyn AnyBoard>, BoardError> {
    dispatch(id, NewBoard(spec)).map_err(|e| BoardError::new(ErrorKind::Other, e.to_string()))?
}

/// One game read from PDN.
pub struct ReadGame {
    pub board: Box<dyn AnyBoard>,
    pub tags: Vec<(String, String)>,
    pub result: Option<Outcome>,
}

struct ReadPdn<'a> {
    text: &'a str,
    rules: &'a [(String, String)],
}

impl GameCommand for ReadPdn<'_> {
    type Output = Result<Vec<ReadGame>, BoardError>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, _: E) -> Self::Output {
        let rules = rules_of::<G>(self.rules, None)?;
        let fns = fns_of::<G>()?;
        let games = read_pdn::<G>(self.text, rules)
            .map_err(|e| BoardError::new(ErrorKind::Pdn, format!("{}: {e}", G::NAME)))?;
        Ok(games
            .into_iter()
            .map(|g| ReadGame {
                board: Box::new(BoardImpl { record: g.record, fns }) as Box<dyn AnyBoard>,
                tags: g.tags,
                result: g.result,
            })
            .collect())
    }
}

/// Every game of a PDN text of game `id`.
pub fn read_pdn_games(id: &str, text: &str, rules: &[(String, String)]) -> Result<Vec<ReadGame>, BoardError> {
    dispatch(id, ReadPdn { text, rules }).map_err(|e| BoardError::new(ErrorKind::Other, e.to_string()))?
}

struct PdnTags;

impl GameCommand for PdnTags {
    type Output = (Option<u32>, &'static str);
    fn run<G: EngineGame, E: Evaluator<G>>(self, _: E) -> Self::Output {
        (G::PDN_GAME_TYPE, G::NAME)
    }
}

/// The game a PDN text names in its first `GameType` or `Game` tag.
pub fn pdn_game_id(text: &str) -> Option<&'static str> {
    for line in text.lines() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix('[') else { continue };
        let Some((name, value)) = rest.split_once('"') else { continue };
        let value = value.split('"').next().unwrap_or("");
        match name.trim() {
            "GameType" => {
                let number: Option<u32> = value.split(',').next().and_then(|n| n.trim().parse().ok());
                return damero_engine::registry::GAME_IDS
                    .iter()
                    .find(|id| dispatch(id, PdnTags).ok().and_then(|t| t.0) == number && number.is_some())
                    .copied();
            }
            "Game" => {
                return damero_engine::registry::GAME_IDS
                    .iter()
                    .find(|id| id.eq_ignore_ascii_case(value))
                    .copied();
            }
            _ => {}
        }
    }
    None
}
