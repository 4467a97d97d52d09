//! Static evaluation for the four rule sets: a trained pattern evaluation
//! (the Russian default), a small neural network (the English default) and
//! the hand-set baseline (the default of the rule sets with neither).
//!
//! [`DraughtsEvaluator`] is what the search uses. By name (an engine spec's
//! `eval=NAME`, [`Evaluator::named`]):
//! - `trained`: the weights fitted by `damero tune` that ship in the crate
//!   (`crates/eval/weights/`, read at compile time); the Russian
//!   default;
//! - `hand`: the hand-set [`HandEvaluator`], the baseline;
//! - `network`: the small neural network fitted by `damero tune-network`
//!   that ships for Russian and English (`crates/eval/weights/*.den`).
//!   Russian: +53 ± 16 Elo against the patterns at equal nodes, +16 ± 20
//!   at 200 ms a move and +12 ± 31 on random openings (too close to call,
//!   so the patterns stay the default). English: +98 ± 17 at equal nodes,
//!   +45 ± 22 at 200 ms, so the network is the English default;
//! - `default`: the rule set's default above;
//! - any other name: a weights file written by `damero tune`, or a
//!   [`Network`] file written by `damero tune-network` (a small neural
//!   network, the measured alternative to the patterns).
//!
//! Positions with a capture pending are not quiet: quiescence must play the
//! captures ([`may_stand_pat`](Evaluator::may_stand_pat) is false there).

pub mod features;
mod hand;
pub mod network;
mod pattern;
mod weights;

use std::sync::{Arc, OnceLock};

use damero_core::{Color, Evaluator, Game, UnknownEvaluator};

pub use features::{FEATURE_SET, PARAMETERS};
pub use hand::HandEvaluator;
pub use network::{HIDDEN1, HIDDEN2, INPUTS, NETWORK_PARAMETERS, Network};
pub use weights::{Weights, WeightsError};

use damero_draughts::Draughts;
use damero_draughts::Move;
use damero_draughts::Variant;

/// The fitted files a rule set ships: its pattern weights and its network.
struct ShippedFiles {
    weights: &'static [u8],
    network: &'static [u8],
    /// Whether the network, not the patterns, is the default: only where it
    /// measured stronger at equal time, not just at equal nodes (the network
    /// costs more per node).
    network_by_default: bool,
}

/// The rule sets that ship fitted files, read at compile time; an index
/// here is the rule set's slot in the caches of expanded files.
const SHIPPED: [(&str, ShippedFiles); 2] = [
    (
        "russian",
        ShippedFiles {
            weights: include_bytes!("../../weights/russian.dew"),
            network: include_bytes!("../../weights/russian.den"),
            // +16 ± 20 Elo at 200 ms a move: too close to call; against
            // the old engine, +163 ± 32 as the patterns' +166 ± 32.
            network_by_default: false,
        },
    ),
    (
        "english",
        ShippedFiles {
            weights: include_bytes!("../../weights/english.dew"),
            network: include_bytes!("../../weights/english.den"),
            // +45 ± 22 Elo at 200 ms a move over 400 games.
            network_by_default: true,
        },
    ),
];

/// One cache slot per rule set of [`SHIPPED`].
type ShippedCache<T> = [OnceLock<Arc<T>>; SHIPPED.len()];

/// The files shipped for `game` and its cache slot, if it has any.
fn shipped(game: &str) -> Option<(usize, &'static ShippedFiles)> {
    SHIPPED.iter().enumerate().find(|(_, (name, _))| *name == game).map(|(slot, (_, files))| (slot, files))
}

/// What `expand` makes of `game`'s shipped files, made once.
fn expand_once<T>(
    cache: &'static ShippedCache<T>,
    game: &str,
    expand: impl FnOnce(&'static ShippedFiles) -> T,
) -> Option<Arc<T>> {
    let (slot, files) = shipped(game)?;
    // A test reads every shipped file, so `expand` cannot fail in a build
    // that passed its tests.
    Some(Arc::clone(cache[slot].get_or_init(|| Arc::new(expand(files)))))
}

/// The shipped weights, expanded once per rule set.
fn shipped_tables(game: &str) -> Option<Arc<pattern::Tables>> {
    static CACHE: ShippedCache<pattern::Tables> = [const { OnceLock::new() }; SHIPPED.len()];
    expand_once(&CACHE, game, |files| {
        pattern::Tables::new(&Weights::from_bytes(files.weights, game).expect("shipped weights are valid"))
    })
}

/// The shipped network of a rule set, if it has one, read once.
fn shipped_network(game: &str) -> Option<Arc<Network>> {
    static CACHE: ShippedCache<Network> = [const { OnceLock::new() }; SHIPPED.len()];
    expand_once(&CACHE, game, |files| {
        Network::from_bytes(files.network, game).expect("shipped network is valid")
    })
}

/// The evaluation the search uses: trained patterns, a network or the
/// hand-set baseline (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct DraughtsEvaluator<V: Variant> {
    kind: Kind<V>,
}

#[derive(Clone, Debug)]
enum Kind<V: Variant> {
    Hand(HandEvaluator<V>),
    Trained(Arc<pattern::Tables>),
    Network(Arc<Network>),
}

impl<V: Variant> Default for DraughtsEvaluator<V> {
    /// The strongest shipped evaluation of the rule set: its network where
    /// that measured stronger at equal time, else its trained patterns, else
    /// the hand-set one.
    fn default() -> Self {
        let network = shipped(V::NAME).filter(|(_, files)| files.network_by_default);
        network
            .and_then(|_| DraughtsEvaluator::network())
            .or_else(DraughtsEvaluator::trained)
            .unwrap_or_else(DraughtsEvaluator::hand)
    }
}

impl<V: Variant> DraughtsEvaluator<V> {
    /// The hand-set baseline.
    pub fn hand() -> Self {
        DraughtsEvaluator { kind: Kind::Hand(HandEvaluator::default()) }
    }

    /// The shipped trained weights, if this rule set has them.
    pub fn trained() -> Option<Self> {
        shipped_tables(V::NAME).map(|tables| DraughtsEvaluator { kind: Kind::Trained(tables) })
    }

    /// An evaluation with these weights.
    ///
    /// # Errors
    /// [`WeightsError::WrongGame`] when they were fitted for another rule set.
    pub fn with_weights(weights: &Weights) -> Result<Self, WeightsError> {
        if weights.game() != V::NAME {
            return Err(WeightsError::WrongGame {
                found: weights.game().to_owned(),
                expected: V::NAME.to_owned(),
            });
        }
        Ok(DraughtsEvaluator { kind: Kind::Trained(Arc::new(pattern::Tables::new(weights))) })
    }

    /// An evaluation by this network.
    ///
    /// # Errors
    /// [`WeightsError::WrongGame`] when it was fitted for another rule set.
    pub fn with_network(network: Network) -> Result<Self, WeightsError> {
        if network.game() != V::NAME {
            return Err(WeightsError::WrongGame {
                found: network.game().to_owned(),
                expected: V::NAME.to_owned(),
            });
        }
        Ok(DraughtsEvaluator { kind: Kind::Network(Arc::new(network)) })
    }

    /// The shipped network, if this rule set has one.
    pub fn network() -> Option<Self> {
        shipped_network(V::NAME).map(|network| DraughtsEvaluator { kind: Kind::Network(network) })
    }

    /// Whether this is a network evaluation.
    pub fn is_network(&self) -> bool {
        matches!(self.kind, Kind::Network(_))
    }

    /// Whether this is the trained pattern evaluation.
    pub fn is_trained(&self) -> bool {
        matches!(self.kind, Kind::Trained(_))
    }
}

impl<V: Variant> Evaluator<Draughts<V>> for DraughtsEvaluator<V> {
    #[inline]
    fn evaluate(&self, position: &Draughts<V>) -> i32 {
        match &self.kind {
            Kind::Hand(hand) => hand.evaluate(position),
            Kind::Trained(tables) => {
                let white = tables.white_score(position);
                let score = if position.side_to_move() == Color::White { white } else { -white };
                score.clamp(-Self::MAX_EVAL, Self::MAX_EVAL)
            }
            Kind::Network(network) => network.mover_score(position).clamp(-Self::MAX_EVAL, Self::MAX_EVAL),
        }
    }

    fn is_noisy(&self, _position: &Draughts<V>, mv: Move) -> bool {
        mv.is_capture()
    }

    fn may_stand_pat(&self, position: &Draughts<V>) -> bool {
        !position.must_capture()
    }

    fn named(&self, name: &str) -> Result<Self, UnknownEvaluator> {
        match name {
            "default" => Ok(DraughtsEvaluator::default()),
            "hand" => Ok(DraughtsEvaluator::hand()),
            "trained" => DraughtsEvaluator::trained().ok_or_else(|| UnknownEvaluator {
                name: name.to_owned(),
                reason: format!("no trained weights ship for {}", V::NAME),
            }),
            "network" => DraughtsEvaluator::network().ok_or_else(|| UnknownEvaluator {
                name: name.to_owned(),
                reason: format!("no network ships for {}", V::NAME),
            }),
            path => {
                let unknown = |reason: String| UnknownEvaluator { name: name.to_owned(), reason };
                let names = "not 'hand', 'trained', 'network' or 'default'";
                // One read serves both formats: the magic says which it is.
                let bytes = weights::read_file(std::path::Path::new(path))
                    .map_err(|e| unknown(format!("{names}, and {e}")))?;
                let file = |kind: &str, e: WeightsError| unknown(format!("a {kind} file: {e}"));
                match Weights::from_bytes(&bytes, V::NAME) {
                    Ok(weights) => DraughtsEvaluator::with_weights(&weights).map_err(|e| file("weights", e)),
                    Err(WeightsError::NotWeights) => match Network::from_bytes(&bytes, V::NAME) {
                        Ok(network) => {
                            DraughtsEvaluator::with_network(network).map_err(|e| file("network", e))
                        }
                        Err(WeightsError::NotWeights) => {
                            Err(unknown(format!("{names}, nor a weights or network file")))
                        }
                        Err(e) => Err(file("network", e)),
                    },
                    Err(e) => Err(file("weights", e)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
