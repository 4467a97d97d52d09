//! `damero book build`: an opening book from deep searches of the first
//! moves (the file format is documented in `damero_search::book`); `damero
//! book lines`: the lines a book plays, as an `--openings` file.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Subcommand;
use damero_core::Evaluator;
use damero_engine::EngineGame;
use damero_lab::book;
use damero_search::Book;
use indicatif::{ProgressBar, ProgressStyle};

use crate::error::CliError;
use crate::registry::{GameCommand, dispatch};

/// The arguments of `damero book ...`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Build a book: every position up to PLIES plies along book moves gets
    /// each legal move scored by a DEPTH-ply search; the moves within
    /// MARGIN of the best (at most WIDTH of them) are kept and followed.
    Build {
        /// Game id.
        game: String,
        /// How many plies from the start the book covers.
        #[arg(long, default_value_t = 6)]
        plies: u32,
        /// Search depth of each move's score, in plies.
        #[arg(long, default_value_t = 10)]
        depth: u32,
        /// Keep the moves within this many centipawns of the best. The
        /// book records it (its `margin` line), and play (and `book
        /// lines`) chooses among every move within it, so a wider margin
        /// gives more varied games.
        #[arg(long, default_value_t = 10)]
        margin: i32,
        /// Keep at most this many moves per position.
        #[arg(long, default_value_t = 3)]
        width: usize,
        /// Searches at once: a position's moves are shared out among this
        /// many threads, each with a table of its own. The book is the same
        /// for any count (each move's score comes from a fresh table), so a
        /// build may be resumed with another. More threads than cores gain
        /// nothing, and each takes a 16 MiB table.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// The book file to write (whole, at the end; meanwhile each finished
        /// position goes to OUT.journal).
        #[arg(long)]
        out: PathBuf,
        /// Go on from OUT.journal, what an interrupted build of the same
        /// command left: the book is the one an uninterrupted build writes.
        #[arg(long)]
        resume: bool,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Print every line of PLIES moves the book plays for both sides from
    /// the start, one a line: at each position, every move within the
    /// book's margin of its best (what `book=true` picks among, by seed).
    /// Lines that leave the book sooner are left out. The output is an
    /// `--openings` file for `damero match`: where a book is measured.
    Lines {
        /// Game id.
        game: String,
        /// How many plies each line has.
        #[arg(long, default_value_t = 4)]
        plies: usize,
        /// A book file (as `damero book build` writes) instead of the
        /// book the game ships.
        #[arg(long)]
        book: Option<PathBuf>,
    },
}

/// Runs a `damero book` command.
pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        BookCommand::Build { game, plies, depth, margin, width, threads, out, resume, quiet } => {
            if plies == 0 || depth == 0 {
                return Err(CliError::usage("--plies and --depth must be at least 1"));
            }
            if margin < 0 || width == 0 {
                return Err(CliError::usage("--margin must be 0 or more and --width at least 1"));
            }
            if threads == 0 {
                return Err(CliError::usage("--threads must be at least 1"));
            }
            dispatch(&game, Build { plies, depth, margin, width, threads, out, resume, progress: !quiet })
        }
        BookCommand::Lines { game, plies, book } => {
            if plies == 0 {
                return Err(CliError::usage("--plies must be at least 1"));
            }
            for line in dispatch(&game, Lines { plies, book })? {
                println!("{line}");
            }
            Ok(())
        }
    }
}

struct Lines {
    plies: usize,
    book: Option<PathBuf>,
}

impl GameCommand for Lines {
    type Output = Vec<String>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, _evaluator: E) -> Result<Vec<String>, CliError> {
        let (book, source) = match &self.book {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| CliError::file("read", path, e))?;
                let book: Book =
                    text.parse().map_err(|e| CliError::Parse(format!("{}: {e}", path.display())))?;
                if book.game() != G::NAME {
                    return Err(CliError::usage(format!(
                        "{} is a book for {}, not {}",
                        path.display(),
                        book.game(),
                        G::NAME
                    )));
                }
                (std::sync::Arc::new(book), path.display().to_string())
            }
            None => {
                let book = G::book().ok_or_else(|| {
                    CliError::usage(format!("{} ships no book: give one with --book FILE", G::NAME))
                })?;
                (book, format!("the {} book", G::NAME))
            }
        };
        let lines = book.lines(&G::start(Default::default()), self.plies);
        if lines.is_empty() {
            return Err(CliError::usage(format!(
                "{source} plays no line of {} plies from the start",
                self.plies
            )));
        }
        Ok(lines.iter().map(|line| line.move_texts().join(" ")).collect())
    }
}

struct Build {
    plies: u32,
    depth: u32,
    margin: i32,
    width: usize,
    threads: usize,
    out: PathBuf,
    resume: bool,
    progress: bool,
}

/// The journal of a build of `out`: `OUT.journal`.
fn journal_path(out: &Path) -> PathBuf {
    let mut path = out.as_os_str().to_owned();
    path.push(".journal");
    PathBuf::from(path)
}

/// The positions an interrupted build of `command` left in `journal` (none
/// if there is no journal), after checking it is the same build.
fn read_journal(journal: &Path, command: &str, game: &str) -> Result<Book, CliError> {
    let text = match std::fs::read_to_string(journal) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Book::new(game)),
        Err(e) => return Err(CliError::file("read", journal, e)),
    };
    let first = text.lines().next().unwrap_or_default();
    if first != format!("# built by: {command}") {
        return Err(CliError::usage(format!(
            "{} is the journal of another build ('{first}'): remove it, or resume with the same options",
            journal.display()
        )));
    }
    let known =
        book::read_journal(&text).map_err(|e| CliError::usage(format!("{}: {e}", journal.display())))?;
    if known.game() != game {
        return Err(CliError::usage(format!("{} is a journal for {}", journal.display(), known.game())));
    }
    Ok(known)
}

impl GameCommand for Build {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
        let bar = if self.progress { ProgressBar::new(1) } else { ProgressBar::hidden() };
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} positions  [{elapsed_precise}]")
                .map_err(CliError::engine)?,
        );
        let start = G::start(Default::default());
        // What the journal checks a resumed build against: every option that
        // changes the book, and not `--threads`, which does not, so a build
        // may be resumed on another thread count.
        let command = format!(
            "damero book build {} --plies {} --depth {} --margin {} --width {}",
            G::NAME,
            self.plies,
            self.depth,
            self.margin,
            self.width
        );
        // The journal lives beside the book: a device or a pipe has no
        // "beside" (the journal of /dev/stdout would be a file in /dev).
        if std::fs::metadata(&self.out).is_ok_and(|m| !m.is_file()) {
            return Err(CliError::usage(format!(
                "--out {} is not a file: a book is written whole beside its journal, so give a file path",
                self.out.display()
            )));
        }
        let journal_path = journal_path(&self.out);
        let known = if self.resume {
            read_journal(&journal_path, &command, G::NAME)?
        } else if journal_path.exists() {
            return Err(CliError::usage(format!(
                "{} holds an interrupted build: --resume goes on from it (or remove it)",
                journal_path.display()
            )));
        } else {
            Book::new(G::NAME)
        };
        // The journal is the book so far, a whole line per finished
        // position: a resumed build reads back every line a kill left whole.
        let mut journal = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&journal_path)
            .map_err(|e| CliError::file("write", &journal_path, e))?;
        if known.is_empty() {
            journal.set_len(0).map_err(|e| CliError::file("write", &journal_path, e))?;
            journal
                .write_all(book::journal_header(G::NAME, &command).as_bytes())
                .map_err(|e| CliError::file("write", &journal_path, e))?;
        } else {
            // Drops a line the interrupt cut, so the next one starts whole.
            let whole = std::fs::read_to_string(&journal_path)
                .map_err(|e| CliError::file("read", &journal_path, e))?;
            let end = whole.rfind('\n').map_or(0, |i| i + 1);
            journal.set_len(end as u64).map_err(|e| CliError::file("write", &journal_path, e))?;
        }
        let options = book::BookOptions {
            plies: self.plies,
            depth: self.depth,
            margin: self.margin,
            width: self.width,
            threads: self.threads,
        };
        let built = book::build_from(
            &start,
            evaluator,
            options,
            &known,
            |key, moves| journal.write_all(book::journal_line(key, moves).as_bytes()),
            |done, queued| {
                bar.set_length((done + queued) as u64);
                bar.set_position(done as u64);
            },
        )
        .map_err(|e| CliError::file("write", &journal_path, e))?;
        bar.finish_and_clear();
        let text = format!("# built by: {command}\n{built}");
        damero_core::files::write_whole(&self.out, text.as_bytes())
            .map_err(|e| CliError::file("write", &self.out, e))?;
        std::fs::remove_file(&journal_path).map_err(|e| CliError::file("remove", &journal_path, e))?;
        eprintln!("{} positions written to {}", built.len(), self.out.display());
        Ok(())
    }
}
