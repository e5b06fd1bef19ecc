//! `thaayam migrate --from thaayam.db --to postgres://…`: moves a
//! server's whole history (games, logs, seats, ratings, settings,
//! languages, analyses) from its SQLite file into another database, and
//! says so only once the copy is proven: the same rows in every table,
//! every rating equal, and `thaayam check`'s checks on the copy (open
//! games resume, closed games replay, dice verify, ratings recompute).
//! The file is read as one snapshot (a bot may still be writing it);
//! a target that already holds Thaayam data is refused, so a second run
//! changes nothing.

use super::ops::{Report, check_store};
use crate::store::{Database, Store};
use std::path::Path;

/// Copies `from` into the database `to`; the success line, or why not.
pub fn run(from: &Path, to: &str) -> Result<String, String> {
    let target = Database::parse(to).map_err(|e| format!("--to: {e}"))?;
    if let Database::Sqlite(path) = &target
        && path == from
    {
        return Err("--from and --to are the same file".into());
    }
    let source = Store::open_copy_of_database(from).map_err(|e| e.to_string())?;
    let mut copy = Store::open_database(&target).map_err(|e| format!("{target}: {e}"))?;
    let counts = source.copy_into(&mut copy).map_err(|e| format!("{target}: {e}"))?;
    let mut problems = source.differences(&copy).map_err(|e| e.to_string())?;
    let mut report = Report::default();
    check_store(&copy, &mut report)?;
    problems.extend(report.problems);
    if !problems.is_empty() {
        return Err(format!("the copy in {target} is not whole: {}", problems.join("; ")));
    }
    Ok(format!(
        "copied {} to {target}: {} games, {} events, {} seats, {} ratings, {} server settings, {} analyses; \
         the copy has the same rows and ratings, {} open games resume, {} closed games replay, {} games' dice \
         verify, the ratings recompute",
        from.display(),
        counts.of("games"),
        counts.of("events"),
        counts.of("seats"),
        counts.of("ratings"),
        counts.of("servers"),
        counts.of("analyses"),
        report.open_games,
        report.closed_games,
        report.dice_checked,
    ))
}
