//! Criterion benches (to be filled by the crate that owns this file).
#![allow(missing_docs)]
use criterion::{Criterion, criterion_group, criterion_main};

fn benches(_c: &mut Criterion) {}

criterion_group!(group, benches);
criterion_main!(group);
