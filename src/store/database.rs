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

impl Database {
    /// The password the URL holds, if any: the log redacts it wherever
    /// it would turn up.
    pub fn password(&self) -> Option<String> {
        match self {
            Database::Sqlite(_) => None,
            Database::Postgres(url) => {
                url.config().get_password().map(|p| String::from_utf8_lossy(p).into_owned()).filter(|p| !p.is_empty())
            }
        }
    }
}

impl Database {
    /// The bot keeps `connections` connections to a PostgreSQL database
    /// (at least one; the config's `database_pool`, 8 by default), so that
    /// changes of different games are saved at once. An SQLite file has
    /// one writer whatever this says.
    pub fn with_pool(self, connections: usize) -> Database {
        match self {
            Database::Postgres(url) => Database::Postgres(PostgresUrl { pool: connections.max(1), ..url }),
            sqlite => sqlite,
        }
    }

    /// Changes run at `isolation` on PostgreSQL (the config's
    /// `database_serializable`); SQLite's transactions are serializable
    /// anyway.
    pub fn with_isolation(self, isolation: Isolation) -> Database {
        match self {
            Database::Postgres(url) => Database::Postgres(PostgresUrl { isolation, ..url }),
            sqlite => sqlite,
        }
    }
}

/// Connections of the bot's pool to PostgreSQL unless the config says.
pub const DEFAULT_POOL: usize = 8;

/// The isolation level a PostgreSQL database runs changes at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// PostgreSQL's default, READ COMMITTED: the row locks give every
    /// promise.
    ReadCommitted,
    /// Every change SERIALIZABLE, the contract of CockroachDB and
    /// YugabyteDB (a conflict is run again, see `postgres.rs`).
    Serializable,
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
    /// Connections of the bot's pool (`database_pool`).
    pool: usize,
    /// The isolation level changes run at (`database_serializable`).
    isolation: Isolation,
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
    /// `prefer`, the default for a server on this machine: TLS when the
    /// server offers it; the certificate is not checked.
    Prefer,
    /// `require`: TLS or no connection; the certificate is not checked.
    Require,
    /// `verify-full`, the default for a server elsewhere: TLS with a
    /// certificate that chains to `sslrootcert`'s certificates (Mozilla's
    /// roots without it) and names the host.
    VerifyFull { roots: Option<PathBuf> },
}

impl PostgresUrl {
    /// Reads a URL. Without `sslmode`, a server that is not on this
    /// machine (a host other than loopback or a socket) is reached with
    /// `verify-full`: an unverified link is never the silent default where
    /// someone on the path could read the seeds of running games.
    pub fn parse(text: &str) -> Result<PostgresUrl, String> {
        let (base, kept, mode, roots) = split_tls(text);
        let invalid = || {
            "the database URL is not a valid postgres:// URL (not repeated here: it may hold a password)".to_string()
        };
        let bare = join_query(&base, &kept);
        let config = postgres::Config::from_str(&bare).map_err(|_| invalid())?;
        let tls = read_tls(mode.as_deref(), roots, is_local(&config))?;
        let mut kept = kept;
        kept.push(match tls {
            Tls::Off => "sslmode=disable".into(),
            Tls::Prefer => "sslmode=prefer".into(),
            Tls::Require | Tls::VerifyFull { .. } => "sslmode=require".into(),
        });
        let url = join_query(&base, &kept);
        let config = postgres::Config::from_str(&url).map_err(|_| invalid())?;
        Ok(PostgresUrl { pool: DEFAULT_POOL, isolation: Isolation::ReadCommitted, url, shown: describe(&config), tls })
    }

    /// Connections of the bot's pool (at least one).
    pub(crate) fn pool(&self) -> usize {
        self.pool
    }

    /// The isolation level changes run at.
    pub(crate) fn isolation(&self) -> Isolation {
        self.isolation
    }

    /// How the connection is protected.
    pub(crate) fn tls(&self) -> &Tls {
        &self.tls
    }

    /// What the operator is told at start-up when the link to a server
    /// that is not on this machine is not verified (`sslmode` `disable`,
    /// `prefer` or `require` written in the URL); `None` when it is
    /// verified or the server is local.
    pub fn unverified_warning(&self) -> Option<String> {
        if matches!(self.tls, Tls::VerifyFull { .. }) || is_local(&self.config()) {
            return None;
        }
        let mode = match self.tls {
            Tls::Off => "disable: not encrypted",
            Tls::Prefer => "prefer: encrypted only if the server offers it",
            _ => "require: encrypted",
        };
        Some(format!(
            "the link to the database at {} is not verified (sslmode={mode}, the server's certificate is not \
             checked): whoever sits between can read the seeds of running games; use sslmode=verify-full",
            self.host()
        ))
    }

    /// `postgres://user@host:port/database`, without the password.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The hosts (for "cannot reach HOST"): `h1:p1,h2:p2` for several.
    pub fn host(&self) -> String {
        host_of(&self.config())
    }

    /// Whether the URL names several servers (a cluster: the pool connects
    /// to whichever accepts writes).
    pub(crate) fn several_servers(&self) -> bool {
        self.config().get_hosts().len() > 1
    }

    /// The connection settings (parsed again: the text was checked when
    /// it was read).
    pub(crate) fn config(&self) -> postgres::Config {
        postgres::Config::from_str(&self.url).unwrap_or_default()
    }
}

/// Whether every host of `config` is on this machine: a Unix socket, or a
/// loopback name or address (no host at all means the local socket).
fn is_local(config: &postgres::Config) -> bool {
    config.get_hosts().iter().all(|host| match host {
        postgres::config::Host::Unix(_) => true,
        postgres::config::Host::Tcp(name) => {
            let name = name.trim_start_matches('[').trim_end_matches(']');
            name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
        }
    }) && config.get_hostaddrs().iter().all(|ip| ip.is_loopback())
}

/// The URL cut into its base, the query settings the client reads, and
/// the `sslmode` and `sslrootcert` taken out of it.
fn split_tls(text: &str) -> (String, Vec<String>, Option<String>, Option<PathBuf>) {
    let Some((base, query)) = text.split_once('?') else { return (text.to_string(), Vec::new(), None, None) };
    let (mut mode, mut roots, mut kept) = (None, None, Vec::new());
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("sslmode", value)) => mode = Some(percent_decoded(value)),
            Some(("sslrootcert", value)) => roots = Some(PathBuf::from(percent_decoded(value))),
            _ => kept.push(pair.to_string()),
        }
    }
    (base.to_string(), kept, mode, roots)
}

fn join_query(base: &str, kept: &[String]) -> String {
    if kept.is_empty() { base.to_string() } else { format!("{base}?{}", kept.join("&")) }
}

/// The protection `sslmode` asks for, read as libpq reads it, except that
/// no `sslmode` to a server that is not `local` means `verify-full`. The
/// client is then given `require` for `verify-full` (it knows only
/// `disable`, `prefer` and `require`; the check is ours). Errors do not
/// repeat the URL.
fn read_tls(mode: Option<&str>, roots: Option<PathBuf>, local: bool) -> Result<Tls, String> {
    let tls = match mode {
        None if local => Tls::Prefer,
        None => Tls::VerifyFull { roots: roots.clone() },
        Some("prefer") => Tls::Prefer,
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
    Ok(tls)
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
    let ports = config.get_ports();
    let one = |i: usize, host: &postgres::config::Host| {
        let host = match host {
            postgres::config::Host::Tcp(h) => h.clone(),
            postgres::config::Host::Unix(p) => p.display().to_string(),
        };
        // One port for all hosts, or one each.
        match ports.get(i).or(ports.first().filter(|_| ports.len() == 1)) {
            Some(port) => format!("{host}:{port}"),
            None => host,
        }
    };
    match config.get_hosts() {
        [] => one(0, &postgres::config::Host::Tcp("localhost".into())),
        hosts => hosts.iter().enumerate().map(|(i, h)| one(i, h)).collect::<Vec<_>>().join(","),
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
        assert_eq!(Database::Postgres(pg.clone()).password().as_deref(), Some(SECRET), "for the log's redaction");
        assert_eq!(Database::parse("thaayam.db").expect("a path").password(), None);
        let bad = Database::parse(&format!("postgres://bot:{SECRET}@db.example:notaport/x")).expect_err("bad port");
        assert!(!bad.contains(SECRET), "{bad}");
    }

    #[test]
    fn several_servers_are_one_database_shown_with_every_host() {
        let url = format!(
            "postgres://bot:{SECRET}@10.0.0.1:5432,10.0.0.2:5433,10.0.0.3:5434/thaayam?\
             target_session_attrs=read-write&sslmode=disable"
        );
        let db = Database::parse(&url).expect("a valid URL");
        assert_eq!(db.to_string(), "postgres://bot@10.0.0.1:5432,10.0.0.2:5433,10.0.0.3:5434/thaayam");
        let Database::Postgres(pg) = db else { panic!("not PostgreSQL") };
        assert!(pg.several_servers());
        assert_eq!(pg.config().get_hosts().len(), 3);
        let one = PostgresUrl::parse("postgres://bot@db.example/thaayam?sslmode=disable").expect("one host");
        assert!(!one.several_servers());
        assert_eq!(one.host(), "db.example:5432");
    }

    #[test]
    fn sslmode_is_read_as_libpq_reads_it() {
        let tls = |url: &str| PostgresUrl::parse(url).map(|u| u.tls().clone());
        assert_eq!(tls("postgres://bot@db/thaayam?sslmode=prefer"), Ok(Tls::Prefer));
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
        assert!(
            tls("postgres://bot@db/thaayam?sslmode=require&sslrootcert=/ca.pem").is_err(),
            "a root file without verify-full"
        );
        assert!(tls("postgres://bot@localhost/thaayam?sslrootcert=/ca.pem").is_err(), "a root file with prefer");
        // The client is given a mode it knows, and the other settings.
        let url =
            PostgresUrl::parse("postgres://bot@db:5433/thaayam?sslmode=verify-full&connect_timeout=3").expect("url");
        assert_eq!(url.config().get_ssl_mode(), postgres::config::SslMode::Require);
        assert_eq!(url.config().get_connect_timeout(), Some(&std::time::Duration::from_secs(3)));
        assert_eq!(url.shown(), "postgres://bot@db:5433/thaayam");
    }

    #[test]
    fn a_server_elsewhere_is_verified_unless_the_url_says_otherwise() {
        let tls = |url: &str| PostgresUrl::parse(url).map(|u| u.tls().clone());
        // Not on this machine, no sslmode: the certificate is checked.
        for url in [
            "postgres://bot@db.example/thaayam",
            "postgres://bot@10.0.0.7:5432/thaayam?connect_timeout=2",
            "postgres://bot@[2001:db8::1]/thaayam",
            "postgres://bot@localhost,db.example/thaayam",
        ] {
            assert_eq!(tls(url), Ok(Tls::VerifyFull { roots: None }), "{url}");
            let parsed = PostgresUrl::parse(url).expect("url");
            assert_eq!(parsed.config().get_ssl_mode(), postgres::config::SslMode::Require, "{url}");
            assert_eq!(parsed.unverified_warning(), None, "{url}");
        }
        assert_eq!(
            tls("postgres://bot@db.example/thaayam?sslrootcert=/ca.pem"),
            Ok(Tls::VerifyFull { roots: Some(PathBuf::from("/ca.pem")) }),
            "a root file alone means verify-full there"
        );
        // On this machine: libpq's default, no warning.
        for url in [
            "postgres://bot@localhost/thaayam",
            "postgres://bot@127.0.0.1:5433/thaayam",
            "postgres://bot@[::1]/thaayam",
            "postgres://bot@%2Frun%2Fpostgresql/thaayam",
            "postgres:///thaayam?host=/run/postgresql",
        ] {
            assert_eq!(tls(url), Ok(Tls::Prefer), "{url}");
            assert_eq!(PostgresUrl::parse(url).expect("url").unverified_warning(), None, "{url}");
        }
        // Said in the URL: honoured, with a warning at start-up.
        for (mode, expected) in [("require", Tls::Require), ("prefer", Tls::Prefer), ("disable", Tls::Off)] {
            let url = format!("postgres://bot:{SECRET}@db.example:5433/thaayam?sslmode={mode}");
            let parsed = PostgresUrl::parse(&url).expect("url");
            assert_eq!(parsed.tls(), &expected);
            let warning = parsed.unverified_warning().expect("a warning");
            assert!(warning.contains("db.example:5433") && warning.contains("verify-full"), "{warning}");
            assert!(warning.contains(&format!("sslmode={mode}")) && !warning.contains(SECRET), "{warning}");
        }
    }

    #[test]
    fn anything_else_is_an_sqlite_file() {
        assert_eq!(Database::parse("thaayam.db"), Ok(Database::Sqlite("thaayam.db".into())));
        assert_eq!(Database::parse("/srv/pg.db"), Ok(Database::Sqlite("/srv/pg.db".into())));
    }
}
