//! `damero tune`: fit the trained pattern evaluation's weights to
//! self-play data.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use damero_core::{Color, Game, Outcome};
use damero_draughts::{Draughts, Variant};
use damero_eval::{Weights, WeightsError};
use damero_lab::{Sample, TrainingSample, TuneOptions, fit};

use crate::error::CliError;
use crate::registry::{DRAUGHTS_IDS, DraughtsCommand, dispatch_draughts};

/// The arguments of `damero tune`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id (a draughts rule set).
    game: String,
    /// Sample files from `damero selfplay` (repeatable).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Where to write the weights.
    #[arg(long)]
    out: PathBuf,
    /// Start from these weights instead of material alone.
    #[arg(long)]
    start: Option<PathBuf>,
    /// Weight of the game result in the target (the rest: the search score).
    #[arg(long, default_value_t = 0.7)]
    lambda: f64,
    /// Optimiser iterations over the whole set.
    #[arg(long, default_value_t = 600)]
    iterations: usize,
    /// Optimiser step, in centipawns.
    #[arg(long, default_value_t = 2.0)]
    learning_rate: f64,
    /// L2 penalty per parameter.
    #[arg(long, default_value_t = 2e-7)]
    l2: f64,
    /// L2 penalty of the mover-deviation pattern tables (instead of --l2).
    #[arg(long, default_value_t = 1e-10, allow_negative_numbers = true)]
    l2_deviation: f64,
}

/// Runs `damero tune`.
pub fn run(args: Args) -> Result<(), CliError> {
    check_lambda(args.lambda)?;
    let negative = |x: f64| x.is_nan() || x < 0.0;
    if args.iterations == 0
        || args.learning_rate.is_nan()
        || args.learning_rate <= 0.0
        || negative(args.l2)
        || negative(args.l2_deviation)
    {
        return Err(CliError::usage(
            "--iterations, --learning-rate must be positive and --l2, --l2-deviation not negative",
        ));
    }
    let options = TuneOptions {
        lambda: args.lambda,
        iterations: args.iterations,
        learning_rate: args.learning_rate,
        l2: args.l2,
        l2_deviation: args.l2_deviation,
        ..Default::default()
    };
    let game = args.game.clone();
    dispatch_draughts(&game, Tune { args, options }).unwrap_or_else(|_| Err(not_draughts("tune", &game)))
}

/// `--lambda`, a share from 0 to 1.
pub fn check_lambda(lambda: f64) -> Result<(), CliError> {
    if !(0.0..=1.0).contains(&lambda) {
        return Err(CliError::Usage(format!("--lambda takes a number from 0 to 1, not {lambda}")));
    }
    Ok(())
}

/// The error for a game that is not a draughts rule set.
pub fn not_draughts(command: &str, game: &str) -> CliError {
    CliError::Usage(format!(
        "{command} fits the draughts evaluation ({}), not '{game}'",
        DRAUGHTS_IDS.join(", ")
    ))
}

/// Reads `selfplay` sample files.
pub fn read_samples<V: Variant>(data: &[PathBuf]) -> Result<Vec<TrainingSample<V>>, CliError> {
    let rules = Draughts::<V>::start(Default::default()).rules();
    let mut samples = Vec::new();
    for path in data {
        let file = std::fs::File::open(path).map_err(|e| CliError::file("open", path, e))?;
        for (number, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| CliError::Parse(format!("{}: {e}", path.display())))?;
            let Some(sample) = Sample::<Draughts<V>>::parse(&line, rules) else { continue };
            let sample =
                sample.map_err(|e| CliError::Parse(format!("{}:{}: {e}", path.display(), number + 1)))?;
            let result = match sample.outcome {
                Outcome::Win(Color::White) => 1.0,
                Outcome::Win(Color::Black) => 0.0,
                Outcome::Draw => 0.5,
            };
            samples.push(TrainingSample { position: sample.position, result, search_score: sample.score });
        }
    }
    if samples.len() < 20 {
        return Err(CliError::Usage(format!("only {} samples: tuning needs at least 20", samples.len())));
    }
    Ok(samples)
}

/// The fit of one rule set.
struct Tune {
    args: Args,
    options: TuneOptions,
}

impl DraughtsCommand for Tune {
    type Output = ();
    fn run<V: Variant>(self) -> Result<(), CliError> {
        let args = &self.args;
        // The start first: a wrong file is found before the data is read.
        let start_weights = match &args.start {
            Some(path) => Weights::read(path, V::NAME).map_err(|e| {
                // The error alone does not say which file, nor that a
                // network cannot start a fit of pattern weights.
                let why = match e {
                    WeightsError::NotWeights => {
                        "not a damero weights file (--start takes pattern weights)".into()
                    }
                    e => e.to_string(),
                };
                CliError::engine(format!("--start {}: {why}", path.display()))
            })?,
            None => Weights::material(V::NAME, 100, if V::FLYING_KINGS { 300 } else { 150 }),
        };
        let samples = read_samples::<V>(&args.data)?;
        eprintln!("fitting {} parameters to {} positions", damero_eval::draughts::PARAMETERS, samples.len());
        let (weights, report) = fit(&samples, &start_weights, &self.options, |iteration, loss| {
            eprintln!("iteration {iteration}: training loss {loss:.6}");
        });
        damero_core::files::write_whole(&args.out, &weights.to_bytes())
            .map_err(|e| CliError::file("write", &args.out, e))?;
        println!("positions: {} training, {} held out", report.training, report.holdout);
        println!("scale K: {:.1} centipawns", report.scale);
        println!("training loss: {:.6} -> {:.6}", report.training_loss.0, report.training_loss.1);
        println!("held-out loss: {:.6} -> {:.6}", report.holdout_loss.0, report.holdout_loss.1);
        println!("scalar weights (middlegame, endgame):");
        for (name, mg, eg) in weights.scalars() {
            println!("  {name:<28} {mg:>6} {eg:>6}");
        }
        println!("weights written to {}", args.out.display());
        Ok(())
    }
}
