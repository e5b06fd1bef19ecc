//! A throw-away PostgreSQL server for the tests: `initdb` into a new
//! folder under the temporary directory, `postgres` on its own free port
//! of 127.0.0.1 (its socket in that folder too), made for speed (no fsync,
//! small buffers), offering TLS with a self-signed certificate when
//! `openssl` is there to make one. One server per test binary ([`shared`]); each test asks
//! for its own fresh database ([`PgServer::fresh_database`]), so tests run
//! in parallel. A test that stops the database server itself in the middle
//! of its work starts one of its own ([`own`]: durable commits), stops it
//! as a crash would and starts it again on the same data.
//!
//! The server runs under a small shell that holds the write end of a pipe
//! from the test process, and takes its commands (stop, start) through it:
//! when the test binary exits, however it exits, or the test drops its own
//! server, the pipe closes and the shell stops the server (immediate
//! shutdown) and removes the folder. PostgreSQL refuses to run as root, so as root the
//! shell, and the server, run as `nobody` (through `runuser`).
//!
//! The server programs are looked up on `PATH`, in `/usr/local/bin`, then
//! in Debian's `/usr/lib/postgresql/<version>/bin` (the newest). Without
//! them [`shared`] says "PostgreSQL tests skipped: no initdb found" and
//! gives `None`, unless `THAAYAM_REQUIRE_POSTGRES=1`, which makes it fail
//! (CI installs PostgreSQL and sets it).
//!
//! Everything here blocks (the `postgres` client runs its own small
//! runtime): a tokio test calls it inside `tokio::task::block_in_place`,
//! as the bot itself only touches the store from the store's own thread.

use crate::store::{Database, PostgresUrl};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The superuser `initdb` creates (trusted on loopback).
const USER: &str = "thaayam";

/// The shell around the server: `$1` the folder to create, `$2` the
/// programs' folder, `$3` the port, `$4` `synchronous_commit`. It reads
/// commands on its standard input, one a line: `stop` stops the server as
/// a crash would (`pg_ctl stop -m immediate`) and says `stopped`; `start`
/// starts it again on the same folder and port and says `started`;
/// `freeze` and `thaw` stop and continue its processes (SIGSTOP, SIGCONT). At the
/// end of its input it stops the server and removes the folder.
const SCRIPT: &str = r#"
base="$1"; bin="$2"; port="$3"; sync="$4"
mkdir -m 700 "$base" || exit 1
if ! "$bin/initdb" -D "$base/data" -U thaayam --auth=trust --no-sync -E UTF8 --locale=C >"$base/initdb.log" 2>&1; then
    cat "$base/initdb.log" >&2; rm -rf "$base"; exit 1
fi
tls=""
if openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 7 -subj /CN=127.0.0.1 \
    -addext subjectAltName=IP:127.0.0.1 -addext basicConstraints=critical,CA:FALSE \
    -keyout "$base/server.key" -out "$base/server.crt" >/dev/null 2>&1; then
    chmod 600 "$base/server.key"
    tls="-c ssl=on -c ssl_cert_file=$base/server.crt -c ssl_key_file=$base/server.key"
fi
serve() {
    # $tls unquoted: its words are the server's options.
    "$bin/postgres" -D "$base/data" -p "$port" -k "$base" -c listen_addresses=127.0.0.1 -c fsync=off \
        -c synchronous_commit="$sync" -c full_page_writes=off -c shared_buffers=16MB -c max_connections=300 \
        $tls >>"$base/server.log" 2>&1 &
    pid=$!
}
serve
echo started
while read -r command; do
    case "$command" in
        stop) "$bin/pg_ctl" stop -D "$base/data" -m immediate -w >>"$base/server.log" 2>&1
              wait "$pid" 2>/dev/null; echo stopped ;;
        start) serve; echo started ;;
        freeze) kill -STOP "$pid" $(pgrep -P "$pid"); echo frozen ;;
        thaw) kill -CONT "$pid" $(pgrep -P "$pid"); echo thawed ;;
    esac
done
kill -CONT "$pid" $(pgrep -P "$pid") 2>/dev/null
kill -QUIT "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
rm -rf "$base"
"#;

/// A running server.
pub struct PgServer {
    port: u16,
    folder: PathBuf,
    /// Connected again after a restart.
    admin: Mutex<Option<postgres::Client>>,
    next: AtomicUsize,
    shell: Mutex<Shell>,
}

/// The shell around the server: its input carries the commands (closing
/// it stops the server), its output the answers.
struct Shell {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

/// Whether a commit waits for its WAL record to reach the operating system
/// (`synchronous_commit`). Without it a commit can be lost when the server
/// stops as a crash would: its record may still be in the server's shared
/// memory. `fsync` stays off either way: the operating system's cache
/// outlives the server's processes, and the tests do not crash the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Commits {
    /// `synchronous_commit=off`: fast, for a server that is never stopped.
    Fast,
    /// `synchronous_commit=on`: for a server a test stops as a crash would.
    Durable,
}

static SERVER: OnceLock<Result<PgServer, Unavailable>> = OnceLock::new();

/// Why there is no server.
#[derive(Debug)]
pub enum Unavailable {
    /// No `initdb` on this machine.
    NotInstalled,
    /// Found, but it did not start.
    Failed(String),
}

/// The test binary's server, started on first use. `None` (said on
/// stderr) when PostgreSQL is not installed and not required; panics when
/// it is required or fails to start.
pub fn shared() -> Option<&'static PgServer> {
    match SERVER.get_or_init(|| PgServer::start(Commits::Fast)) {
        Ok(server) => Some(server),
        Err(why) => skip_or_fail(why),
    }
}

/// A server of the caller's own, which it may stop and start again
/// ([`PgServer::stop_immediately`], [`PgServer::start_again`]) without
/// disturbing the other tests; its commits are durable across such a
/// stop. Removed when dropped. `None` or a panic as [`shared`].
pub fn own() -> Option<PgServer> {
    match PgServer::start(Commits::Durable) {
        Ok(server) => Some(server),
        Err(why) => skip_or_fail(&why),
    }
}

fn skip_or_fail<T>(why: &Unavailable) -> Option<T> {
    match without_server(why, required()) {
        Ok(skipped) => {
            eprintln!("{skipped}");
            None
        }
        Err(failure) => panic!("{failure}"),
    }
}

/// What the tests do without a server: skip, with the line to say
/// (`Ok`), or fail (`Err`): when PostgreSQL is required, or is installed
/// but does not start.
fn without_server(why: &Unavailable, required: bool) -> Result<String, String> {
    const WHERE: &str = "(PATH, /usr/local/bin, /usr/lib/postgresql/*/bin)";
    match why {
        Unavailable::NotInstalled if !required => Ok(format!("PostgreSQL tests skipped: no initdb found {WHERE}")),
        Unavailable::NotInstalled => Err(format!("THAAYAM_REQUIRE_POSTGRES=1 but no initdb found {WHERE}")),
        Unavailable::Failed(why) => Err(format!("the test PostgreSQL server did not start: {why}")),
    }
}

fn required() -> bool {
    std::env::var("THAAYAM_REQUIRE_POSTGRES").is_ok_and(|v| v == "1")
}

/// The folder holding `initdb`, `pg_ctl` and `postgres`, if installed.
pub fn programs() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> =
        std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    dirs.push("/usr/local/bin".into());
    let mut debian: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
        .collect();
    debian.sort();
    dirs.extend(debian.into_iter().rev().map(|(_, d)| d));
    programs_in(dirs)
}

/// The first of `dirs` that holds both `initdb` and `postgres`.
fn programs_in(dirs: impl IntoIterator<Item = PathBuf>) -> Option<PathBuf> {
    dirs.into_iter().find(|d| d.join("initdb").is_file() && d.join("postgres").is_file())
}

impl PgServer {
    fn start(commits: Commits) -> Result<PgServer, Unavailable> {
        let bin = programs().ok_or(Unavailable::NotInstalled)?;
        let failed = |what: &str, e: &dyn std::fmt::Display| Unavailable::Failed(format!("{what}: {e}"));
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| failed("no free port", &e))?
            .port();
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, Ordering::Relaxed);
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let folder = std::env::temp_dir().join(format!("thaayam-pg-{}-{n}-{stamp}", std::process::id()));
        let as_root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
        let mut command = if as_root {
            let mut c = Command::new("runuser");
            c.args(["-u", "nobody", "--", "sh"]);
            c
        } else {
            Command::new("sh")
        };
        let sync = match commits {
            Commits::Fast => "off",
            Commits::Durable => "on",
        };
        command.args(["-c", SCRIPT, "sh"]).arg(&folder).arg(&bin).arg(port.to_string()).arg(sync);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| failed("cannot run the server's shell", &e))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Unavailable::Failed("no pipes to the server's shell".into()));
        };
        let mut shell = Shell { child, input: Some(input), output: BufReader::new(output) };
        if shell.answer().as_deref() != Some("started") {
            let mut err = String::new();
            if let Some(mut e) = shell.child.stderr.take() {
                let _ = e.read_to_string(&mut err);
            }
            let _ = shell.child.wait();
            return Err(Unavailable::Failed(format!("initdb in {} failed: {}", folder.display(), err.trim())));
        }
        let admin = connect_when_up(port, &folder, &mut shell.child)?;
        Ok(PgServer {
            port,
            folder,
            admin: Mutex::new(Some(admin)),
            next: AtomicUsize::new(0),
            shell: Mutex::new(shell),
        })
    }

    /// A new, empty database of its own on this server.
    pub fn fresh_database(&self) -> Database {
        let name = self.fresh_name();
        match PostgresUrl::parse(&self.url(&name)) {
            Ok(url) => Database::Postgres(url),
            Err(e) => panic!("{e}"),
        }
    }

    /// Creates a new, empty database on this server; returns its name.
    pub fn fresh_name(&self) -> String {
        let name = format!("t_{}", self.next.fetch_add(1, Ordering::Relaxed));
        let mut admin = self.admin.lock().unwrap_or_else(|e| e.into_inner());
        if admin.as_ref().is_none_or(postgres::Client::is_closed) {
            let mut shell = self.shell.lock().unwrap_or_else(|e| e.into_inner());
            match connect_when_up(self.port, &self.folder, &mut shell.child) {
                Ok(client) => *admin = Some(client),
                Err(e) => panic!("{e:?}"),
            }
        }
        let Some(client) = admin.as_mut() else { panic!("no admin connection") };
        if let Err(e) = client.batch_execute(&format!("CREATE DATABASE {name}")) {
            panic!("CREATE DATABASE {name}: {e}");
        }
        name
    }

    /// The URL of database `name` on this server.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://{USER}@127.0.0.1:{}/{name}", self.port)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The server's own folder (data, socket, logs).
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The server's self-signed certificate (for 127.0.0.1), when it
    /// offers TLS: it does when `openssl` made one at its start.
    pub fn certificate(&self) -> Option<PathBuf> {
        Some(self.folder.join("server.crt")).filter(|c| c.is_file())
    }

    /// Stops the server as a crash would (`pg_ctl stop -m immediate`: its
    /// processes quit at once, its connections drop, nothing is flushed);
    /// returns once it is gone. The next [`PgServer::start_again`] recovers
    /// from its write-ahead log.
    pub fn stop_immediately(&self) -> Result<(), String> {
        drop_client(self.admin.lock().unwrap_or_else(|e| e.into_inner()).take());
        self.command("stop", "stopped")
    }

    /// Starts the stopped server again on the same folder and port; returns
    /// how long it took until it accepted a connection (crash recovery
    /// included).
    pub fn start_again(&self) -> Result<Duration, String> {
        let asked = Instant::now();
        self.command("start", "started")?;
        let admin = {
            let mut shell = self.shell.lock().unwrap_or_else(|e| e.into_inner());
            connect_when_up(self.port, &self.folder, &mut shell.child).map_err(|e| format!("{e:?}"))?
        };
        *self.admin.lock().unwrap_or_else(|e| e.into_inner()) = Some(admin);
        Ok(asked.elapsed())
    }

    /// Freezes the server (SIGSTOP to it and its processes): it takes
    /// connections and data and answers nothing, as a hung machine or a
    /// network that drops everything would look, until [`PgServer::thaw`].
    pub fn freeze(&self) -> Result<(), String> {
        self.command("freeze", "frozen")
    }

    /// Lets a frozen server go on (SIGCONT) where it stood.
    pub fn thaw(&self) -> Result<(), String> {
        self.command("thaw", "thawed")
    }

    /// Sends `command` to the shell and waits for its `answer`.
    fn command(&self, command: &str, answer: &str) -> Result<(), String> {
        let mut shell = self.shell.lock().unwrap_or_else(|e| e.into_inner());
        let Some(input) = shell.input.as_mut() else { return Err("the server's shell is closed".into()) };
        writeln!(input, "{command}").and_then(|()| input.flush()).map_err(|e| format!("{command}: {e}"))?;
        match shell.answer() {
            Some(got) if got == answer => Ok(()),
            got => Err(format!("{command}: the server's shell answered {got:?}")),
        }
    }
}

impl Shell {
    /// The shell's next line (`None` when it ended).
    fn answer(&mut self) -> Option<String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(n) if n > 0 => Some(line.trim().to_string()),
            _ => None,
        }
    }
}

/// A server of a test's own ([`own`]) stops and is removed when dropped;
/// the shared one lives until the test binary exits.
impl Drop for PgServer {
    fn drop(&mut self) {
        drop_client(self.admin.get_mut().unwrap_or_else(|e| e.into_inner()).take());
        let shell = self.shell.get_mut().unwrap_or_else(|e| e.into_inner());
        shell.input = None;
        let _ = shell.child.wait();
    }
}

/// Drops a client on a thread of its own: the client runs its own
/// runtime, which may not be dropped on a thread of another (a tokio
/// test's, while it unwinds).
fn drop_client(client: Option<postgres::Client>) {
    if let Some(client) = client {
        let _ = std::thread::spawn(move || drop(client)).join();
    }
}

fn connect_when_up(port: u16, folder: &Path, child: &mut Child) -> Result<postgres::Client, Unavailable> {
    let url = format!("host=127.0.0.1 port={port} user={USER} dbname=postgres connect_timeout=2");
    let start = Instant::now();
    loop {
        match postgres::Client::connect(&url, postgres::NoTls) {
            Ok(client) => return Ok(client),
            Err(e) if start.elapsed() > Duration::from_secs(30) => {
                let log = std::fs::read_to_string(folder.join("server.log")).unwrap_or_default();
                return Err(Unavailable::Failed(format!("no connection after 30 s ({e}); server log:\n{log}")));
            }
            Err(_) => {
                if let Ok(Some(status)) = child.try_wait() {
                    return Err(Unavailable::Failed(format!("the server's shell exited ({status})")));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_postgres_the_tests_skip_aloud_unless_it_is_required() {
        let skipped = without_server(&Unavailable::NotInstalled, false).expect("a skip");
        assert!(skipped.starts_with("PostgreSQL tests skipped: no initdb found"), "{skipped}");
        let required = without_server(&Unavailable::NotInstalled, true).expect_err("a failure");
        assert!(required.contains("THAAYAM_REQUIRE_POSTGRES=1"), "{required}");
        assert!(without_server(&Unavailable::Failed("port taken".into()), false).is_err(), "a broken server fails");
    }

    #[test]
    fn the_programs_are_found_where_both_are() {
        let base = std::env::temp_dir().join(format!("thaayam-pg-programs-{}", std::process::id()));
        let (empty, half, both) = (base.join("empty"), base.join("half"), base.join("both"));
        for dir in [&empty, &half, &both] {
            std::fs::create_dir_all(dir).expect("folder");
        }
        std::fs::write(half.join("initdb"), "").expect("initdb");
        std::fs::write(both.join("initdb"), "").expect("initdb");
        std::fs::write(both.join("postgres"), "").expect("postgres");
        assert_eq!(programs_in([empty.clone(), half.clone()]), None);
        assert_eq!(programs_in([empty, half, both.clone()]), Some(both));
        let _ = std::fs::remove_dir_all(base);
    }
}
