//! `damero tune` and `damero tune-network`: fit the trained pattern
//! evaluation's weights, or a small network, to self-play data.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use damero_core::{Color, Game, Outcome};
use damero_draughts::{Draughts, Variant};
use damero_eval::Weights;
use damero_eval::draughts::NETWORK_PARAMETERS;
use damero_lab::{NetworkOptions, Sample, TrainingSample, TuneOptions, fit, fit_network};

use crate::CliError;
use crate::games::{self, DRAUGHTS_IDS, DraughtsCommand};

/// `damero tune GAME --data FILE... --out WEIGHTS`.
pub struct Tune {
    pub game: String,
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub start: Option<PathBuf>,
    pub options: TuneOptions,
}

impl Tune {
    pub fn run(self) -> Result<(), CliError> {
        let game = self.game.clone();
        games::dispatch_draughts(&game, self).unwrap_or_else(|_| Err(not_draughts("tune", &game)))
    }
}

/// Reads `selfplay` sample files.
fn read_samples<V: Variant>(data: &[PathBuf]) -> Result<Vec<TrainingSample<V>>, CliError> {
    let rules = Draughts::<V>::start(Default::default()).rules();
    let mut samples = Vec::new();
    for path in data {
        let file = std::fs::File::open(path)
            .map_err(|e| CliError::new(format!("cannot open {}: {e}", path.display())))?;
        for (number, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| CliError::new(format!("{}: {e}", path.display())))?;
            let Some(sample) = Sample::<Draughts<V>>::parse(&line, rules) else { continue };
            let sample =
                sample.map_err(|e| CliError::new(format!("{}:{}: {e}", path.display(), number + 1)))?;
            let result = match sample.outcome {
                Outcome::Win(Color::White) => 1.0,
                Outcome::Win(Color::Black) => 0.0,
                Outcome::Draw => 0.5,
            };
            samples.push(TrainingSample { position: sample.position, result, search_score: sample.score });
        }
    }
    if samples.len() < 20 {
        return Err(CliError::new(format!("only {} samples: tuning needs at least 20", samples.len())));
    }
    Ok(samples)
}

/// The name of the command for a game that is not a draughts rule set.
fn not_draughts(command: &str, game: &str) -> CliError {
    CliError::new(format!(
        "{command} fits the draughts evaluation ({}), not '{game}'",
        DRAUGHTS_IDS.join(", ")
    ))
}

impl DraughtsCommand for Tune {
    type Output = ();
    fn run<V: Variant>(self) -> Result<(), CliError> {
        let samples = read_samples::<V>(&self.data)?;
        let start_weights = match &self.start {
            Some(path) => Weights::read(path, V::NAME)?,
            None => Weights::material(V::NAME, 100, if V::FLYING_KINGS { 300 } else { 150 }),
        };
        eprintln!("fitting {} parameters to {} positions", damero_eval::draughts::PARAMETERS, samples.len());
        let (weights, report) = fit(&samples, &start_weights, &self.options, |iteration, loss| {
            eprintln!("iteration {iteration}: training loss {loss:.6}");
        });
        std::fs::write(&self.out, weights.to_bytes())
            .map_err(|e| CliError::new(format!("cannot write {}: {e}", self.out.display())))?;
        println!("positions: {} training, {} held out", report.training, report.holdout);
        println!("scale K: {:.1} centipawns", report.scale);
        println!("training loss: {:.6} -> {:.6}", report.training_loss.0, report.training_loss.1);
        println!("held-out loss: {:.6} -> {:.6}", report.holdout_loss.0, report.holdout_loss.1);
        println!("scalar weights (middlegame, endgame):");
        for (name, mg, eg) in weights.scalars() {
            println!("  {name:<28} {mg:>6} {eg:>6}");
        }
        println!("weights written to {}", self.out.display());
        Ok(())
    }
}

/// `damero tune-network GAME --data FILE... --out NETWORK`.
pub struct TuneNetwork {
    pub game: String,
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub options: NetworkOptions,
}

impl TuneNetwork {
    pub fn run(self) -> Result<(), CliError> {
        let game = self.game.clone();
        games::dispatch_draughts(&game, self).unwrap_or_else(|_| Err(not_draughts("tune-network", &game)))
    }
}

impl DraughtsCommand for TuneNetwork {
    type Output = ();
    fn run<V: Variant>(self) -> Result<(), CliError> {
        let samples = read_samples::<V>(&self.data)?;
        eprintln!("fitting a network of {NETWORK_PARAMETERS} parameters to {} positions", samples.len());
        let (network, report) = fit_network(&samples, &self.options, |epoch, training, holdout| {
            eprintln!("epoch {epoch}: training loss {training:.6}, held-out loss {holdout:.6}");
        });
        std::fs::write(&self.out, network.to_bytes())
            .map_err(|e| CliError::new(format!("cannot write {}: {e}", self.out.display())))?;
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
