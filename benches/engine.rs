//! Engine benchmarks: random playouts, worst-case legal-action generation.
fn main() {}
