//! The repetition scan both searches share.

use damero_core::Game;

/// Where the position at `hashes[index]` repeats: `Some(offset)` of the
/// earlier occurrence from the root (`root_index`; negative when it stood
/// before the root) when the position is a draw by repetition, else `None`.
///
/// Inside a search path the first repetition is a draw (the side that could
/// avoid it would, and if it cannot, the rules' limit follows anyway); with
/// positions played before the root the game's own
/// [`repetition_limit`](Game::repetition_limit) counts. Only the last
/// [`reversible_plies`](Game::reversible_plies) keys can match, so the scan
/// stops there.
#[inline]
pub(crate) fn repetition<G: Game>(
    position: &G,
    hashes: &[u64],
    root_index: usize,
    index: usize,
) -> Option<i32> {
    let limit = position.repetition_limit()?;
    let key = hashes[index];
    let window = (position.reversible_plies() as usize).min(index);
    let mut count = 1;
    for back in 1..=window {
        let earlier = index - back;
        if hashes[earlier] == key {
            count += 1;
            let offset = earlier as i32 - root_index as i32;
            if offset >= 0 || count >= limit {
                return Some(offset);
            }
        }
    }
    None
}
