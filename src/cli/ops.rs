//! `thaayam backup` and `thaayam check`: an online copy of a running bot's
//! database that is written whole or not at all, and a proof that a
//! database file is sound (SQLite's integrity check, every game's log
//! replays to its saved state, every closed game's dice verify against its
//! seed, every rating recomputed from the results equals the stored one).
//! `check` reads the file into memory and never changes it.

use crate::dice::audit;
use crate::discord::resume_check;
use crate::engine::Event;
use crate::store::{GameId, LoadedGame, Store, backup_database};
use std::path::{Path, PathBuf};

/// What `backup` wrote.
#[derive(Clone, Debug)]
pub struct Backup {
    pub out: PathBuf,
    pub bytes: u64,
}

/// Copies the database `database` into `out` (a bot may be writing it).
/// An existing `out` is refused unless `replace`; the copy goes to a
/// fresh, unpredictable name beside `out`, created exclusively and
/// readable by its owner only (it holds every running game's secret
/// seed), and is then moved into place, so `out` is never half written
/// and a link planted at either name is never followed.
pub fn backup(database: &Path, out: &Path, replace: bool) -> Result<Backup, String> {
    if out.symlink_metadata().is_ok() && !replace {
        return Err(format!("{} exists: choose another name or add --replace", out.display()));
    }
    let name = out.file_name().ok_or_else(|| format!("{} is not a file name", out.display()))?;
    let mut partial = name.to_os_string();
    partial.push(format!(".partial-{:016x}", rand::random::<u64>()));
    let partial = out.with_file_name(partial);
    let copied = backup_database(database, &partial).map_err(|e| e.to_string());
    let placed = copied.and_then(|()| place(&partial, out, replace));
    if let Err(e) = placed {
        let _ = std::fs::remove_file(&partial);
        return Err(e);
    }
    let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    Ok(Backup { out: out.to_path_buf(), bytes })
}

/// Moves the finished copy `partial` to `out`: a rename when `replace`
/// (it replaces a link at `out`, never what it points to); otherwise a
/// hard link, which fails if anything appeared at `out` meanwhile.
fn place(partial: &Path, out: &Path, replace: bool) -> Result<(), String> {
    let moved = |e: std::io::Error| format!("cannot move the copy to {}: {e}", out.display());
    if replace {
        return std::fs::rename(partial, out).map_err(moved);
    }
    match std::fs::hard_link(partial, out) {
        Ok(()) => {
            let _ = std::fs::remove_file(partial);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(format!("{} exists: choose another name or add --replace", out.display()))
        }
        // A file system without hard links: rename, having checked again.
        Err(_) if out.symlink_metadata().is_err() => std::fs::rename(partial, out).map_err(moved),
        Err(e) => Err(moved(e)),
    }
}

/// What `check` found: counts, and one line per problem.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub open_games: usize,
    pub closed_games: usize,
    pub dice_checked: usize,
    /// Kept season tables recounted from the games.
    pub seasons_recounted: usize,
    /// Of those, the tables kept under the earlier count (a point for
    /// every seat, computers included), recounted under it.
    pub seasons_earlier: usize,
    pub problems: Vec<String>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }

    /// The report as text: the verdict, the counts, then the problems.
    pub fn text(&self, file: &Path) -> String {
        let mut out = if self.passed() {
            format!(
                "PASS: {}: {} open games resume, {} closed games replay, {} games' dice verify, the ratings recompute, \
                 {} kept season tables recount the same{}\n",
                file.display(),
                self.open_games,
                self.closed_games,
                self.dice_checked,
                self.seasons_recounted,
                match self.seasons_earlier {
                    0 => String::new(),
                    n => format!(
                        " ({n} kept under the earlier count, a point for every seat finished ahead of, computers \
                         included: they keep it)"
                    ),
                }
            )
        } else {
            format!("FAIL: {}: {} problems\n", file.display(), self.problems.len())
        };
        for p in &self.problems {
            out.push_str(&format!("  {p}\n"));
        }
        out
    }
}

/// Checks the database file `file` (read into memory, never changed). An
/// error is a file that cannot be read as a Thaayam database at all.
pub fn check(file: &Path) -> Result<Report, String> {
    let store = Store::open_copy_of_database(file).map_err(|e| e.to_string())?;
    let mut report = Report::default();
    let integrity = store.integrity_problems().unwrap_or_else(|e| vec![e.to_string()]);
    if !integrity.is_empty() {
        // The rest would read damaged pages: report what SQLite found.
        report.problems.extend(integrity.into_iter().map(|p| format!("damaged file: {p}")));
        return Ok(report);
    }
    check_store(&store, &mut report)?;
    Ok(report)
}

/// The checks of [`check`] past SQLite's own, on any store (`thaayam
/// migrate` runs them on its copy): open games resume, closed games replay
/// and their dice verify, the ratings recompute, the tournaments' tables
/// hold together, the kept season tables recount the same from the games.
pub fn check_store(store: &Store, report: &mut Report) -> Result<(), String> {
    let sql = |e: crate::store::StoreError| e.to_string();
    check_open(store, report)?;
    for id in store.closed_game_ids().map_err(sql)? {
        match store.load(id) {
            Ok(Some(game)) => check_closed(&game, report),
            Ok(None) => report.problems.push(format!("game {id} vanished while reading")),
            Err(e) => report.problems.push(format!("game {id}: {e}")),
        }
    }
    match store.rating_problems() {
        Ok(found) => report.problems.extend(found.into_iter().map(|p| format!("rating of {p}"))),
        Err(e) => report.problems.push(format!("ratings cannot be recomputed: {e}")),
    }
    match store.tournament_problems() {
        Ok(found) => report.problems.extend(found),
        Err(e) => report.problems.push(format!("tournaments cannot be checked: {e}")),
    }
    match store.recount_seasons() {
        Ok((kept, differences)) => {
            report.seasons_recounted = kept;
            report.seasons_earlier = store.seasons_kept_under_earlier_count().unwrap_or(0);
            report.problems.extend(differences.into_iter().map(|d| {
                format!(
                    "season {} of {} in guild {}: kept {:?}, recounted {:?}",
                    d.season, d.variant, d.guild, d.kept, d.recounted
                )
            }));
        }
        Err(e) => report.problems.push(format!("seasons cannot be recounted: {e}")),
    }
    Ok(())
}

/// The open games: the ones the bot saved resume exactly as start-up
/// resumes them; a game created but never saved (its lobby never shown)
/// must still replay.
fn check_open(store: &Store, report: &mut Report) -> Result<(), String> {
    let live = store.live_games().map_err(|e| e.to_string())?;
    let saved: std::collections::BTreeSet<GameId> = live.iter().map(|g| g.info.id).collect();
    for game in live {
        report.open_games += 1;
        if let Err(e) = resume_check(game) {
            report.problems.push(format!("open game does not resume: {e}"));
        }
    }
    for game in store.unfinished_games().map_err(|e| e.to_string())? {
        if !saved.contains(&game.info.id) {
            report.open_games += 1;
            if let Err(e) = game.replay() {
                report.problems.push(e.to_string());
            }
        }
    }
    Ok(())
}

/// A finished or abandoned game: its log replays (to the end for a
/// the game row counts what the log holds, and its dice
/// verify against the revealed seed.
fn check_closed(game: &LoadedGame, report: &mut Report) {
    report.closed_games += 1;
    let info = &game.info;
    let id = info.id;
    let problems = &mut report.problems;
    // A finished log may stop before the race's end: players who leave
    // forfeit, and the last one left wins.
    if let Err(e) = game.replay() {
        problems.push(e.to_string());
    }
    if info.events != game.events.len() as u64 {
        problems.push(format!("game {id}: the row counts {} events, the log holds {}", info.events, game.events.len()));
    }
    let throws = game.events.iter().filter(|e| matches!(e, Event::Throw { .. })).count() as u64;
    if throws > info.throws_drawn {
        problems.push(format!("game {id}: {throws} throws in the log, only {} drawn", info.throws_drawn));
    }
    let Some(seed) = info.revealed_seed else {
        problems.push(format!("game {id} is over but its seed is not revealed"));
        return;
    };
    let found = audit(seed, &info.commitment, info.dice, info.ruleset, info.seat_set(), &game.events);
    report.dice_checked += 1;
    if !found.seed_matches {
        problems.push(format!("game {id}: the seed does not hash to the commitment shown during the game"));
    }
    if let Some(w) = found.wrong {
        problems.push(format!(
            "game {id}: throw {} is {} in the log, the seed gives {} ({})",
            w.index + 1,
            w.logged.token(),
            w.derived.token(),
            info.dice.name()
        ));
    }
}
