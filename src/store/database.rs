//! Which database the store runs on, as the operator names it: a path is
//! an SQLite file (the default, `thaayam.db`), a `postgres://` URL a
//! PostgreSQL database. The URL may hold a password: only
//! [`PostgresUrl::shown`] (user, host, port, database; never the
//! password) is ever printed, by `Debug` and `Display` too.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// Where the store keeps its data.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file, created when missing.
    Sqlite(PathBuf),
    /// A PostgreSQL database (its tables are created when missing).
    Postgres(PostgresUrl),
}

impl Database {
    /// A `postgres://` or `postgresql://` URL is PostgreSQL, anything else
    /// the path of an SQLite file. A malformed URL is refused without
    /// repeating it (it may hold a password).
    pub fn parse(text: &str) -> Result<Database, String> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            PostgresUrl::parse(text).map(Database::Postgres)
        } else {
            Ok(Database::Sqlite(PathBuf::from(text)))
        }
    }
}

impl From<PathBuf> for Database {
    fn from(path: PathBuf) -> Database {
        Database::Sqlite(path)
    }
}

impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(url.shown()),
        }
    }
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => f.debug_tuple("Sqlite").field(path).finish(),
            Database::Postgres(url) => f.debug_tuple("Postgres").field(&url.shown()).finish(),
        }
    }
}

/// A PostgreSQL connection URL, kept whole for connecting and shown
/// without its password.
#[derive(Clone, PartialEq, Eq)]
pub struct PostgresUrl {
    /// The whole URL, password included: only ever parsed, never shown.
    url: String,
    shown: String,
}

impl PostgresUrl {
    pub fn parse(text: &str) -> Result<PostgresUrl, String> {
        let config = postgres::Config::from_str(text).map_err(|_| {
            "the database URL is not a valid postgres:// URL (not repeated here: it may hold a password)".to_string()
        })?;
        Ok(PostgresUrl { url: text.to_string(), shown: describe(&config) })
    }

    /// `postgres://user@host:port/database`, without the password.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The first host (for "cannot reach HOST").
    pub fn host(&self) -> String {
        host_of(&self.config())
    }

    /// The connection settings (parsed again: the text was checked when
    /// it was read).
    pub(crate) fn config(&self) -> postgres::Config {
        postgres::Config::from_str(&self.url).unwrap_or_default()
    }
}

fn host_of(config: &postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(h)) => h.clone(),
        Some(postgres::config::Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    };
    match config.get_ports().first() {
        Some(port) => format!("{host}:{port}"),
        None => host,
    }
}

impl fmt::Debug for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl fmt::Display for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

fn describe(config: &postgres::Config) -> String {
    let user = config.get_user().map(|u| format!("{u}@")).unwrap_or_default();
    let db = config.get_dbname().map(|d| format!("/{d}")).unwrap_or_default();
    let host = host_of(config);
    format!("postgres://{user}{host}{db}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "s3cr3t-Pa55";

    #[test]
    fn the_password_is_never_shown() {
        let url = format!("postgres://bot:{SECRET}@db.example:5433/thaayam?connect_timeout=2");
        let db = Database::parse(&url).expect("a valid URL");
        for text in [db.to_string(), format!("{db:?}"), format!("{:?}", Some(&db))] {
            assert!(!text.contains(SECRET), "{text}");
        }
        assert_eq!(db.to_string(), "postgres://bot@db.example:5433/thaayam");
        let Database::Postgres(pg) = db else { panic!("not PostgreSQL") };
        assert_eq!(pg.host(), "db.example:5433");
        let bad = Database::parse(&format!("postgres://bot:{SECRET}@db.example:notaport/x")).expect_err("bad port");
        assert!(!bad.contains(SECRET), "{bad}");
    }

    #[test]
    fn anything_else_is_an_sqlite_file() {
        assert_eq!(Database::parse("thaayam.db"), Ok(Database::Sqlite("thaayam.db".into())));
        assert_eq!(Database::parse("/srv/pg.db"), Ok(Database::Sqlite("/srv/pg.db".into())));
    }
}
