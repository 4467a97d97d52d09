//! The crate's one `unsafe` block: a cache hint, for the two searches whose
//! time goes into waiting for memory.

/// Asks the CPU to start loading the cache line holding `address` (any
/// address: nothing is read, and a bad one is ignored).
///
/// - **MCTS selection.** A playout walks about ten levels down a tree of
///   hundreds of thousands of nodes, and each step waits for the children of
///   the node just chosen; prefetching every child's children during the
///   scan that chooses hides part of that wait. Measured on 200,000
///   playouts from the English start, 21 alternating runs each: median 557k
///   playouts/s without, 577k with (+3.5%; an earlier round: +4%).
/// - **Alpha-beta's table.** A probe of the transposition table is a read
///   at a random place in tens of MiB, and a profile of a Russian search
///   put most of the node function's own time on that one load. The parent
///   prefetches the child's bucket as soon as it has played the move, so
///   the load overlaps the child's move generation (measured at
///   `TranspositionTable::prefetch`).
#[inline(always)]
pub(crate) fn prefetch<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: `_mm_prefetch` is a hint that never faults, whatever the
    // address, and SSE, which it needs, is part of every x86-64 CPU.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(address.cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}
