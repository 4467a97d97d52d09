#![no_main]
// Placeholder: the owning crate replaces this with a real target.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|_data: &[u8]| {});
