//! `damero tune-network`: fit a small neural-network evaluation to
//! self-play data.

use std::path::PathBuf;

use damero_draughts::Variant;
use damero_eval::draughts::NETWORK_PARAMETERS;
use damero_lab::{NetworkOptions, fit_network};

use crate::commands::tune::{check_lambda, not_draughts, read_samples};
use crate::error::CliError;
use crate::registry::{DraughtsCommand, dispatch_draughts};

/// The arguments of `damero tune-network`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id (a draughts rule set).
    game: String,
    /// Sample files from `damero selfplay` (repeatable).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Where to write the network.
    #[arg(long)]
    out: PathBuf,
    /// Weight of the game result in the target (the rest: the search score).
    #[arg(long, default_value_t = 0.4)]
    lambda: f64,
    /// Passes over the training set.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Samples per optimiser step.
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    /// Optimiser step at the start (it falls linearly to a tenth).
    #[arg(long, default_value_t = 1e-3)]
    learning_rate: f64,
    /// Seeds the starting weights and the sample order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs `damero tune-network`.
pub fn run(args: Args) -> Result<(), CliError> {
    check_lambda(args.lambda)?;
    if args.epochs == 0 || args.batch == 0 || args.learning_rate.is_nan() || args.learning_rate <= 0.0 {
        return Err(CliError::usage("--epochs, --batch and --learning-rate must be positive"));
    }
    let options = NetworkOptions {
        lambda: args.lambda,
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        seed: args.seed,
        ..Default::default()
    };
    let game = args.game.clone();
    dispatch_draughts(&game, TuneNetwork { data: args.data, out: args.out, options })
        .unwrap_or_else(|_| Err(not_draughts("tune-network", &game)))
}

/// The fit of one rule set.
struct TuneNetwork {
    data: Vec<PathBuf>,
    out: PathBuf,
    options: NetworkOptions,
}

impl DraughtsCommand for TuneNetwork {
    type Output = ();
    fn run<V: Variant>(self) -> Result<(), CliError> {
        let samples = read_samples::<V>(&self.data)?;
        eprintln!("fitting a network of {NETWORK_PARAMETERS} parameters to {} positions", samples.len());
        let (network, report) = fit_network(&samples, &self.options, |epoch, training, holdout| {
            eprintln!("epoch {epoch}: training loss {training:.6}, held-out loss {holdout:.6}");
        });
        damero_core::files::write_whole(&self.out, &network.to_bytes())
            .map_err(|e| CliError::file("write", &self.out, e))?;
        println!("positions: {} training, {} held out", report.training, report.holdout);
        println!("scale K: {:.1} centipawns", report.scale);
        println!("training loss: {:.6} -> {:.6}", report.training_loss.0, report.training_loss.1);
        println!(
            "held-out loss: {:.6} -> {:.6} ({}: {:.6})",
            report.holdout_loss.0, report.holdout_loss.1, report.baseline, report.baseline_holdout_loss
        );
        println!("network written to {}", self.out.display());
        Ok(())
    }
}
