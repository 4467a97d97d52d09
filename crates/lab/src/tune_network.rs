//! Fitting the network: minibatch Adam in `f32` on the pattern fit's
//! target, then rounding to the integer network.
//!
//! The target is the pattern fit's (`λ·result + (1 − λ)·σ(search / K)`),
//! seen from the side to move; the loss is the mean squared error of
//! `σ(output)`. `K` is fitted to the game results and the shipped
//! evaluation of the rule set, so one unit of the network's output is worth
//! what `K` centipawns are to the patterns: the search's margins (futility,
//! aspiration) keep their meaning whichever evaluation runs.
//!
//! Deterministic: the same samples and options give the same network,
//! whatever the number of threads (each batch's gradient is summed in
//! fixed parts, in order).

use damero_core::{Color, Evaluator, Game, splitmix64};

use damero_eval::DraughtsEvaluator;
use damero_eval::draughts::network::{
    BIAS2_LIMIT, HIDDEN1, HIDDEN2, INPUTS, NETWORK_PARAMETERS, Network, WEIGHT_LIMIT, for_each_input,
};

use crate::tune::{TrainingSample, blended_target, minimise_scale, sigmoid, split_holdout};
use damero_draughts::Variant;

/// How the network fit runs.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkOptions {
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Passes over the training set.
    pub epochs: usize,
    /// Samples per Adam step.
    pub batch: usize,
    /// Adam's step size at the start; it falls linearly to a tenth.
    pub learning_rate: f64,
    /// Every `holdout_every`-th block of consecutive samples is held out
    /// (as in [`TuneOptions::holdout_every`](crate::TuneOptions::holdout_every)).
    pub holdout_every: usize,
    /// Seeds the starting weights and the order of the samples.
    pub seed: u64,
    /// Threads computing the gradient; 0 is one per core.
    pub threads: usize,
}

impl Default for NetworkOptions {
    fn default() -> NetworkOptions {
        NetworkOptions {
            // Measured on Russian at 5,000 nodes against the patterns: +53
            // ± 16 Elo fitted at 0.4, +31 ± 16 at 0.7 (800 games each).
            lambda: 0.4,
            epochs: 10,
            batch: 1024,
            learning_rate: 1e-3,
            holdout_every: 10,
            seed: 1,
            threads: 0,
        }
    }
}

/// What the network fit did.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkReport {
    /// Samples fitted on.
    pub training: usize,
    /// Samples held out.
    pub holdout: usize,
    /// The scale `K` (centipawns per unit of output).
    pub scale: f64,
    /// What the baseline is: "the shipped patterns", or "the hand-set
    /// evaluation" for a rule set without them.
    pub baseline: &'static str,
    /// Held-out loss of the baseline (which also sets the scale), on the
    /// same target.
    pub baseline_holdout_loss: f64,
    /// Training loss of the starting network, and of the fitted integer
    /// network.
    pub training_loss: (f64, f64),
    /// Held-out loss of the starting network, and of the fitted integer
    /// network.
    pub holdout_loss: (f64, f64),
}

/// Samples as input rows and targets from the side to move.
struct Packed {
    rows: Vec<u8>,
    offsets: Vec<u32>,
    targets: Vec<f32>,
}

impl Packed {
    fn new<V: Variant>(samples: &[&TrainingSample<V>], lambda: f64, scale: f64) -> Packed {
        let mut packed = Packed { rows: Vec::new(), offsets: vec![0], targets: Vec::new() };
        for sample in samples {
            // Every row is below INPUTS = 144, so it fits a byte.
            for_each_input(&sample.position, |row| packed.rows.push(row as u8));
            packed.offsets.push(packed.rows.len() as u32);
            let white = blended_target(sample.result, f64::from(sample.search_score), lambda, scale);
            let mover = if sample.position.side_to_move() == Color::White { white } else { 1.0 - white };
            packed.targets.push(mover as f32);
        }
        packed
    }

    fn len(&self) -> usize {
        self.targets.len()
    }

    fn rows(&self, i: usize) -> &[u8] {
        &self.rows[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}

/// Where each layer's parameters start in the flat parameter vector.
const BIAS1: usize = INPUTS * HIDDEN1;
const LAYER2: usize = BIAS1 + HIDDEN1;
const BIAS2: usize = LAYER2 + HIDDEN2 * HIDDEN1;
const OUTPUT: usize = BIAS2 + HIDDEN2;
const OUTPUT_BIAS: usize = OUTPUT + HIDDEN2;

/// The activations of one sample.
struct Forward {
    sum1: [f32; HIDDEN1],
    active1: [f32; HIDDEN1],
    sum2: [f32; HIDDEN2],
    active2: [f32; HIDDEN2],
    output: f32,
}

fn forward(params: &[f32], rows: &[u8]) -> Forward {
    let mut sum1: [f32; HIDDEN1] = core::array::from_fn(|j| params[BIAS1 + j]);
    for &row in rows {
        let weights = &params[row as usize * HIDDEN1..][..HIDDEN1];
        for j in 0..HIDDEN1 {
            sum1[j] += weights[j];
        }
    }
    let active1 = sum1.map(|x| x.clamp(0.0, 1.0));
    let sum2: [f32; HIDDEN2] = core::array::from_fn(|k| {
        let weights = &params[LAYER2 + k * HIDDEN1..][..HIDDEN1];
        params[BIAS2 + k] + weights.iter().zip(&active1).map(|(w, a)| w * a).sum::<f32>()
    });
    let active2 = sum2.map(|x| x.clamp(0.0, 1.0));
    let output = params[OUTPUT_BIAS] + (0..HIDDEN2).map(|k| params[OUTPUT + k] * active2[k]).sum::<f32>();
    Forward { sum1, active1, sum2, active2, output }
}

/// The float network's output logit for these input rows.
#[cfg(test)]
pub(crate) fn forward_for_tests(params: &[f32], rows: &[u8]) -> f32 {
    forward(params, rows).output
}

/// Adds one sample's gradient of the squared error to `gradient`.
fn backward(params: &[f32], rows: &[u8], target: f32, gradient: &mut [f32]) {
    let f = forward(params, rows);
    let p = 1.0 / (1.0 + (-f.output).exp());
    let d_output = 2.0 * (p - target) * p * (1.0 - p);
    gradient[OUTPUT_BIAS] += d_output;
    let mut d_active1 = [0.0f32; HIDDEN1];
    for k in 0..HIDDEN2 {
        gradient[OUTPUT + k] += d_output * f.active2[k];
        if !(f.sum2[k] > 0.0 && f.sum2[k] < 1.0) {
            continue;
        }
        let d_sum2 = d_output * params[OUTPUT + k];
        gradient[BIAS2 + k] += d_sum2;
        let weights = &params[LAYER2 + k * HIDDEN1..][..HIDDEN1];
        let grads = &mut gradient[LAYER2 + k * HIDDEN1..][..HIDDEN1];
        for j in 0..HIDDEN1 {
            grads[j] += d_sum2 * f.active1[j];
            d_active1[j] += d_sum2 * weights[j];
        }
    }
    let d_sum1: [f32; HIDDEN1] =
        core::array::from_fn(|j| if f.sum1[j] > 0.0 && f.sum1[j] < 1.0 { d_active1[j] } else { 0.0 });
    for j in 0..HIDDEN1 {
        gradient[BIAS1 + j] += d_sum1[j];
    }
    for &row in rows {
        let grads = &mut gradient[row as usize * HIDDEN1..][..HIDDEN1];
        for j in 0..HIDDEN1 {
            grads[j] += d_sum1[j];
        }
    }
}

/// Mean squared error of the float network on `set`.
fn float_loss(params: &[f32], set: &Packed) -> f64 {
    let total: f64 = (0..set.len())
        .map(|i| {
            let p = sigmoid(f64::from(forward(params, set.rows(i)).output));
            (p - f64::from(set.targets[i])).powi(2)
        })
        .sum();
    total / set.len().max(1) as f64
}

/// The fixed parts a batch's gradient is summed in.
const GRADIENT_PARTS: usize = 4;

/// Starting weights: uniform, scaled to each layer's fan-in.
pub(crate) fn initial_params(seed: u64) -> Vec<f32> {
    let mut state = seed;
    let mut uniform = |limit: f32| {
        let (next, value) = splitmix64(state);
        state = next;
        ((value >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * limit
    };
    let mut params = vec![0.0f32; NETWORK_PARAMETERS];
    // About 16 pieces switch rows on: sums of spread about 0.5 around a
    // bias of 0.5 leave most units inside the clipped ReLU's slope.
    for p in &mut params[..BIAS1] {
        *p = uniform(0.2);
    }
    params[BIAS1..LAYER2].iter_mut().for_each(|p| *p = 0.5);
    for p in &mut params[LAYER2..BIAS2] {
        *p = uniform(1.0 / (HIDDEN1 as f32).sqrt());
    }
    params[BIAS2..OUTPUT].iter_mut().for_each(|p| *p = 0.5);
    for p in &mut params[OUTPUT..OUTPUT_BIAS] {
        *p = uniform(1.0);
    }
    params
}

/// The gradient of the samples `chunk` of `train` summed into `gradient`:
/// first into [`GRADIENT_PARTS`] fixed parts (each thread fills
/// `per_thread` of them), then the parts in order, so the sum is the same
/// on any number of threads.
fn batch_gradient(
    params: &[f32],
    train: &Packed,
    chunk: &[u32],
    parts: &mut [Vec<f32>],
    per_thread: usize,
    gradient: &mut [f32],
) {
    let part_len = chunk.len().div_ceil(GRADIENT_PARTS);
    std::thread::scope(|scope| {
        for (t, sums) in parts.chunks_mut(per_thread).enumerate() {
            scope.spawn(move || {
                for (c, sum) in sums.iter_mut().enumerate() {
                    sum.iter_mut().for_each(|g| *g = 0.0);
                    let first = ((t * per_thread + c) * part_len).min(chunk.len());
                    let last = (first + part_len).min(chunk.len());
                    for &i in &chunk[first..last] {
                        let i = i as usize;
                        backward(params, train.rows(i), train.targets[i], sum);
                    }
                }
            });
        }
    });
    gradient.iter_mut().for_each(|g| *g = 0.0);
    for part in parts.iter() {
        for (g, p) in gradient.iter_mut().zip(part) {
            *g += p;
        }
    }
}

/// Adam's moment estimates, one per parameter.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    /// One step of `rate` along `gradient` (scaled by `scale_down`, one
    /// over the batch), the `step`-th of the fit.
    fn step(&mut self, params: &mut [f32], gradient: &[f32], scale_down: f32, rate: f32, step: usize) {
        let (beta1, beta2) = (Self::BETA1, Self::BETA2);
        let correction1 = 1.0 - beta1.powi(step.min(100_000) as i32);
        let correction2 = 1.0 - beta2.powi(step.min(100_000) as i32);
        for i in 0..params.len() {
            let g = gradient[i] * scale_down;
            if g == 0.0 && self.m[i] == 0.0 {
                continue;
            }
            self.m[i] = beta1 * self.m[i] + (1.0 - beta1) * g;
            self.v[i] = beta2 * self.v[i] + (1.0 - beta2) * g * g;
            params[i] -=
                rate * (self.m[i] / correction1) / ((self.v[i] / correction2).sqrt() + Self::EPSILON);
        }
    }
}

/// Keeps the parameters inside the ranges the integer network can hold.
fn clip(params: &mut [f32]) {
    for p in &mut params[..BIAS2] {
        *p = p.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
    }
    for p in &mut params[BIAS2..OUTPUT] {
        *p = p.clamp(-BIAS2_LIMIT, BIAS2_LIMIT);
    }
}

/// Fits a network to `samples`; `progress` hears each epoch with the float
/// network's training and held-out loss.
pub fn fit_network<V: Variant>(
    samples: &[TrainingSample<V>],
    options: &NetworkOptions,
    mut progress: impl FnMut(usize, f64, f64),
) -> (Network, NetworkReport) {
    let (training, holdout) = split_holdout(samples, options.holdout_every);
    // The scale of the shipped patterns against the results alone (see
    // the module docs). Not the default evaluation: where that is a
    // network, each refit would inherit the last one's scale and drift.
    let (shipped, baseline) = match DraughtsEvaluator::<V>::trained() {
        Some(patterns) => (patterns, "the shipped patterns"),
        None => (DraughtsEvaluator::hand(), "the hand-set evaluation"),
    };
    let white_score = |s: &TrainingSample<V>| {
        let mover = f64::from(shipped.evaluate(&s.position));
        if s.position.side_to_move() == Color::White { mover } else { -mover }
    };
    let scored: Vec<(f64, f64)> = training.iter().map(|s| (white_score(s), s.result)).collect();
    let scale = minimise_scale(|k| scored.iter().map(|&(s, r)| (sigmoid(s / k) - r).powi(2)).sum());
    let train = Packed::new(&training, options.lambda, scale);
    let held = Packed::new(&holdout, options.lambda, scale);
    let baseline_holdout_loss = {
        let total: f64 = holdout
            .iter()
            .map(|s| {
                let target = blended_target(s.result, f64::from(s.search_score), options.lambda, scale);
                (sigmoid(white_score(s) / scale) - target).powi(2)
            })
            .sum();
        total / holdout.len().max(1) as f64
    };

    let mut params = initial_params(options.seed);
    let before = (float_loss(&params, &train), float_loss(&params, &held));
    let mut adam = Adam { m: vec![0.0f32; NETWORK_PARAMETERS], v: vec![0.0f32; NETWORK_PARAMETERS] };
    let mut gradient = vec![0.0f32; NETWORK_PARAMETERS];
    let mut parts = vec![vec![0.0f32; NETWORK_PARAMETERS]; GRADIENT_PARTS];
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
        n => n,
    }
    .clamp(1, GRADIENT_PARTS);
    let per_thread = GRADIENT_PARTS.div_ceil(threads);
    let batch = options.batch.max(1);
    let steps_per_epoch = train.len().div_ceil(batch);
    let total_steps = (steps_per_epoch * options.epochs).max(1);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut step = 0usize;
    for epoch in 1..=options.epochs {
        // Fisher-Yates, seeded per epoch.
        let mut state = options.seed ^ (epoch as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for i in (1..order.len()).rev() {
            let (next, value) = splitmix64(state);
            state = next;
            order.swap(i, ((u128::from(value) * (i as u128 + 1)) >> 64) as usize);
        }
        for chunk in order.chunks(batch) {
            step += 1;
            batch_gradient(&params, &train, chunk, &mut parts, per_thread, &mut gradient);
            let rate = (options.learning_rate * (1.0 - 0.9 * step as f64 / total_steps as f64)) as f32;
            adam.step(&mut params, &gradient, 1.0 / chunk.len() as f32, rate, step);
            clip(&mut params);
        }
        progress(epoch, float_loss(&params, &train), float_loss(&params, &held));
    }
    let network = Network::quantize(V::NAME, &params, scale);
    let integer_loss = |set: &[&TrainingSample<V>], packed: &Packed| {
        let total: f64 = set
            .iter()
            .zip(&packed.targets)
            .map(|(s, &t)| {
                (sigmoid(f64::from(network.mover_score(&s.position)) / scale) - f64::from(t)).powi(2)
            })
            .sum();
        total / set.len().max(1) as f64
    };
    let report = NetworkReport {
        training: train.len(),
        holdout: held.len(),
        scale,
        baseline,
        baseline_holdout_loss,
        training_loss: (before.0, integer_loss(&training, &train)),
        holdout_loss: (before.1, integer_loss(&holdout, &held)),
    };
    (network, report)
}

#[cfg(test)]
mod tests {
    use damero_core::Game;
    use damero_draughts::{Draughts, English, Russian, RussianRules, Variant};

    use super::*;
    use crate::tune::tests::{random_positions, russian_samples};

    /// Starting parameters with every layer spread wide enough that the
    /// network's score varies by hundreds of centipawns.
    fn spread_params(seed: u64) -> Vec<f32> {
        let mut params = initial_params(seed);
        for (i, p) in params.iter_mut().enumerate() {
            // Larger first-layer weights: units leave the linear range both ways.
            if i < INPUTS * HIDDEN1 {
                *p *= 3.0;
            }
        }
        params
    }

    fn check_integer_matches_float<V: Variant>(start: Draughts<V>) {
        let params = spread_params(3);
        let scale = 100.0;
        let network = Network::quantize(V::NAME, &params, scale);
        let (mut lowest, mut highest) = (i32::MAX, i32::MIN);
        let (mut total_error, mut count) = (0.0, 0);
        for (position, _) in random_positions(start, 20, 5) {
            let mut rows = Vec::new();
            for_each_input(&position, |row| rows.push(row as u8));
            let float = f64::from(forward_for_tests(&params, &rows)) * scale;
            let integer = network.mover_score(&position);
            // Rounding the weights to 1/128 and 1/64 moves a score by a few
            // centipawns (at most about 10 here); a wrong row, unit or scale
            // moves it by hundreds.
            let error = (f64::from(integer) - float).abs();
            assert!(error < 20.0, "{}: integer {integer}, float {float:.1}", position.fen());
            total_error += error;
            count += 1;
            lowest = lowest.min(integer);
            highest = highest.max(integer);
        }
        let mean = total_error / f64::from(count);
        assert!(mean < 3.0, "mean error {mean:.2} centipawns");
        assert!(highest - lowest > 200, "scores span only {lowest}..{highest}");
    }

    #[test]
    fn the_integer_network_computes_the_float_model() {
        check_integer_matches_float(Russian::start(RussianRules::default()));
        check_integer_matches_float(English::start(Default::default()));
    }

    #[test]
    fn fitting_a_network_improves_the_held_out_loss() {
        let samples = russian_samples(300, 1, |_| 0);
        let options = NetworkOptions {
            lambda: 1.0,
            epochs: 4,
            batch: 256,
            learning_rate: 3e-3,
            ..NetworkOptions::default()
        };
        let (network, report) = fit_network(&samples, &options, |_, _, _| {});
        assert!(report.holdout > 0 && report.training > report.holdout);
        assert!(
            report.holdout_loss.1 < report.holdout_loss.0,
            "held-out loss {:?} did not improve",
            report.holdout_loss
        );
        assert!(report.training_loss.1 < report.training_loss.0, "{:?}", report.training_loss);
        assert!(report.baseline_holdout_loss > 0.0);
        // Summed in fixed parts: the same network on any number of threads.
        let short = NetworkOptions { epochs: 1, threads: 1, ..options };
        let (one, _) = fit_network(&samples, &short, |_, _, _| {});
        for threads in [2, 3] {
            assert_eq!(
                fit_network(&samples, &NetworkOptions { threads, ..short.clone() }, |_, _, _| {}).0,
                one
            );
        }
        assert_ne!(one, network);
    }
}
