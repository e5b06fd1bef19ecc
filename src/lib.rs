//! Thaayam, the South Indian race game recorded by R. C. Bell, and its
//! relatives: a pure rules engine, and the layers built on it.
//!
//! Dependencies point one way: `engine` ← `dice` ← {`ai`, `render`,
//! `store`} ← `discord` ← `main`/`cli`. The engine is pure (no I/O, no
//! clock, no randomness: throws are inputs). [`dice`] sits beside it with
//! everything seeded and random: the throw source, the fair-dice seed and
//! its public commitment, and random playouts; the store, the computer
//! players, the bot and the command line use it (`render` needs only the
//! engine).
//! Inside the bot, `discord::game` (pure) ← `discord::view` (pure) ←
//! `discord::live` (async) ← `discord::commands` ← `discord::bot`, with
//! the operators' wing `discord::ops` (metrics, readiness, their
//! listener) beside `live`, which counts through it. The workbench
//! (`lab`: benchmarks, fuzzing, test rigs) sits behind the cargo feature
//! `lab`, off by default, for the `thaayam-lab` binary and the tests.
//! `tests/architecture.rs` checks these directions, the purity of the
//! engine and of the bot's `game` and `view`, and that no files of `src/`
//! import each other in a circle (a `mod.rs` declares and re-exports; a
//! concept's own file defines).
//!
//! # Where things live
//! - **A variant**: `engine/variant.rs`, the variant table (`Variant`,
//!   `Variant::ALL`, `name`, `summary`, and its `Rules` value in
//!   `Ruleset::rules`). The command line, the slash-command choices, the
//!   settings and the route pictures derive from it; the compiler then
//!   points at each `match` that must handle the new variant (its rules
//!   text in `discord/commands/rules.rs`, a new board in
//!   `engine/board.rs`'s `BoardKind`). The `expert` computer needs a
//!   network per number of players: `thaayam train --variant V --players
//!   N` writes `assets/ai/<variant>-<n>p.bin`, listed in `ai/value.rs`
//!   (without one, `expert` plays as `hard`; `docs/ai.md`).
//! - **Where a series ends** (what counts as a complete use of the
//!   throws): `engine/series.rs`, `in_series` and the walk (`SeriesWalk`)
//!   that `thaayam moves` (`engine/outcomes.rs`), the computer's plans
//!   (`ai/plans.rs`) and the bot's menu of whole moves
//!   (`discord/game/ends.rs`) share; they keep only what they do with each
//!   end. `tests/architecture.rs` checks there is one `in_series`.
//! - **A slash command**: a `#[poise::command]` function in a file of
//!   `discord/commands/`, listed in the `subcommands(...)` of
//!   `discord/commands/mod.rs` and, with its options, in
//!   `discord/view/names.rs`'s `COMMANDS`; its description and its names in
//!   other languages in each `assets/locales/<lang>/discord.ftl`
//!   (`slash-<command>[-<option>][-about]`, checked against the tree); its
//!   messages are built by plain functions (in `discord/view/` for games)
//!   that tests call.
//! - **A button or select**: its `Control` and `custom_id` code in
//!   `discord/view/components.rs`, where it is shown in
//!   `discord/view/presenter.rs`, the `Intent` it means in
//!   `discord/game/intent.rs` (mapped from the control in
//!   `discord/live/clicks.rs`), and what it does in `discord/game/session.rs`
//!   (seats in `lobby.rs`, moves in `turn.rs`).
//! - **How a change reaches Discord** (edit in place, record and re-post,
//!   answer a click and follow up, where the bot is reached by clicks
//!   only, which picture goes with it, kept or drawn, what follows a
//!   refused click, which boards catch up after a restart): decided as data
//!   in `discord/live/delivery.rs` (a unit test per case), what is saved
//!   about a new board in `live/running.rs` (`Post::new_board`), carried
//!   out by `discord/live/board.rs`, `clicks.rs` and `pictures.rs`; who
//!   sits at a rematch is `discord/game/rematch.rs`; the game rule of games
//!   reached by clicks only (a lapsed turn settled, the computers played
//!   within the click) is `discord/game/session.rs`'s `handle_click`.
//! - **A colour of the board**: `render/theme.rs` (seat colours are checked
//!   there for colour-blind players); every PNG's 256 colours come from the
//!   calibration pictures of `render/calibration.rs`, so a new element must
//!   appear in one of them (its test lists the flat colours it keeps);
//!   sizes and positions in `render/layout.rs`.
//! - **Something saved**: a table's saved form is `discord/live/saved.rs`
//!   (a new form is a new version with its upgrade; the saves of earlier
//!   releases in `tests/data/saved/` must still load and play on); the
//!   store's tables change by a migration appended in `store/schema.rs`
//!   (its hash added to `RELEASED`), with a test that data saved by the
//!   previous release still loads.
//! - **Words players read**: the Fluent files `assets/locales/<lang>/`
//!   (`game.ftl`: lobby, board, notes, refusals, picture labels;
//!   `commands.ftl`: the commands' answers; `discord.ftl`: what Discord
//!   shows of the commands), one folder per language,
//!   embedded and loaded by `discord/view/lang.rs` (a new language is its
//!   folder and one `locale!` line there); `discord/view/words.rs` (names of
//!   pieces, moves, players; square names come from `Board::square_name`:
//!   `c3` on the 5 × 5 board, `Sb1` on the cross), `view/notes.rs` (what just happened),
//!   `view/refusals.rs` (why a click changed nothing: `game` gives a
//!   `Refusal` variant, never words) choose the messages.
//!   Which language where: `discord/live/lang.rs`.
//! - **An id or where a game lives**: the bot's user, game, server,
//!   channel and message ids are types in `discord/game/ids.rs`, and a
//!   game lives in a `Venue` (a server, or outside servers); they become
//!   serenity's and the store's types in `discord/live/ids.rs` only.
//!   Whether a game is rated is one rule, `Venue::is_rated` (asked by
//!   `Table::is_rated`); the finishing save writes the answer in
//!   `games.rated`, which every rating, season and rival query reads.
//! - **A game's page and the Activity**: `discord/web/` (its `mod.rs` maps
//!   it): the routes in `web/listener.rs`, the HTML in `web/page.rs` and
//!   `web/activity.rs`, their scripts and styles as files in `assets/web/`
//!   (served by hash, `web/assets.rs`), the limits a stranger meets in
//!   `web/budget.rs`, `web/limits.rs` and `web/serve.rs`. A game is read
//!   through `discord/live/lookup.rs`; a move from the Activity is played
//!   by `live/activity.rs` through `live/change.rs`'s `apply_click`, the
//!   one path of a click on the board.
//! - **A tournament's sign-up**: its rules (the options' ranges, the
//!   start, Join / Leave / Check in by phase) are pure in
//!   `discord/game/signup.rs`, its message and its `s1:` button ids in
//!   `discord/view/signup.rs`, saved and shown by `discord/live/signup.rs`
//!   (its clicks routed there from `live/clicks.rs`), the commands in
//!   `discord/commands/tournament.rs` (`/thaayam tournament`, a subcommand
//!   group: `view/names.rs`'s `GROUPS`); the tournament itself is pure in
//!   `discord/game/tournament/` and stored by `store/tournaments.rs`.
//! - **A season**: what counts and the standings are pure in
//!   `discord/game/season.rs`; points and the pair cap are stored in
//!   `store/seasons.rs` (`store/season_count.rs` counts them), the podium
//!   posted by `discord/live/podium.rs`, the command in
//!   `discord/commands/seasons.rs`.
//! - **A tournament**: the pure rules (pairing, points, standings, the
//!   deadline's expected points, no-shows, the clock of a Swiss, the
//!   arena's lobby and clock) in `discord/game/tournament/`; stored by
//!   `store/tournaments.rs` and `store/tournament_rounds.rs`; run by
//!   `discord/live/tournament/` (`runner.rs` asks the clock and does each
//!   step, `arena.rs` seats an arena's lobby; a table is a game of
//!   the bot in a thread, opened by `live/opening.rs`'s `open_started`);
//!   its words in `discord/view/tournament.rs` and `tournament.ftl`; its
//!   page (`/t/{key}`) is `discord/web/tournament.rs`, its HTML
//!   `web/tournament_page.rs`.
//! - **Time away**: the rule (how long a turn waits for a player away, and
//!   the limit per 30 days) is `discord/game/away.rs` with
//!   `away_times.rs`; the periods are stored by `store/away.rs`, kept fresh
//!   by `discord/live/away.rs`, asked with `discord/commands/away.rs`.
//! - **The store's connections**: `store/handle.rs` (one SQLite connection,
//!   or a pool of `database_pool` PostgreSQL connections, each on a thread
//!   of its own, with deadlines and a bounded queue). Each backend is an
//!   object of `store/backend.rs`'s trait (`store/sqlite.rs`,
//!   `store/postgres.rs`); the few statements they write differently are
//!   methods of `store/sql.rs`'s `Db` (SQLite's in `sqlite.rs`,
//!   PostgreSQL's in `postgres_db.rs`), so the operations are written once.
//! - **What every handler shares**: `discord/live/data.rs`'s `Data`; the
//!   operators' wing is handed only `ops::listener::Reports`.
//! - **A server setting**: a field of `ServerSettings` in
//!   `discord/game/server.rs` (its default in `ServerSettings::new`, its
//!   part of `SettingsRequest` and of `apply`, a row of its tests), its
//!   migration pair (a column of `servers`: `store/schema.rs` and
//!   `store/postgres_schema.rs`, read and written in `store/servers.rs`'s
//!   `SavedServer` and `COLUMNS`, copied by `store/transfer.rs`, turned
//!   into the bot's type in `discord/live/servers.rs`), and its words (the
//!   option of `discord/commands/settings.rs` with its names in
//!   `view/names.rs` and `discord.ftl`, its line in `settings_message`
//!   and `commands.ftl`). The bot reads it through the one cache,
//!   `discord/live/servers.rs` (`data.servers.get`, fresh within 30 s in
//!   every process); `tests/architecture.rs` checks there is no other.
//! - **A metric for operators**: its family in `discord/ops/metrics.rs`
//!   (and the README's table), counted where it happens in the live wing
//!   through `discord/ops/instrument.rs`, which knows the registry of the
//!   bot whose task is running; the pages (`/metrics`, `/healthz`,
//!   `/readyz`) in `discord/ops/listener.rs`, readiness in `health.rs`.

pub mod ai;
pub mod cli;
pub mod dice;
pub mod discord;
pub mod engine;
#[cfg(feature = "lab")]
pub mod lab;
pub mod render;
pub mod store;
