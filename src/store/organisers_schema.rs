//! The tournament organisers' role of a server (`servers.organiser_role`,
//! `/thaayam settings organiser_role:`), one migration for each backend,
//! kept here so that `schema.rs` and `postgres_schema.rs` stay lists:
//! SQLite's (version 21 in its MIGRATIONS) and PostgreSQL's (version 14),
//! the same column but for its type. A row saved before has none (NULL):
//! Manage Server only, as before.

/// SQLite's migration: the role's id (stored as the other ids are, its
/// 64 bits as an integer), NULL where none is named.
pub(crate) const SQLITE: &str = "
ALTER TABLE servers ADD COLUMN organiser_role INTEGER;
";

/// PostgreSQL's migration: the same column.
pub(crate) const POSTGRES: &str = "
ALTER TABLE servers ADD COLUMN organiser_role BIGINT;
";
