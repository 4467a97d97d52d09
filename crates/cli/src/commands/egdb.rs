//! `damero egdb build`: solve the endgames of a draughts rule set.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Subcommand;
use damero_draughts::Variant;
use damero_eval::EndgameDatabase;
use indicatif::{ProgressBar, ProgressStyle};

use crate::database::no_databases;
use crate::error::CliError;
use crate::registry::{DraughtsCommand, dispatch_draughts};

/// The arguments of `damero egdb ...`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: EgdbCommand,
}

#[derive(Subcommand, Debug)]
enum EgdbCommand {
    /// Solve every position with up to N pieces and write the files into DIR.
    Build {
        /// Game id: a draughts rule set with databases (russian, spanish, english).
        game: String,
        /// The most pieces (men and kings, both sides) a position may have.
        #[arg(long, default_value_t = 4)]
        pieces: u32,
        /// The directory to write into (created if need be).
        #[arg(long)]
        out: PathBuf,
        /// Go on from what an interrupted build left in DIR: slices whose
        /// files read back whole are kept, the others solved again. The
        /// files end up byte for byte those of an uninterrupted build.
        #[arg(long)]
        resume: bool,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
    },
}

/// Runs `damero egdb ...`.
pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        EgdbCommand::Build { game, pieces, out, resume, quiet } => {
            dispatch_draughts(&game, Build { dir: out, pieces, resume, quiet })
                .unwrap_or_else(|_| Err(no_databases(&game)))
        }
    }
}

struct Build {
    dir: PathBuf,
    pieces: u32,
    resume: bool,
    quiet: bool,
}

impl DraughtsCommand for Build {
    type Output = ();
    fn run<V: Variant>(self) -> Result<(), CliError> {
        if !EndgameDatabase::<V>::SUPPORTED {
            return Err(no_databases(V::NAME));
        }
        build::<V>(&self.dir, self.pieces, self.resume, self.quiet)
    }
}

fn build<V: Variant>(dir: &Path, pieces: u32, resume: bool, quiet: bool) -> Result<(), CliError> {
    let bar = if quiet { ProgressBar::hidden() } else { ProgressBar::new(1) };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {percent:>3}%  slice {msg}  [{elapsed_precise}, eta {eta}]")
            .map_err(CliError::engine)?,
    );
    let start = Instant::now();
    let show = |progress: &damero_lab::BuildProgress| {
        bar.set_length(progress.positions_total);
        bar.set_position(progress.positions_done);
        bar.set_message(format!("{} ({}/{})", progress.slice, progress.slices_done, progress.slices_total));
    };
    let database = if resume {
        damero_lab::resume_egdb::<V>(dir, pieces, show)
    } else {
        damero_lab::build_egdb::<V>(dir, pieces, show)
    }
    .map_err(CliError::engine)?;
    bar.finish_and_clear();
    println!(
        "{} endgame database, up to {pieces} pieces: {} slices, {} bytes of values, in {:.1} s, written to {}",
        V::NAME,
        EndgameDatabase::<V>::slices(pieces).len(),
        database.size_bytes(),
        start.elapsed().as_secs_f64(),
        dir.display()
    );
    Ok(())
}
