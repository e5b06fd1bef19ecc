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
    /// The whole URL, password included (less what [`Tls`] took out of
    /// it): only ever parsed, never shown.
    url: String,
    shown: String,
    tls: Tls,
}

/// How the connection is protected: the URL's `sslmode` (and
/// `sslrootcert`), read as libpq reads them (see `postgres_tls`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tls {
    /// `disable`: plain TCP.
    Off,
    /// `prefer`, the default: TLS when the server offers it; the
    /// certificate is not checked.
    Prefer,
    /// `require`: TLS or no connection; the certificate is not checked.
    Require,
    /// `verify-full`: TLS with a certificate that chains to `sslrootcert`'s
    /// certificates (Mozilla's roots without it) and names the host.
    VerifyFull { roots: Option<PathBuf> },
}

impl PostgresUrl {
    pub fn parse(text: &str) -> Result<PostgresUrl, String> {
        let (url, tls) = take_tls(text)?;
        let config = postgres::Config::from_str(&url).map_err(|_| {
            "the database URL is not a valid postgres:// URL (not repeated here: it may hold a password)".to_string()
        })?;
        Ok(PostgresUrl { url, shown: describe(&config), tls })
    }

    /// How the connection is protected.
    pub(crate) fn tls(&self) -> &Tls {
        &self.tls
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

/// Reads `sslmode` and `sslrootcert` from the URL's query and gives back
/// the URL the client reads: `verify-full` becomes `require` (the client
/// knows only `disable`, `prefer` and `require`; the check is ours) and
/// `sslrootcert` is taken out. Errors do not repeat the URL.
fn take_tls(text: &str) -> Result<(String, Tls), String> {
    let Some((base, query)) = text.split_once('?') else { return Ok((text.to_string(), Tls::Prefer)) };
    let (mut mode, mut roots, mut kept) = (None, None, Vec::new());
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("sslmode", value)) => mode = Some(percent_decoded(value)),
            Some(("sslrootcert", value)) => roots = Some(PathBuf::from(percent_decoded(value))),
            _ => kept.push(pair),
        }
    }
    let tls = match mode.as_deref() {
        None | Some("prefer") => Tls::Prefer,
        Some("disable") => Tls::Off,
        Some("require") => Tls::Require,
        Some("verify-full") => Tls::VerifyFull { roots: roots.clone() },
        Some(other) => {
            return Err(format!("sslmode={other} is not supported: use disable, prefer, require or verify-full"));
        }
    };
    if roots.is_some() && !matches!(tls, Tls::VerifyFull { .. }) {
        return Err("sslrootcert is only read with sslmode=verify-full".into());
    }
    kept.push(match tls {
        Tls::Off => "sslmode=disable",
        Tls::Prefer => "sslmode=prefer",
        Tls::Require | Tls::VerifyFull { .. } => "sslmode=require",
    });
    Ok((format!("{base}?{}", kept.join("&")), tls))
}

/// `%XX` sequences decoded (a path in a URL's query).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = || std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex()) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
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
    fn sslmode_is_read_as_libpq_reads_it() {
        let tls = |url: &str| PostgresUrl::parse(url).map(|u| u.tls().clone());
        assert_eq!(tls("postgres://bot@db/thaayam"), Ok(Tls::Prefer));
        assert_eq!(tls("postgres://bot@db/thaayam?sslmode=disable"), Ok(Tls::Off));
        assert_eq!(tls("postgres://bot@db/thaayam?connect_timeout=2&sslmode=require"), Ok(Tls::Require));
        assert_eq!(tls("postgres://bot@db/thaayam?sslmode=verify-full"), Ok(Tls::VerifyFull { roots: None }));
        let roots = Some(PathBuf::from("/etc/ssl/our ca.pem"));
        assert_eq!(
            tls("postgres://bot@db/thaayam?sslmode=verify-full&sslrootcert=/etc/ssl/our%20ca.pem"),
            Ok(Tls::VerifyFull { roots })
        );
        let refused = tls(&format!("postgres://bot:{SECRET}@db/thaayam?sslmode=verify-ca")).expect_err("verify-ca");
        assert!(refused.contains("verify-full") && !refused.contains(SECRET), "{refused}");
        assert!(tls("postgres://bot@db/thaayam?sslrootcert=/ca.pem").is_err(), "a root file without verify-full");
        // The client is given a mode it knows, and the other settings.
        let url =
            PostgresUrl::parse("postgres://bot@db:5433/thaayam?sslmode=verify-full&connect_timeout=3").expect("url");
        assert_eq!(url.config().get_ssl_mode(), postgres::config::SslMode::Require);
        assert_eq!(url.config().get_connect_timeout(), Some(&std::time::Duration::from_secs(3)));
        assert_eq!(url.shown(), "postgres://bot@db:5433/thaayam");
    }

    #[test]
    fn anything_else_is_an_sqlite_file() {
        assert_eq!(Database::parse("thaayam.db"), Ok(Database::Sqlite("thaayam.db".into())));
        assert_eq!(Database::parse("/srv/pg.db"), Ok(Database::Sqlite("/srv/pg.db".into())));
    }
}
