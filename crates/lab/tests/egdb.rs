//! Endgame databases: values against exhaustive search, the files and their
//! errors, and won positions converted by the engine against the longest
//! defence the database knows.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use damero_core::testkit::ScratchDir;
use damero_core::{Color, Game, GameRecord, MoveList, Outcome, Square, Verdict};
use damero_draughts::{
    Draughts, EnglishVariant, Piece, RussianDraws, RussianRules, RussianVariant, Setup, Variant,
    ZisnellaVariant,
};
use damero_eval::{DraughtsEvaluator, EGDB_FORMAT_VERSION, EgdbError, EgdbEvaluator, EndgameDatabase};
use damero_search::{AlphaBeta, AlphaBetaConfig, Limits, SeededRng};

/// Pieces in the databases the tests build (4 takes a few seconds).
const PIECES: u32 = 4;

fn russian() -> &'static Arc<EndgameDatabase<RussianVariant>> {
    static DATABASE: OnceLock<Arc<EndgameDatabase<RussianVariant>>> = OnceLock::new();
    DATABASE.get_or_init(|| Arc::new(damero_lab::build_egdb_in_memory(PIECES, |_| {}).expect("builds")))
}

fn english() -> &'static Arc<EndgameDatabase<EnglishVariant>> {
    static DATABASE: OnceLock<Arc<EndgameDatabase<EnglishVariant>>> = OnceLock::new();
    DATABASE.get_or_init(|| Arc::new(damero_lab::build_egdb_in_memory(PIECES, |_| {}).expect("builds")))
}

/// A random position with `pieces` pieces (each side at least one, men off
/// their crowning row), or `None` when the draw left a side empty.
fn random_position<V: Variant>(rng: &mut SeededRng, pieces: usize, rules: V::Rules) -> Option<Draughts<V>> {
    let mut squares: Vec<Square> = Square::all().filter(|s| s.is_dark()).collect();
    let mut placed = Vec::new();
    for _ in 0..pieces {
        let square = squares.swap_remove(rng.below(squares.len()));
        let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
        let crowning = if color == Color::White { 7 } else { 0 };
        let king = square.rank() == crowning || rng.below(2) == 0;
        placed.push((square, Piece { color, king }));
    }
    if !Color::ALL.iter().all(|&c| placed.iter().any(|(_, p)| p.color == c)) {
        return None;
    }
    let side = if rng.below(2) == 0 { Color::White } else { Color::Black };
    Draughts::from_setup(Setup::with_pieces(side, placed), rules).ok()
}

/// Search to `depth` plies, exactly (no reductions), without the database.
fn exhaustive_score<V: Variant>(position: &Draughts<V>, depth: u32) -> damero_search::Score {
    let mut search = AlphaBeta::new(AlphaBetaConfig::exact(), DraughtsEvaluator::default());
    search.search(position, &[], &Limits::depth(depth), |_| {}).score
}

/// The database value of random positions against an exhaustive search
/// `depth` plies deep: a win or loss within the horizon has exactly the
/// database's distance, a draw is never a proven result, a longer win or
/// loss is never proven shorter.
fn agrees_with_search<V: Variant>(database: &EndgameDatabase<V>, rules: V::Rules, depth: u32, seed: u64) {
    let mut rng = SeededRng::new(seed);
    let (mut decided, mut draws, mut tried) = (0, 0, 0);
    while (decided < 24 || draws < 8) && tried < 400 {
        tried += 1;
        let pieces = 2 + rng.below(PIECES as usize - 1);
        let Some(position) = random_position::<V>(&mut rng, pieces, rules) else { continue };
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            continue;
        }
        let value = database.value(&position).expect("in the database");
        let score = exhaustive_score(&position, depth);
        let fen = position.fen();
        match value {
            Verdict::Win { plies } if plies <= depth => {
                assert_eq!(
                    score.plies_to_win(),
                    Some(plies),
                    "{fen}: database win in {plies}, search {score}"
                );
                decided += 1;
            }
            Verdict::Loss { plies } if plies <= depth => {
                assert_eq!(
                    score.plies_to_loss(),
                    Some(plies),
                    "{fen}: database loss in {plies}, search {score}"
                );
                decided += 1;
            }
            Verdict::Draw => {
                assert!(!score.is_proven(), "{fen}: database draw, search {score}");
                draws += 1;
            }
            Verdict::Win { plies } => {
                assert!(
                    score.plies_to_loss().is_none() && score.plies_to_win().is_none_or(|n| n >= plies),
                    "{fen}"
                );
            }
            Verdict::Loss { plies } => {
                assert!(
                    score.plies_to_win().is_none() && score.plies_to_loss().is_none_or(|n| n >= plies),
                    "{fen}"
                );
            }
        }
    }
    assert!(decided >= 24 && draws >= 8, "{} decided, {} draws in {} tries", decided, draws, tried);
}

#[test]
fn russian_values_agree_with_exhaustive_search() {
    // Olsen's draws: the FSR 2-3 piece rule (5 moves) would cut the search short.
    agrees_with_search(russian(), RussianRules { draws: RussianDraws::Olsen }, 7, 1);
}

#[test]
fn english_values_agree_with_exhaustive_search() {
    agrees_with_search(english(), Default::default(), 9, 2);
}

/// A path not yet made (the builds make their directory), in a scratch
/// directory removed with it when the guard drops.
fn scratch_dir(name: &str) -> (ScratchDir, PathBuf) {
    let scratch = ScratchDir::new(&format!("egdb-test-{name}"));
    let path = scratch.join(name);
    (scratch, path)
}

#[test]
fn files_round_trip() {
    let (_dir_scratch, dir) = scratch_dir("round-trip");
    let built = damero_lab::build_egdb::<RussianVariant>(&dir, 3, |_| {}).expect("builds");
    let opened = EndgameDatabase::<RussianVariant>::open(&dir).expect("opens");
    assert!(built == opened);
    assert_eq!(opened.max_pieces(), 3);
    assert!(opened.size_bytes() > 0);
    let in_memory = damero_lab::build_egdb_in_memory::<RussianVariant>(3, |_| {}).expect("builds");
    assert!(in_memory == opened);
}

#[test]
fn every_file_error_is_typed() {
    let (_dir_scratch, dir) = scratch_dir("errors");
    let open = || EndgameDatabase::<RussianVariant>::open(&dir);
    assert!(matches!(open(), Err(EgdbError::MissingFile { .. })));
    damero_lab::build_egdb::<RussianVariant>(&dir, 3, |_| {}).expect("builds");
    let slice_file = dir.join("russian-0101.egdb");
    let good = std::fs::read(&slice_file).unwrap();

    // English asks for its own table of contents: missing; then a copy of
    // Russian's (naming Russian) and Russian slice files under English names.
    assert!(matches!(EndgameDatabase::<EnglishVariant>::open(&dir), Err(EgdbError::MissingFile { .. })));
    std::fs::copy(dir.join("russian.egdb-toc"), dir.join("english.egdb-toc")).unwrap();
    assert!(matches!(EndgameDatabase::<EnglishVariant>::open(&dir), Err(EgdbError::WrongRuleSet { .. })));
    std::fs::write(
        dir.join("english.egdb-toc"),
        format!("damero-egdb {EGDB_FORMAT_VERSION} english pieces=2\n"),
    )
    .unwrap();
    std::fs::copy(&slice_file, dir.join("english-0101.egdb")).unwrap();
    std::fs::copy(dir.join("russian-0110.egdb"), dir.join("english-0110.egdb")).unwrap();
    std::fs::copy(dir.join("russian-1010.egdb"), dir.join("english-1010.egdb")).unwrap();
    let wrong = EndgameDatabase::<EnglishVariant>::open(&dir);
    assert!(matches!(&wrong, Err(EgdbError::WrongRuleSet { found, .. }) if found == "russian"), "{wrong:?}");

    std::fs::write(&slice_file, &good[..good.len() - 1]).unwrap();
    assert!(matches!(open(), Err(EgdbError::Truncated { .. })));
    std::fs::write(&slice_file, &good[..10]).unwrap();
    assert!(matches!(open(), Err(EgdbError::Truncated { .. })));
    let mut bad_magic = good.clone();
    bad_magic[0] ^= 1;
    std::fs::write(&slice_file, &bad_magic).unwrap();
    assert!(matches!(open(), Err(EgdbError::BadHeader { .. })));
    // A value changed: the checksum refuses the file, naming it.
    let mut damaged = good.clone();
    *damaged.last_mut().unwrap() ^= 1;
    std::fs::write(&slice_file, &damaged).unwrap();
    let error = open().unwrap_err();
    assert!(matches!(&error, EgdbError::Damaged { path } if *path == slice_file), "{error:?}");
    assert!(error.to_string().contains("russian-0101.egdb") && !error.to_string().contains('\n'));
    let mut extra = good.clone();
    extra.push(0);
    std::fs::write(&slice_file, &extra).unwrap();
    assert!(matches!(open(), Err(EgdbError::BadHeader { .. })));
    std::fs::write(&slice_file, &good).unwrap();
    assert!(open().is_ok());
    std::fs::remove_file(&slice_file).unwrap();
    let missing = open();
    assert!(matches!(&missing, Err(EgdbError::MissingFile { path }) if *path == slice_file), "{missing:?}");
    std::fs::write(
        dir.join("russian.egdb-toc"),
        format!("damero-egdb {EGDB_FORMAT_VERSION} russian pieces=many\n"),
    )
    .unwrap();
    assert!(matches!(open(), Err(EgdbError::BadHeader { .. })));

    assert!(matches!(
        damero_lab::build_egdb_in_memory::<RussianVariant>(1, |_| {}),
        Err(EgdbError::BadPieceCount { pieces: 1 })
    ));
    assert!(matches!(
        damero_lab::build_egdb_in_memory::<ZisnellaVariant>(2, |_| {}),
        Err(EgdbError::UnsupportedRuleSet { game: "zisnella" })
    ));
    // Every error reads as one line.
    assert!(!open().unwrap_err().to_string().contains('\n'));
}

/// Plays `start` out: the engine (alpha-beta over the database) for the
/// winner, for the loser the move the database gives the longest loss.
/// Returns the plies the game took; panics unless the winner wins within the
/// database's distance.
fn convert<V: Variant>(database: &Arc<EndgameDatabase<V>>, start: Draughts<V>) -> u32 {
    let Some(Verdict::Win { plies: distance }) = database.probe(&start) else {
        panic!("{}: not a database win", start.fen());
    };
    let winner = start.side_to_move();
    let evaluator = EgdbEvaluator::new(DraughtsEvaluator::default(), database.clone());
    let mut engine = AlphaBeta::new(AlphaBetaConfig::default(), evaluator);
    let mut record = GameRecord::new(start);
    let mut moves = MoveList::new();
    while record.outcome().is_none() {
        let position = *record.position();
        assert!((record.moves().len() as u32) < distance, "{}: not converted in {distance}", start.fen());
        let mv = if position.side_to_move() == winner {
            engine.search_record(&record, &Limits::depth(3), |_| {}).best_move.expect("a move")
        } else {
            position.legal_moves(&mut moves);
            *moves
                .iter()
                .max_by_key(|&&mv| {
                    let mut child = position;
                    child.play(mv);
                    match database.value(&child).expect("in the database") {
                        Verdict::Win { plies } => plies,
                        other => panic!("{}: the defence reaches {other:?}", start.fen()),
                    }
                })
                .expect("a move")
        };
        record.play(mv);
    }
    assert_eq!(record.outcome(), Some(Outcome::Win(winner)), "{}", start.fen());
    record.moves().len() as u32
}

/// Won positions converted in exactly their distance (the engine takes the
/// shortest win, the defence the longest loss).
fn converts_random_wins<V: Variant>(database: &Arc<EndgameDatabase<V>>, seed: u64) {
    let mut rng = SeededRng::new(seed);
    let mut converted = 0;
    while converted < 6 {
        let Some(position) = random_position::<V>(&mut rng, PIECES as usize, Default::default()) else {
            continue;
        };
        if let Some(Verdict::Win { plies }) = database.probe(&position)
            && plies >= 5
        {
            assert_eq!(convert(database, position), plies, "{}", position.fen());
            converted += 1;
        }
    }
}

#[test]
fn russian_wins_are_converted_against_the_longest_defence() {
    converts_random_wins(russian(), 3);
}

#[test]
fn english_wins_are_converted_against_the_longest_defence() {
    converts_random_wins(english(), 4);
}

/// Every position of three white kings against one black king, White to move.
fn three_kings_against_one() -> impl Iterator<Item = Draughts<RussianVariant>> {
    let squares: Vec<Square> = Square::all().filter(|s| s.is_dark()).collect();
    let king = |color| Piece { color, king: true };
    let n = squares.len();
    let squares2 = squares.clone();
    (0..n).flat_map(move |a| (a + 1..n).flat_map(move |b| (b + 1..n).map(move |c| (a, b, c)))).flat_map(
        move |(a, b, c)| {
            let squares = squares2.clone();
            (0..n).filter(move |&d| d != a && d != b && d != c).map(move |d| {
                let placed = [(a, Color::White), (b, Color::White), (c, Color::White), (d, Color::Black)]
                    .map(|(i, color)| (squares[i], king(color)));
                Draughts::from_setup(Setup::with_pieces(Color::White, placed), RussianRules::default())
                    .expect("distinct squares")
            })
        },
    )
}

#[test]
fn rule_13b_three_kings_against_one_is_won_within_fifteen_moves_or_not_at_all() {
    let database = russian();
    // The longest 3-kings win, and where the 15-move rule starts to bite.
    let longest = three_kings_against_one()
        .filter_map(|p| match database.value(&p) {
            Some(Verdict::Win { plies }) => Some((plies, p)),
            _ => None,
        })
        .max_by_key(|&(plies, _)| plies)
        .expect("3 kings against 1 wins somewhere");
    let (plies, position) = longest;
    assert!(plies > 10 && plies <= 29, "{plies} plies from {}", position.fen());

    // The rule leaves 29 plies from the material's start: with the counter
    // at 29 - plies the win still fits, one ply later it does not.
    let mut tight = position;
    tight.set_draw_counters(0, 0, (29 - plies) as u16);
    assert_eq!(database.probe(&tight), Some(Verdict::Win { plies }));
    let mut late = position;
    late.set_draw_counters(0, 0, (30 - plies) as u16);
    assert_eq!(database.probe(&late), None);
    // The rule-13c king-move counter bites the same way.
    let mut kings_only = position;
    kings_only.set_draw_counters(0, (31 - plies) as u16, 0);
    assert_eq!(database.probe(&kings_only), None);

    // With the tight counter the engine still wins: every move must count.
    assert_eq!(convert(database, tight), plies);
}

/// The files of `dir`, by name, sorted.
fn files_of(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            (entry.file_name().to_string_lossy().into_owned(), std::fs::read(entry.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn an_interrupted_build_resumes_to_the_same_files() {
    let (_whole_scratch, whole) = scratch_dir("resume-whole");
    damero_lab::build_egdb::<RussianVariant>(&whole, 4, |_| {}).expect("builds");
    let expected = files_of(&whole);
    // An interrupted build: the first slices finished (written whole), the
    // table of contents not yet, a half-written `.part` file and a slice
    // whose file was damaged on the disk.
    let (_cut_scratch, cut) = scratch_dir("resume-cut");
    std::fs::create_dir_all(&cut).unwrap();
    let slices = EndgameDatabase::<RussianVariant>::slices(4);
    for slice in &slices[..slices.len() / 2] {
        let name = format!("russian-{slice}.egdb");
        std::fs::copy(whole.join(&name), cut.join(&name)).unwrap();
    }
    let last_done = format!("russian-{}.egdb", slices[slices.len() / 2 - 1]);
    let mut damaged = std::fs::read(cut.join(&last_done)).unwrap();
    *damaged.last_mut().unwrap() ^= 1;
    std::fs::write(cut.join(&last_done), damaged).unwrap();
    let next = format!("russian-{}.egdb", slices[slices.len() / 2]);
    std::fs::write(cut.join(format!("{next}.part")), b"DMROEGDB half").unwrap();
    let mut solved = 0;
    let resumed = damero_lab::resume_egdb::<RussianVariant>(&cut, 4, |p| solved = solved.max(p.slices_done))
        .expect("resumes");
    // The stale `.part` file is overwritten by the slice's own and renamed.
    assert_eq!(files_of(&cut), expected);
    assert_eq!(resumed, EndgameDatabase::<RussianVariant>::open(&whole).unwrap());
    assert_eq!(solved, slices.len());
}

#[test]
fn a_directory_that_cannot_be_written_gives_a_one_line_error_naming_it() {
    // A directory under a regular file cannot be made, whoever runs the
    // test (root ignores read-only bits): the build stops with an I/O error
    // naming the path, and leaves nothing.
    let (_base_scratch, base) = scratch_dir("not-a-dir");
    std::fs::write(&base, b"a file").unwrap();
    let dir = base.join("egdb");
    let error = damero_lab::build_egdb::<RussianVariant>(&dir, 2, |_| {}).unwrap_err();
    let text = error.to_string();
    assert!(matches!(error, EgdbError::Io { .. }), "{error:?}");
    assert!(text.contains(dir.to_str().unwrap()) && !text.contains('\n'), "{text}");
    assert!(!dir.exists());
}
