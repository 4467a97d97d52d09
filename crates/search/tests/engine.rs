//! Engine specs, engines, matches and the bench signature.

mod common;

use std::ops::ControlFlow;
use std::time::Duration;

use common::skirmish::{Skirmish, SkirmishEval, SkirmishRules};
use common::tictactoe::{TicTacToe, TicTacToeEval};
use damero_core::{Color, Game, GameRecord, Outcome};
use damero_engine::{
    Engine, EngineSpec, MAX_LEVEL, MIN_LEVEL, MatchConfig, MatchGame, MatchProgress, SpecError, SpecLimits,
    level_spec, run_match,
};
use damero_search::{AlphaBetaConfig, bench};

#[test]
fn spec_examples_parse() {
    let spec: EngineSpec = "alphabeta:depth=8".parse().unwrap();
    assert_eq!(spec.limits().depth, Some(8));
    assert_eq!(spec.limits().hard_time, None);
    let spec: EngineSpec = "alphabeta:movetime=100".parse().unwrap();
    assert_eq!(spec.limits().hard_time, Some(Duration::from_millis(100)));
    let spec: EngineSpec = "alphabeta:nodes=50000,threads=2".parse().unwrap();
    match &spec {
        EngineSpec::AlphaBeta { config, limits, .. } => {
            assert_eq!(config.threads, 2);
            assert_eq!(limits, &SpecLimits { nodes: Some(50_000), ..SpecLimits::default() });
        }
        other => panic!("{other:?}"),
    }
    let spec: EngineSpec = "mcts:playouts=20000".parse().unwrap();
    assert_eq!(spec.limits().nodes, Some(20_000));
    let spec: EngineSpec = "mcts:movetime=200".parse().unwrap();
    assert_eq!(spec.limits().hard_time, Some(Duration::from_millis(200)));
    // No limit: one second a move.
    let spec: EngineSpec = "alphabeta".parse().unwrap();
    assert_eq!(spec.limits().hard_time, Some(Duration::from_secs(1)));
    let spec: EngineSpec = "alphabeta:exact=true,depth=3".parse().unwrap();
    assert!(matches!(&spec, EngineSpec::AlphaBeta { config, .. } if config.is_exact()));
}

#[test]
fn specs_display_round_trip() {
    for text in [
        "alphabeta:depth=8",
        "alphabeta:movetime=100",
        "alphabeta:nodes=50000,threads=2",
        "alphabeta:depth=3,hash=8,noise=40,seed=9,pvs=false,lmr=false",
        "alphabeta:movetime=200,book=true,egdb=false",
        "alphabeta:depth=5,futility=false,forced_capture=false",
        "alphabeta:nodes=9000,history_lmr=false,razoring=false,iir=false",
        "alphabeta:movetime=200,contempt=15,partial=false",
        "mcts:playouts=20000",
        "mcts:movetime=200,threads=2,seed=4,c=1.4,rollout_plies=6,memory=64",
        "random:seed=3",
        "random",
    ] {
        let spec: EngineSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), text);
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
    }
}

/// Every switch of the alpha-beta table is a spec key: set to a value other
/// than its default, the spec writes it back and reads it again.
#[test]
fn every_alphabeta_switch_round_trips_through_a_spec() {
    for switch in AlphaBetaConfig::switches().iter().filter(|s| s.key != "exact") {
        let value = ["false", "true", "2", "3"]
            .into_iter()
            .find(|v| {
                let mut config = AlphaBetaConfig::default();
                config.set(switch.key, v).is_ok() && config != AlphaBetaConfig::default()
            })
            .expect("a value other than the default");
        let text = format!("alphabeta:depth=3,{}={value}", switch.key);
        let spec: EngineSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), text);
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
    }
    let spec: EngineSpec = "alphabeta:noise=9,exact=true".parse().unwrap();
    assert_eq!(
        spec.to_string(),
        "alphabeta:deeper=false,lmr=false,futility=false,forced_capture=false,history_lmr=false,lmp=0,razoring=false,iir=false"
    );
}

#[test]
fn bad_specs_are_typed_errors() {
    let err = |t: &str| t.parse::<EngineSpec>().unwrap_err();
    assert_eq!(err("minimax:depth=3"), SpecError::UnknownEngine { name: "minimax".into() });
    assert_eq!(err("alphabeta:depth"), SpecError::Malformed { text: "depth".into() });
    assert_eq!(
        err("alphabeta:playouts=5"),
        SpecError::UnknownKey { engine: "alphabeta", key: "playouts".into() }
    );
    assert!(matches!(err("alphabeta:depth=x"), SpecError::InvalidValue { .. }));
    assert!(matches!(err("alphabeta:depth=0"), SpecError::InvalidValue { .. }));
    assert!(matches!(err("alphabeta:contempt=201"), SpecError::InvalidValue { .. }));
    assert!(matches!(err("alphabeta:contempt=-5"), SpecError::InvalidValue { .. }));
    assert!(matches!(err("alphabeta:partial=maybe"), SpecError::InvalidValue { .. }));
    assert!(matches!(err("mcts:rollout=smart"), SpecError::InvalidValue { .. }));
    assert!(matches!(err("mcts:c=-1"), SpecError::InvalidValue { .. }));
    assert!(matches!(err("alphabeta:pvs=maybe"), SpecError::InvalidValue { .. }));
    assert_eq!(err("mcts:depth=3").to_string(), "engine mcts has no setting 'depth'");
}

#[test]
fn levels_exist_from_min_to_max_only() {
    for level in MIN_LEVEL..=MAX_LEVEL {
        let spec = level_spec(level, 0).unwrap();
        // Each is a valid spec in text form too.
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec, "level {level}");
    }
    assert!(level_spec(MIN_LEVEL - 1, 0).is_err());
    assert_eq!(
        level_spec(11, 0).unwrap_err().to_string(),
        "level 11 does not exist (levels run from -1 to 10)"
    );
    assert!(matches!(level_spec(-1, 0).unwrap(), EngineSpec::Random { .. }));
}

#[test]
fn every_engine_plays_a_legal_move() {
    let start = Skirmish::start(SkirmishRules::default());
    let record = GameRecord::new(start);
    for text in ["alphabeta:depth=4", "alphabeta:nodes=3000,threads=2", "mcts:playouts=2000", "random:seed=5"]
    {
        let spec: EngineSpec = text.parse().unwrap();
        let mut engine = Engine::new(&spec, SkirmishEval);
        let r = engine.think(&record, |_| {});
        let mv = r.best_move.expect("a move");
        assert!(start.parse_move(&start.format_move(mv)).is_ok(), "{text}");
    }
    // A decided game: no move.
    let over = Skirmish::from_squares(&["a5"], &["d2"], Color::Black, SkirmishRules::default());
    let mut engine = Engine::new(&"alphabeta:depth=2".parse().unwrap(), SkirmishEval);
    assert_eq!(engine.think(&GameRecord::new(over), |_| {}).best_move, None);
}

/// Plays a match and keeps every game, as `run_match` hands them over.
fn play<G: damero_engine::EngineGame, E: damero_core::Evaluator<G>>(
    start: &G,
    first: &EngineSpec,
    second: &EngineSpec,
    evaluator: &E,
    config: &MatchConfig,
) -> (Vec<MatchGame<G>>, Vec<MatchProgress>, MatchProgress) {
    let (mut games, mut calls) = (Vec::new(), Vec::new());
    let tally = run_match(start, first, second, evaluator, evaluator, config, |game, progress| {
        games.push(game.clone());
        calls.push(*progress);
        ControlFlow::Continue(())
    });
    (games, calls, tally)
}

#[test]
fn matches_are_reproducible_swap_colours_and_tally() {
    let start = Skirmish::start(SkirmishRules::default());
    let strong: EngineSpec = "alphabeta:depth=4".parse().unwrap();
    let weak: EngineSpec = "random:seed=2".parse().unwrap();
    let config =
        MatchConfig { games: 6, opening_plies: 2, max_plies: 80, seed: 3, threads: 1, first_pair: 0 };
    let (games, calls, tally) = play(&start, &strong, &weak, &SkirmishEval, &config);
    assert_eq!(calls.len(), 6);
    assert_eq!(calls.last().unwrap(), &tally);
    assert_eq!(tally.wins + tally.draws + tally.losses, 6);
    assert!(tally.wins >= 5, "{tally:?}");
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game.number as usize, i, "one thread delivers the games in order");
        assert_eq!(game.first_engine_color, if i % 2 == 0 { Color::White } else { Color::Black });
        assert_eq!(game.opening_plies, 2);
        // Both games of a pair start from the same opening.
        let pair = &games[i - i % 2];
        assert_eq!(game.record.moves()[..2], pair.record.moves()[..2]);
        if !game.capped {
            assert_eq!(game.record.outcome(), Some(game.outcome));
        }
    }
    let moves = |games: &[MatchGame<Skirmish>]| {
        let mut texts: Vec<_> = games.iter().map(|g| (g.number, g.record.move_texts())).collect();
        texts.sort();
        texts
    };
    let (again, _, _) = play(&start, &strong, &weak, &SkirmishEval, &config);
    assert_eq!(moves(&games), moves(&again));
    // On three threads the games finish in any order but are the same games.
    let (threaded, _, threaded_tally) =
        play(&start, &strong, &weak, &SkirmishEval, &MatchConfig { threads: 3, ..config });
    assert_eq!(moves(&games), moves(&threaded));
    assert_eq!(threaded_tally, tally);
    let (elo, margin) = tally.elo();
    assert!(elo > 0.0 && margin > 0.0);
    // Each pair counted once, holding the same points as its games.
    let pairs = tally.pairs;
    assert_eq!(pairs.count(), 3);
    let pair_points = 2.0 * f64::from(pairs.won_both)
        + 1.5 * f64::from(pairs.won_drew)
        + f64::from(pairs.won_lost + pairs.drew_both)
        + 0.5 * f64::from(pairs.drew_lost);
    assert_eq!(pair_points, f64::from(tally.wins) + 0.5 * f64::from(tally.draws));
    let last_game_of_each_pair = calls.iter().skip(1).step_by(2).map(|c| c.pairs.count());
    assert!(last_game_of_each_pair.eq(1..=3), "a pair is counted when its second game ends");
}

/// Skirmish's evaluator, or its opposite (an engine that wants to lose).
#[derive(Clone, Copy, Debug)]
struct Signed(i32);

impl damero_core::Evaluator<Skirmish> for Signed {
    fn evaluate(&self, position: &Skirmish) -> i32 {
        self.0 * SkirmishEval.evaluate(position)
    }
}

#[test]
fn each_engine_evaluates_with_its_own_evaluator() {
    // The same spec on both sides; only the evaluators differ, so the one
    // that wants to win must win the match, whichever side it is given to.
    let start = Skirmish::start(SkirmishRules::default());
    let spec: EngineSpec = "alphabeta:depth=3".parse().unwrap();
    let config =
        MatchConfig { games: 6, opening_plies: 2, max_plies: 80, seed: 4, threads: 1, first_pair: 0 };
    let run = |first: Signed, second: Signed| {
        run_match(&start, &spec, &spec, &first, &second, &config, |_, _| ControlFlow::Continue(()))
    };
    let honest_first = run(Signed(1), Signed(-1));
    assert!(honest_first.wins > honest_first.losses, "{honest_first:?}");
    let honest_second = run(Signed(-1), Signed(1));
    assert!(honest_second.losses > honest_second.wins, "{honest_second:?}");
}

#[test]
fn a_huge_match_starts_at_once_and_stops_when_asked() {
    // u32::MAX games: scheduled lazily, so the first games come at once;
    // breaking after three ends the match with exactly those three counted.
    let start = TicTacToe::start(Default::default());
    let spec: EngineSpec = "random".parse().unwrap();
    for threads in [1, 2] {
        let config =
            MatchConfig { games: u32::MAX, opening_plies: 0, max_plies: 20, seed: 1, threads, first_pair: 0 };
        let mut seen = 0;
        let tally =
            run_match(&start, &spec, &spec, &TicTacToeEval, &TicTacToeEval, &config, |_, progress| {
                seen += 1;
                assert_eq!(progress.total, u32::MAX);
                if progress.played == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            });
        assert_eq!(seen, 3, "threads {threads}");
        assert_eq!(tally.played, 3);
        assert_eq!(tally.wins + tally.draws + tally.losses, 3);
    }
}

#[test]
fn match_ply_cap_is_a_draw() {
    let start = TicTacToe::start(Default::default());
    let spec: EngineSpec = "random".parse().unwrap();
    let config = MatchConfig { games: 2, opening_plies: 0, max_plies: 3, seed: 1, threads: 1, first_pair: 0 };
    let (games, _, _) = play(&start, &spec, &spec, &TicTacToeEval, &config);
    assert_eq!(games.len(), 2);
    for game in &games {
        assert!(game.capped);
        assert_eq!(game.outcome, Outcome::Draw);
        assert_eq!(game.record.moves().len(), 3);
    }
}

#[test]
fn bench_signature_is_fixed() {
    // The node count of the default search at fixed depths: it changes only
    // when the search changes (then update it, as Stockfish's bench).
    let skirmish = Skirmish::start(SkirmishRules::default());
    let positions = [(skirmish, 7), (Skirmish::start(SkirmishRules { compulsory: true }), 7)];
    let a = bench(&positions, &SkirmishEval);
    let b = bench(&positions, &SkirmishEval);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.nodes, SKIRMISH_SIGNATURE);
    let t = bench(&[(TicTacToe::start(Default::default()), 9)], &TicTacToeEval);
    assert_eq!(t.nodes, TICTACTOE_SIGNATURE);
}

const SKIRMISH_SIGNATURE: u64 = 1400;
const TICTACTOE_SIGNATURE: u64 = 3357;

#[test]
fn a_self_player_plays_each_game_as_a_fresh_engine_would() {
    use damero_lab::{SelfPlayer, SelfplayConfig, selfplay_game};
    let start = Skirmish::start(SkirmishRules::default());
    // MCTS playouts and the random player draw random numbers: a player
    // whose generators went on from game to game would play other moves.
    for spec in ["alphabeta:nodes=300,hash=1", "mcts:playouts=200", "random:seed=4"] {
        let config =
            SelfplayConfig { engine: spec.parse().unwrap(), opening_plies: 0..3, max_plies: 60, seed: 9 };
        let fresh: Vec<_> =
            (0..6).map(|index| selfplay_game(&start, &SkirmishEval, &config, index)).collect();
        assert!(fresh.iter().any(|samples| !samples.is_empty()), "{spec}: no samples to compare");
        let mut player = SelfPlayer::new(config.clone(), SkirmishEval);
        for index in (0..6).rev() {
            assert_eq!(player.play(&start, index), fresh[index as usize], "{spec}, game {index}");
        }
    }
}

/// A player that plays the first legal move and gives up at its
/// `fail_at`-th move (counting from 1, in each game when `per_game` is
/// set, over all its games when not); it asks to be kept between pairs
/// when `keep` is set and it has not failed.
struct Failing {
    moves: u32,
    fail_at: u32,
    per_game: bool,
    keep: bool,
}

impl Failing {
    fn new(fail_at: u32, per_game: bool, keep: bool) -> Failing {
        Failing { moves: 0, fail_at, per_game, keep }
    }
}

impl damero_engine::MatchPlayer<TicTacToe> for Failing {
    fn new_game(&mut self) -> Result<(), damero_engine::PlayerError> {
        if self.per_game {
            self.moves = 0;
        }
        Ok(())
    }

    fn choose(
        &mut self,
        record: &GameRecord<TicTacToe>,
    ) -> Result<Option<<TicTacToe as Game>::Move>, damero_engine::PlayerError> {
        self.moves += 1;
        if self.moves == self.fail_at {
            return Err(damero_engine::PlayerError::new("gave up"));
        }
        let mut moves = damero_core::MoveList::new();
        record.position().legal_moves(&mut moves);
        Ok(moves.first().copied())
    }

    fn keep_between_pairs(&self) -> bool {
        self.keep && self.moves < self.fail_at
    }
}

#[test]
fn a_player_that_fails_forfeits_its_game_and_a_factory_that_fails_ends_the_match() {
    use damero_engine::{MatchPlayer, Openings, PlayerError, run_player_match};
    let start = TicTacToe::start(Default::default());
    let config =
        MatchConfig { games: 4, opening_plies: 0, max_plies: 20, seed: 1, threads: 1, first_pair: 0 };
    let spec: EngineSpec = "alphabeta:depth=9".parse().unwrap();
    let engine = || Ok(Box::new(Engine::new(&spec, TicTacToeEval)) as Box<dyn MatchPlayer<TicTacToe>>);
    let failing = || Ok(Box::new(Failing::new(2, true, false)) as Box<dyn MatchPlayer<TicTacToe>>);
    let mut games = Vec::new();
    let tally = run_player_match(Openings::Random(&start), &engine, &failing, &config, |game, _| {
        games.push(game.clone());
        ControlFlow::Continue(())
    })
    .unwrap();
    // Tic-tac-toe is never lost by the engine; the failing player loses
    // every game at its second move, whichever side it has.
    assert_eq!((tally.wins, tally.draws, tally.losses), (4, 0, 0), "{tally:?}");
    for game in &games {
        assert_eq!(game.forfeit.as_deref(), Some("gave up"));
        assert_eq!(game.outcome, Outcome::Win(game.first_engine_color));
        assert!(game.record.moves().len() <= 3, "{:?}", game.record.moves());
    }
    // The second pair's factory fails: the match stops with the first
    // pair's games counted.
    let made = std::sync::atomic::AtomicU32::new(0);
    let flaky = || {
        if made.fetch_add(1, std::sync::atomic::Ordering::Relaxed) == 0 {
            engine()
        } else {
            Err(PlayerError::new("cannot start"))
        }
    };
    let error =
        run_player_match(
            Openings::Random(&start),
            &engine,
            &flaky,
            &config,
            |_, _| ControlFlow::Continue(()),
        )
        .unwrap_err();
    assert_eq!(error.error, PlayerError::new("cannot start"));
    assert_eq!(error.progress.played, 2);
    assert_eq!(error.to_string(), "cannot start (after 2 games)");
}

#[test]
fn a_match_played_in_runs_from_a_first_pair_plays_the_games_of_the_whole() {
    use damero_engine::run_match_with_openings;
    let start = Skirmish::start(SkirmishRules::default());
    let (first, second): (EngineSpec, EngineSpec) =
        ("alphabeta:depth=3".parse().unwrap(), "alphabeta:depth=2".parse().unwrap());
    let games_of = |games: &[MatchGame<Skirmish>]| {
        let game =
            |g: &MatchGame<Skirmish>| (g.number, g.first_engine_color, g.record.move_texts(), g.outcome);
        games.iter().map(game).collect::<Vec<_>>()
    };
    let whole = MatchConfig { games: 7, opening_plies: 2, max_plies: 80, seed: 5, threads: 1, first_pair: 0 };
    // Pairs 0 and 1, then from pair 2 the last three games (pair 3 has one).
    let runs = [MatchConfig { games: 4, ..whole }, MatchConfig { games: 3, first_pair: 2, ..whole }];
    let (all, _, tally) = play(&start, &first, &second, &SkirmishEval, &whole);
    let (head, _, head_tally) = play(&start, &first, &second, &SkirmishEval, &runs[0]);
    let (tail, tail_calls, tail_tally) = play(&start, &first, &second, &SkirmishEval, &runs[1]);
    assert_eq!(games_of(&all), [games_of(&head), games_of(&tail)].concat());
    assert_eq!(tail.iter().map(|g| g.number).collect::<Vec<_>>(), [4, 5, 6]);
    // Each run's tally is its own: its games, its total, its pairs.
    assert_eq!((tail_tally.played, tail_tally.total, tail_tally.pairs.count()), (3, 3, 1));
    assert_eq!(tail_calls.last(), Some(&tail_tally));
    assert_eq!(head_tally.wins + tail_tally.wins, tally.wins);
    assert_eq!(head_tally.draws + tail_tally.draws, tally.draws);
    // The same from a list of openings, the start and the start after its
    // first legal move: pair I plays line I wherever a run starts.
    let mut moves = damero_core::MoveList::new();
    start.legal_moves(&mut moves);
    let mut one_ply = GameRecord::new(start);
    one_ply.play(moves[0]);
    let openings = [GameRecord::new(start), one_ply];
    let listed = |config: &MatchConfig| {
        let mut games = Vec::new();
        run_match_with_openings(
            &openings,
            &first,
            &second,
            &SkirmishEval,
            &SkirmishEval,
            config,
            |game, _| {
                games.push(game.clone());
                ControlFlow::Continue(())
            },
        );
        games
    };
    let (all, head, tail) = (listed(&whole), listed(&runs[0]), listed(&runs[1]));
    assert_eq!(games_of(&all), [games_of(&head), games_of(&tail)].concat());
    assert_eq!(tail[0].opening_plies, 0, "pair 2 plays line 0 of two");
    assert_eq!(tail[2].opening_plies, 1, "pair 3 plays line 1");
}

#[test]
fn a_player_that_asks_to_be_kept_stays_with_its_thread_until_it_fails() {
    use damero_engine::{MatchPlayer, Openings, run_player_match};
    use std::sync::atomic::{AtomicU32, Ordering};
    let start = TicTacToe::start(Default::default());
    // Six games, three pairs; the first player made on the second side
    // fails at its third move when `fail_at` is 3, the others never.
    for (keep, fail_at, threads, made_at_most, made_at_least) in
        [(false, u32::MAX, 1, 3, 3), (true, u32::MAX, 1, 1, 1), (true, 3, 1, 2, 2), (true, u32::MAX, 2, 2, 1)]
    {
        let config =
            MatchConfig { games: 6, opening_plies: 0, max_plies: 20, seed: 1, threads, first_pair: 0 };
        let made = AtomicU32::new(0);
        let factory = || {
            let fail_at = if made.fetch_add(1, Ordering::Relaxed) == 0 { fail_at } else { u32::MAX };
            Ok(Box::new(Failing::new(fail_at, false, keep)) as Box<dyn MatchPlayer<TicTacToe>>)
        };
        let first = || Ok(Box::new(Failing::new(u32::MAX, false, keep)) as Box<dyn MatchPlayer<TicTacToe>>);
        let mut forfeits = 0;
        let tally = run_player_match(Openings::Random(&start), &first, &factory, &config, |game, _| {
            forfeits += u32::from(game.forfeit.is_some());
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(tally.played, 6);
        assert_eq!(forfeits, u32::from(fail_at != u32::MAX), "keep {keep}, fail at {fail_at}");
        let made = made.into_inner();
        assert!(
            (made_at_least..=made_at_most).contains(&made),
            "keep {keep}, fail at {fail_at}, {threads} threads: {made} players made"
        );
    }
}

#[test]
fn the_last_games_a_match_can_number_are_played_and_saved_with_their_round() {
    let start = TicTacToe::start(Default::default());
    let spec: EngineSpec = "random".parse().unwrap();
    // The last pair whose games fit a u32, then one past it: nothing.
    let last = u32::MAX >> 1;
    for (first_pair, expected) in [(last, vec![u32::MAX - 1, u32::MAX]), (last + 1, vec![])] {
        let config =
            MatchConfig { games: 4, opening_plies: 0, max_plies: 20, seed: 1, threads: 1, first_pair };
        let (games, _, _) = play(&start, &spec, &spec, &TicTacToeEval, &config);
        assert_eq!(games.iter().map(|g| g.number).collect::<Vec<_>>(), expected);
        if let Some(game) = games.last() {
            assert!(game.record_text("a", "b").contains("[Round \"4294967296\"]"));
        }
    }
}
