//! A small neural-network evaluation: the board as the side to move sees
//! it, through two hidden layers, to a score — the alternative to the
//! pattern tables that issue 10 asked to measure at equal time.
//!
//! - **Inputs**: four planes over the 36 bits of the board layout (own
//!   men, own kings, other men, other kings), the board turned half round
//!   when Black moves, so one network plays both colours and every sample
//!   teaches it from the mover's side. A position switches on one input
//!   per piece.
//! - **Layers**: [`INPUTS`] → [`HIDDEN1`] → [`HIDDEN2`] → 1, each hidden
//!   layer a clipped ReLU (`clamp(x, 0, 1)`), the output a logit that the
//!   fit's scale `K` turns into centipawns.
//! - **Integer inference**: the first layer's weights are `i16` in units
//!   of 1/128, summed over the pieces on the board (no incremental update:
//!   at most 24 rows of 64 lanes, cheaper than keeping an accumulator in
//!   step with make and unmake); the second layer is an `i16` dot product
//!   into `i32`. Bounds checked when a file is read
//!   ([`WeightsError::Range`]) make overflow impossible, so the score is
//!   exact and the same on every machine.
//!
//! Trained by `damero tune-network` (`damero_lab::fit_network`); the file format
//! shares the pattern weights' header (magic `DAMERONN`).

use damero_core::{Color, Game};

use super::features::turned;
use super::weights::{FileReader, WeightsError, write_header};
use damero_draughts::Draughts;
use damero_draughts::Variant;

/// Bits of the board layout (32 playing squares and 4 ghosts).
const BITS: usize = 36;
/// Input rows: four planes over the layout's bits.
pub const INPUTS: usize = 4 * BITS;
/// Units of the first hidden layer.
pub const HIDDEN1: usize = 64;
/// Units of the second hidden layer.
pub const HIDDEN2: usize = 16;
/// Parameters of the network: weights and biases of the three layers.
pub const NETWORK_PARAMETERS: usize = INPUTS * HIDDEN1 + HIDDEN1 + HIDDEN2 * HIDDEN1 + HIDDEN2 + HIDDEN2 + 1;

/// An activation of 1.0 in the integer network.
const ONE: i32 = 128;
/// The second layer's weights are in units of 1/`LAYER2_ONE`.
const LAYER2_ONE: i32 = 64;
/// The largest first- and second-layer weight the fit writes, in float
/// units: 24 pieces and a bias of `8 * ONE` stay inside `i16`.
pub const WEIGHT_LIMIT: f32 = 8.0;
/// The largest second-layer bias, in float units.
pub const BIAS2_LIMIT: f32 = 64.0;
/// The largest output weight, in centipawns per unit: 16 units at most
/// 128 each stay far inside `i32`.
const OUTPUT_LIMIT: i32 = 1 << 16;
/// The largest output bias, in centipawns times [`ONE`].
const OUTPUT_BIAS_LIMIT: i32 = 1 << 24;

const MAGIC: &[u8; 8] = b"DAMERONN";
/// The network's shape, in the header's feature-set field: changes with
/// the inputs or the layer sizes, so files of another shape are refused.
const SHAPE: u16 = 1;

/// The four input planes of `position` as its side to move sees it.
#[inline(always)]
pub fn planes<V: Variant>(position: &Draughts<V>) -> [u64; 4] {
    let [white, black] = [position.bits(Color::White), position.bits(Color::Black)];
    let (own, other, kings) = if position.side_to_move() == Color::White {
        (white, black, position.king_bits())
    } else {
        (turned(black), turned(white), turned(position.king_bits()))
    };
    [own & !kings, own & kings, other & !kings, other & kings]
}

/// Calls `f` with each input row `position` switches on.
#[inline(always)]
pub fn for_each_input<V: Variant>(position: &Draughts<V>, mut f: impl FnMut(usize)) {
    for (plane, mut bits) in planes(position).into_iter().enumerate() {
        while bits != 0 {
            f(plane * BITS + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// The dot product of two rows of the second layer's width, in `i32`.
// Not inlined: inlined, the compiler vectorises across the second layer's
// units with one load per weight, about three times slower (measured).
#[inline(never)]
fn dot(a: &[i16; HIDDEN1], b: &[i16; HIDDEN1]) -> i32 {
    // Four lanes of pairs: the shape of the multiply-add-pairs instruction.
    let mut lanes = [0i32; 4];
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        for (l, lane) in lanes.iter_mut().enumerate() {
            *lane +=
                i32::from(x[2 * l]) * i32::from(y[2 * l]) + i32::from(x[2 * l + 1]) * i32::from(y[2 * l + 1]);
        }
    }
    lanes.iter().sum()
}

/// A network in its integer form, as the search evaluates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    game: String,
    /// Per input row, its first-layer weights (1/[`ONE`] units).
    layer1: Vec<[i16; HIDDEN1]>,
    bias1: [i16; HIDDEN1],
    /// Per second-layer unit, its weights (1/[`LAYER2_ONE`] units).
    layer2: [[i16; HIDDEN1]; HIDDEN2],
    /// In units of `1 / (ONE * LAYER2_ONE)`.
    bias2: [i32; HIDDEN2],
    /// Centipawns per unit of activation.
    output: [i32; HIDDEN2],
    /// Centipawns, times [`ONE`].
    output_bias: i32,
}

impl Network {
    /// The rule set this network was fitted for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The score for the side to move, in centipawns.
    #[inline]
    pub fn mover_score<V: Variant>(&self, position: &Draughts<V>) -> i32 {
        let mut sum = self.bias1;
        for_each_input(position, |row| {
            let weights = &self.layer1[row];
            for j in 0..HIDDEN1 {
                sum[j] += weights[j];
            }
        });
        // Loops over whole arrays, not `map`, so they compile to vector
        // min/max and multiply-add instructions.
        let mut active = [0i16; HIDDEN1];
        for j in 0..HIDDEN1 {
            active[j] = sum[j].clamp(0, ONE as i16);
        }
        let mut z = self.bias2;
        for (z, weights) in z.iter_mut().zip(&self.layer2) {
            *z += dot(&active, weights);
        }
        let mut out = self.output_bias;
        for (&z, &weight) in z.iter().zip(&self.output) {
            out += (z / LAYER2_ONE).clamp(0, ONE) * weight;
        }
        out / ONE
    }

    /// The integer network of float parameters (the layout of
    /// [`NETWORK_PARAMETERS`]: first layer row by row, its biases, second
    /// layer unit by unit, its biases, the output weights and bias) whose
    /// output logit is worth `scale` centipawns.
    pub fn quantize(game: &str, params: &[f32], scale: f64) -> Network {
        assert_eq!(params.len(), NETWORK_PARAMETERS, "parameter count");
        let (layer1, rest) = params.split_at(INPUTS * HIDDEN1);
        let (bias1, rest) = rest.split_at(HIDDEN1);
        let (layer2, rest) = rest.split_at(HIDDEN2 * HIDDEN1);
        let (bias2, rest) = rest.split_at(HIDDEN2);
        let (output, output_bias) = rest.split_at(HIDDEN2);
        let limit = f64::from(WEIGHT_LIMIT);
        let fixed = |x: f32, unit: i32| (f64::from(x).clamp(-limit, limit) * f64::from(unit)).round() as i16;
        let output_value = |x: f64, limit: i32| (x.round() as i32).clamp(-limit, limit);
        Network {
            game: game.to_owned(),
            layer1: layer1
                .chunks_exact(HIDDEN1)
                .map(|row| core::array::from_fn(|j| fixed(row[j], ONE)))
                .collect(),
            bias1: core::array::from_fn(|j| fixed(bias1[j], ONE)),
            layer2: core::array::from_fn(|k| {
                core::array::from_fn(|j| fixed(layer2[k * HIDDEN1 + j], LAYER2_ONE))
            }),
            bias2: core::array::from_fn(|k| {
                let b = f64::from(bias2[k]).clamp(-f64::from(BIAS2_LIMIT), f64::from(BIAS2_LIMIT));
                (b * f64::from(ONE * LAYER2_ONE)).round() as i32
            }),
            output: core::array::from_fn(|k| output_value(f64::from(output[k]) * scale, OUTPUT_LIMIT)),
            output_bias: output_value(f64::from(output_bias[0]) * scale * f64::from(ONE), OUTPUT_BIAS_LIMIT),
        }
    }

    /// Every parameter in file order, widened to `i32`.
    fn values(&self) -> Vec<i32> {
        let mut values = Vec::with_capacity(NETWORK_PARAMETERS);
        values.extend(self.layer1.iter().flatten().map(|&w| i32::from(w)));
        values.extend(self.bias1.iter().map(|&w| i32::from(w)));
        values.extend(self.layer2.iter().flatten().map(|&w| i32::from(w)));
        values.extend(self.bias2);
        values.extend(self.output);
        values.push(self.output_bias);
        values
    }

    /// The file bytes: the shared header, the parameter count, the
    /// parameters as little-endian `i32` in the layout of
    /// [`NETWORK_PARAMETERS`] (first layer, its biases, second layer, its
    /// biases, output weights, output bias), and their wrapping sum as a
    /// checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + 4 * NETWORK_PARAMETERS);
        write_header(&mut out, MAGIC, SHAPE, &self.game);
        out.extend_from_slice(&(NETWORK_PARAMETERS as u32).to_le_bytes());
        let mut sum = 0u32;
        for v in self.values() {
            out.extend_from_slice(&v.to_le_bytes());
            sum = sum.wrapping_add(v as u32);
        }
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network for rule set `game` from file bytes.
    ///
    /// # Errors
    /// [`WeightsError`] naming what is wrong; [`WeightsError::Range`] for a
    /// parameter the integer arithmetic could overflow on.
    pub fn from_bytes(bytes: &[u8], game: &str) -> Result<Network, WeightsError> {
        let mut reader = FileReader::header(bytes, MAGIC, SHAPE, game)?;
        reader.count(NETWORK_PARAMETERS)?;
        let values: Vec<i32> = reader
            .take(4 * NETWORK_PARAMETERS)?
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let sum = reader.u32()?;
        reader.finish()?;
        if values.iter().fold(0u32, |s, &v| s.wrapping_add(v as u32)) != sum {
            return Err(WeightsError::Checksum);
        }
        let (layer1, rest) = values.split_at(INPUTS * HIDDEN1);
        let (bias1, rest) = rest.split_at(HIDDEN1);
        let (layer2, rest) = rest.split_at(HIDDEN2 * HIDDEN1);
        let (bias2, rest) = rest.split_at(HIDDEN2);
        let (output, output_bias) = rest.split_at(HIDDEN2);
        let within = |values: &[i32], limit: i32| values.iter().all(|v| v.abs() <= limit);
        let limit1 = (WEIGHT_LIMIT as i32) * ONE;
        if !within(layer1, limit1)
            || !within(bias1, limit1)
            || !within(layer2, (WEIGHT_LIMIT as i32) * LAYER2_ONE)
            || !within(bias2, (BIAS2_LIMIT as i32) * ONE * LAYER2_ONE)
            || !within(output, OUTPUT_LIMIT)
            || !within(output_bias, OUTPUT_BIAS_LIMIT)
        {
            return Err(WeightsError::Range);
        }
        // In range, so the narrowing casts below are exact.
        let narrow = |v: i32| v as i16;
        Ok(Network {
            game: game.to_owned(),
            layer1: layer1
                .chunks_exact(HIDDEN1)
                .map(|row| core::array::from_fn(|j| narrow(row[j])))
                .collect(),
            bias1: core::array::from_fn(|j| narrow(bias1[j])),
            layer2: core::array::from_fn(|k| core::array::from_fn(|j| narrow(layer2[k * HIDDEN1 + j]))),
            bias2: core::array::from_fn(|k| bias2[k]),
            output: core::array::from_fn(|k| output[k]),
            output_bias: output_bias[0],
        })
    }

    /// Reads a network file for rule set `game`.
    ///
    /// # Errors
    /// [`WeightsError::Io`] when the file cannot be read (or is not a regular
    /// file of at most 4 MiB), else as
    /// [`from_bytes`](Network::from_bytes).
    pub fn read(path: &std::path::Path, game: &str) -> Result<Network, WeightsError> {
        Network::from_bytes(&super::weights::read_file(path)?, game)
    }
}

#[cfg(test)]
mod tests;
