//! `damero book build`: an opening book from deep searches of the first
//! moves (the file format is documented in `damero_search::book`).

use std::path::PathBuf;

use clap::Subcommand;
use damero_core::Evaluator;
use damero_engine::EngineGame;
use damero_lab::book;
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
        /// Keep the moves within this many centipawns of the best.
        #[arg(long, default_value_t = 10)]
        margin: i32,
        /// Keep at most this many moves per position.
        #[arg(long, default_value_t = 3)]
        width: usize,
        /// The book file to write.
        #[arg(long)]
        out: PathBuf,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
    },
}

/// Runs a `damero book` command.
pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        BookCommand::Build { game, plies, depth, margin, width, out, quiet } => {
            if plies == 0 || depth == 0 {
                return Err(CliError::usage("--plies and --depth must be at least 1"));
            }
            if margin < 0 || width == 0 {
                return Err(CliError::usage("--margin must be 0 or more and --width at least 1"));
            }
            dispatch(&game, Build { plies, depth, margin, width, out, progress: !quiet })
        }
    }
}

struct Build {
    plies: u32,
    depth: u32,
    margin: i32,
    width: usize,
    out: PathBuf,
    progress: bool,
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
        let built = book::build(
            &start,
            evaluator,
            self.plies,
            self.depth,
            self.margin,
            self.width,
            |done, queued| {
                bar.set_length((done + queued) as u64);
                bar.set_position(done as u64);
            },
        );
        bar.finish_and_clear();
        let text = format!(
            "# built by: damero book build {} --plies {} --depth {} --margin {} --width {}\n{built}",
            G::NAME,
            self.plies,
            self.depth,
            self.margin,
            self.width
        );
        std::fs::write(&self.out, text).map_err(|e| CliError::file("write", &self.out, e))?;
        eprintln!("{} positions written to {}", built.len(), self.out.display());
        Ok(())
    }
}
