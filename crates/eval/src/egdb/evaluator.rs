//! An evaluator that answers [`Evaluator::probe`] from an endgame database.

use std::sync::Arc;

use damero_core::{Evaluator, Verdict};

use super::EndgameDatabase;
use damero_draughts::{Draughts, Move, Variant};

/// Wraps any evaluator of draughts positions: evaluation, noisy moves and
/// stand-pat are the inner evaluator's, [`probe`](Evaluator::probe) is
/// [`EndgameDatabase::probe`]. With an [empty](EndgameDatabase::empty)
/// database it plays exactly as the inner evaluator.
///
/// ```
/// use std::sync::Arc;
/// use damero_core::{Evaluator, Game, Verdict};
/// use damero_draughts::{Russian, RussianVariant};
/// use damero_eval::{DraughtsEvaluator, EgdbEvaluator};
///
/// // Built by the lab's builder (a dev-dependency here).
/// let database = Arc::new(damero_lab::build_egdb_in_memory::<RussianVariant>(2, |_| {})?);
/// let evaluator = EgdbEvaluator::new(DraughtsEvaluator::<RussianVariant>::default(), database);
/// // A king against a man about to be taken.
/// let position = Russian::from_fen("W:WKa1:Bb2", Default::default()).unwrap();
/// assert_eq!(evaluator.probe(&position), Some(Verdict::Win { plies: 1 }));
/// # Ok::<(), damero_eval::EgdbError>(())
/// ```
#[derive(Clone, Debug)]
pub struct EgdbEvaluator<V: Variant, E> {
    inner: E,
    database: Arc<EndgameDatabase<V>>,
}

impl<V: Variant, E> EgdbEvaluator<V, E> {
    /// `inner` with `database` as its oracle.
    pub fn new(inner: E, database: Arc<EndgameDatabase<V>>) -> EgdbEvaluator<V, E> {
        EgdbEvaluator { inner, database }
    }

    /// The inner evaluator.
    pub fn inner(&self) -> &E {
        &self.inner
    }

    /// The database.
    pub fn database(&self) -> &Arc<EndgameDatabase<V>> {
        &self.database
    }
}

impl<V: Variant, E: Evaluator<Draughts<V>>> Evaluator<Draughts<V>> for EgdbEvaluator<V, E> {
    const MAX_EVAL: i32 = E::MAX_EVAL;

    /// The databases hold distances to the end of the game, and
    /// [`EndgameDatabase::probe`] keeps only the wins the draw counters
    /// still allow: a verdict is a forced result of that length.
    const PROBE_DISTANCE_TO_END: bool = true;

    #[inline]
    fn evaluate(&self, position: &Draughts<V>) -> i32 {
        self.inner.evaluate(position)
    }

    #[inline]
    fn is_noisy(&self, position: &Draughts<V>, mv: Move) -> bool {
        self.inner.is_noisy(position, mv)
    }

    #[inline]
    fn may_stand_pat(&self, position: &Draughts<V>) -> bool {
        self.inner.may_stand_pat(position)
    }

    #[inline]
    fn probe(&self, position: &Draughts<V>) -> Option<Verdict> {
        self.database.probe(position)
    }

    /// The inner evaluator by name (`eval=hand`, a weights file...), over
    /// the same database.
    fn named(&self, name: &str) -> Result<Self, damero_core::UnknownEvaluator> {
        Ok(EgdbEvaluator { inner: self.inner.named(name)?, database: Arc::clone(&self.database) })
    }
}
