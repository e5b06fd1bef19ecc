//! `thaayam moves "<TPN with throws=...>"`: every position a complete legal
//! use of the throws can end in, one canonical TPN line each.

use crate::engine::{parse_tpn, series_outcomes};

/// The output lines, or a one-line error.
pub fn run(tpn: &str) -> Result<Vec<String>, String> {
    let pos = parse_tpn(tpn).map_err(|e| e.to_string())?;
    if pos.throws().is_empty() {
        return Err("the position has no throws to use: add throws=<t>,<t>,...".into());
    }
    Ok(series_outcomes(&pos))
}
