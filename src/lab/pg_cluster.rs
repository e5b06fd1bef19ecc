//! A throw-away PostgreSQL cluster under Patroni for the tests: one etcd
//! and three PostgreSQL nodes, each under its own Patroni, on free ports of
//! 127.0.0.1, in a new folder under /tmp (a Unix socket's path must stay
//! under 108 bytes), with the settings measured in `../shared/PATRONI.md`:
//! `ttl: 5, loop_wait: 1, retry_timeout: 2` (a failover takes about 5 s),
//! synchronous mode, `pg_rewind`, replication slots, a fast checkpoint for
//! the base backups. The bot's role and database (`thaayam`, trusted on
//! loopback) are made by the bootstrap. [`Cluster::url`] names the three
//! servers, as an operator's URL does.
//!
//! As with `pg_server`, a small shell holds a pipe from the test process
//! and takes its commands (kill a node, start it again); when the pipe
//! closes, however the test ends, it kills every process it started, by
//! PID, and removes the folder. PostgreSQL refuses to run as root: as root
//! etcd, Patroni and PostgreSQL run as the `postgres` user through
//! `setpriv`, which keeps the PID. Patroni double-forks the postmaster, so
//! a node is killed by the PIDs of its Patroni and of the postmaster read
//! from `postmaster.pid` (checked to be this node's), and their children.
//!
//! Without `patroni`, `etcd` or PostgreSQL's `pg_rewind`, [`start`] says
//! "Patroni tests skipped" and gives `None`, unless
//! `THAAYAM_REQUIRE_PATRONI=1` (set by `.ci/run`), which makes it fail.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Nodes of the cluster.
pub const NODES: usize = 3;

/// How long the cluster may take to start (measured: 7 to 18 s).
const START_WITHIN: Duration = Duration::from_secs(90);

/// The shell: `$1` the folder, `$2` the user to run as (empty: this one),
/// `$3` and `$4` etcd's client and peer ports. Commands on its input, one
/// a line: `start N` starts node N's Patroni (`started`), `kill N` kills
/// node N's Patroni and PostgreSQL with SIGKILL (`killed`). At the end of
/// its input it kills everything and removes the folder.
const SCRIPT: &str = r#"
base="$1"; user="$2"; client="$3"; peer="$4"
as=""
[ -n "$user" ] && as="setpriv --reuid=$user --regid=$user --init-groups"
# $as unquoted: its words are setpriv and its options, or nothing.
$as etcd --name e1 --data-dir "$base/etcd" --listen-client-urls "http://127.0.0.1:$client" \
    --advertise-client-urls "http://127.0.0.1:$client" --listen-peer-urls "http://127.0.0.1:$peer" \
    --initial-advertise-peer-urls "http://127.0.0.1:$peer" --initial-cluster "e1=http://127.0.0.1:$peer" \
    --initial-cluster-state new >>"$base/etcd.log" 2>&1 &
etcd_pid=$!
start() {
    $as patroni "$base/n$1.yml" >>"$base/n$1.log" 2>&1 &
    echo $! >"$base/n$1.pid"
}
stop() {
    pa=$(cat "$base/n$1.pid" 2>/dev/null)
    pm=$(head -n 1 "$base/n$1/data/postmaster.pid" 2>/dev/null)
    # Only this node's postmaster (the file outlives a killed one).
    if [ -n "$pm" ] && ! tr '\0' ' ' <"/proc/$pm/cmdline" 2>/dev/null | grep -q "$base/n$1/data"; then pm=""; fi
    # Stopped first, so that no backend is forked between the listing of
    # their children and the kill (one that was would live on as an
    # orphan holding a connection, as no dead machine does).
    kill -STOP $pa $pm 2>/dev/null
    kids=""
    for p in $pa $pm; do kids="$kids $(pgrep -P "$p")"; done
    kill -KILL $pa $pm $kids 2>/dev/null
    [ -n "$pa" ] && wait "$pa" 2>/dev/null
    rm -f "$base/n$1.pid"
}
echo etcd
while read -r command node; do
    case "$command" in
        start) start "$node"; echo started ;;
        kill) stop "$node"; echo killed ;;
    esac
done
for n in 1 2 3; do stop "$n"; done
kill -KILL "$etcd_pid" 2>/dev/null
wait
rm -rf "$base"
"#;

/// One node's ports: its server's, the one others reach it at (a
/// delaying proxy to it, or the same), its Patroni's REST API.
#[derive(Clone, Copy, Debug)]
struct Node {
    pg: u16,
    reached: u16,
    api: u16,
}

/// How the cluster is set up.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Patroni's `synchronous_mode`: a commit is acknowledged once a
    /// replica has it.
    pub synchronous: bool,
    /// Added to each direction of every exchange with a server, the bot's
    /// and the replicas' (a delaying proxy in front of each node): the
    /// network between machines.
    pub one_way: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options { synchronous: true, one_way: Duration::ZERO }
    }
}

/// A running cluster.
pub struct Cluster {
    folder: PathBuf,
    etcd: u16,
    nodes: Vec<Node>,
    synchronous: bool,
    shell: Mutex<Shell>,
}

struct Shell {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

/// Why there is no cluster.
#[derive(Debug)]
pub enum Unavailable {
    /// `patroni`, `etcd` or PostgreSQL's `pg_rewind` is not installed.
    NotInstalled(String),
    Failed(String),
}

/// A new cluster, started and with a primary and a synchronous standby.
/// `None` (said on stderr) when Patroni is not installed and not
/// required; panics when it is required or fails to start.
pub fn start() -> Option<Cluster> {
    start_with(Options::default())
}

/// [`start`] set up as `options` say.
pub fn start_with(options: Options) -> Option<Cluster> {
    match Cluster::start(options) {
        Ok(c) => Some(c),
        Err(why) => match without_cluster(&why, required()) {
            Ok(skipped) => {
                eprintln!("{skipped}");
                None
            }
            Err(failure) => panic!("{failure}"),
        },
    }
}

/// What the tests do without a cluster: skip with the line to say (`Ok`),
/// or fail (`Err`).
fn without_cluster(why: &Unavailable, required: bool) -> Result<String, String> {
    match why {
        Unavailable::NotInstalled(what) if !required => Ok(format!("Patroni tests skipped: no {what} found")),
        Unavailable::NotInstalled(what) => Err(format!("THAAYAM_REQUIRE_PATRONI=1 but no {what} found")),
        Unavailable::Failed(why) => Err(format!("the test Patroni cluster did not start: {why}")),
    }
}

fn required() -> bool {
    std::env::var("THAAYAM_REQUIRE_PATRONI").is_ok_and(|v| v == "1")
}

/// The folder of PostgreSQL's programs Patroni runs (`initdb`, `pg_ctl`,
/// `pg_rewind`, `pg_basebackup`: Debian's, not on `PATH`), the newest.
fn postgres_bin() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
        .filter(|(_, bin)| ["pg_rewind", "pg_basebackup", "initdb", "postgres"].iter().all(|p| bin.join(p).is_file()))
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin)
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
}

fn free_ports(n: usize) -> Result<Vec<u16>, Unavailable> {
    let listeners: Vec<_> = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0"))
        .collect::<Result<_, _>>()
        .map_err(|e| Unavailable::Failed(format!("no free port: {e}")))?;
    listeners.iter().map(|l| l.local_addr().map(|a| a.port()).map_err(|e| Unavailable::Failed(e.to_string()))).collect()
}

impl Cluster {
    fn start(options: Options) -> Result<Cluster, Unavailable> {
        for program in ["patroni", "etcd"] {
            if !on_path(program) {
                return Err(Unavailable::NotInstalled(program.into()));
            }
        }
        let bin =
            postgres_bin().ok_or_else(|| Unavailable::NotInstalled("/usr/lib/postgresql/*/bin/pg_rewind".into()))?;
        let ports = free_ports(2 + 2 * NODES)?;
        let mut nodes = Vec::new();
        for i in 0..NODES {
            let pg = ports[2 + 2 * i];
            let reached = match options.one_way.is_zero() {
                true => pg,
                false => super::cut_proxy::delaying_proxy(pg, options.one_way)
                    .map_err(|e| Unavailable::Failed(format!("a delaying proxy: {e}")))?,
            };
            nodes.push(Node { pg, reached, api: ports[3 + 2 * i] });
        }
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let folder = PathBuf::from(format!("/tmp/thaayam-ha-{}-{n}", std::process::id()));
        let failed = |what: &str, e: &dyn std::fmt::Display| Unavailable::Failed(format!("{what}: {e}"));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir(&folder).map_err(|e| failed("the cluster's folder", &e))?;
        let synchronous = options.synchronous;
        let cluster = Cluster { folder, etcd: ports[0], nodes, synchronous, shell: Mutex::new(Shell::none()?) };
        cluster.write_configs(&bin).map_err(|e| failed("the configuration", &e))?;
        let user = cluster.hand_over().map_err(|e| failed("the folder for the postgres user", &e))?;
        *cluster.shell.lock().unwrap_or_else(|e| e.into_inner()) = cluster.spawn_shell(&user, ports[1])?;
        cluster.wait_etcd()?;
        for node in 0..NODES {
            cluster.restart(node).map_err(Unavailable::Failed)?;
        }
        cluster.wait_ready(START_WITHIN).map_err(Unavailable::Failed)?;
        Ok(cluster)
    }

    /// As root: the folder to the `postgres` user, who runs everything;
    /// the user's name (empty: this one).
    fn hand_over(&self) -> std::io::Result<String> {
        let as_root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
        if !as_root {
            return Ok(String::new());
        }
        let status = Command::new("chown").arg("-R").arg("postgres:postgres").arg(&self.folder).status()?;
        if !status.success() {
            return Err(std::io::Error::other(format!("chown: {status}")));
        }
        Ok("postgres".into())
    }

    fn spawn_shell(&self, user: &str, peer: u16) -> Result<Shell, Unavailable> {
        let mut child = Command::new("sh")
            .args(["-c", SCRIPT, "sh"])
            .arg(&self.folder)
            .arg(user)
            .arg(self.etcd.to_string())
            .arg(peer.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Unavailable::Failed(format!("cannot run the cluster's shell: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Unavailable::Failed("no pipes to the cluster's shell".into()));
        };
        let mut shell = Shell { child, input: Some(input), output: BufReader::new(output) };
        if shell.answer().as_deref() != Some("etcd") {
            let mut err = String::new();
            if let Some(mut e) = shell.child.stderr.take() {
                let _ = e.read_to_string(&mut err);
            }
            return Err(Unavailable::Failed(format!("the cluster's shell: {}", err.trim())));
        }
        Ok(shell)
    }

    fn wait_etcd(&self) -> Result<(), Unavailable> {
        let started = Instant::now();
        while http_status(self.etcd, "/health") != Some(200) {
            if started.elapsed() > Duration::from_secs(20) {
                return Err(Unavailable::Failed(format!("etcd did not answer: {}", self.log_tail("etcd.log"))));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(())
    }

    /// Waits until a node is the primary and another its synchronous
    /// standby, and the bot's database takes a connection.
    fn wait_ready(&self, within: Duration) -> Result<(), String> {
        let started = Instant::now();
        loop {
            let leader = self.leader();
            let standby = if self.synchronous { "/sync" } else { "/replica" };
            let sync = (0..NODES).any(|n| self.status(n, standby) == Some(200));
            if let (Some(leader), true) = (leader, sync)
                && self.accepts_the_bot(leader)
            {
                return Ok(());
            }
            if started.elapsed() > within {
                let logs: Vec<String> = (1..=NODES).map(|n| self.log_tail(&format!("n{n}.log"))).collect();
                return Err(format!("no primary with a synchronous standby after {within:?}:\n{}", logs.join("\n")));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn accepts_the_bot(&self, node: usize) -> bool {
        let url = format!("host=127.0.0.1 port={} user=thaayam dbname=thaayam connect_timeout=2", self.nodes[node].pg);
        std::thread::spawn(move || postgres::Client::connect(&url, postgres::NoTls).is_ok()).join().unwrap_or(false)
    }

    /// The database URL naming the three servers.
    pub fn url(&self) -> String {
        let hosts: Vec<String> = self.nodes.iter().map(|n| format!("127.0.0.1:{}", n.reached)).collect();
        format!("postgres://thaayam@{}/thaayam?target_session_attrs=read-write&sslmode=disable", hosts.join(","))
    }

    /// The URL of one node's server alone.
    pub fn node_url(&self, node: usize) -> String {
        format!("postgres://thaayam@127.0.0.1:{}/thaayam?sslmode=disable", self.nodes[node].reached)
    }

    /// A new, empty database on the cluster (the bot's role may create
    /// them): the URL naming the three servers.
    pub fn fresh_database(&self, name: &str) -> Result<String, String> {
        let url = self.url();
        let sql = format!("CREATE DATABASE {name} OWNER thaayam");
        std::thread::spawn(move || {
            let mut admin = postgres::Config::from_str(&url)
                .and_then(|c| c.connect(postgres::NoTls))
                .map_err(|e| format!("connect: {e}"))?;
            admin.batch_execute(&sql).map_err(|e| format!("{sql}: {e}"))
        })
        .join()
        .map_err(|_| "the connection's thread panicked".to_string())??;
        Ok(self.url().replace("/thaayam?", &format!("/{name}?")))
    }

    /// The node that is the primary now, if any (Patroni's `/primary`).
    pub fn leader(&self) -> Option<usize> {
        (0..NODES).find(|&n| self.status(n, "/primary") == Some(200))
    }

    /// Whether `node` runs as a replica (Patroni's `/replica`).
    pub fn is_replica(&self, node: usize) -> bool {
        self.status(node, "/replica") == Some(200)
    }

    /// Whether `node` is the primary's synchronous standby.
    pub fn is_sync_standby(&self, node: usize) -> bool {
        self.status(node, "/sync") == Some(200)
    }

    fn status(&self, node: usize, path: &str) -> Option<u16> {
        http_status(self.nodes[node].api, path)
    }

    /// Kills `node` as a dead machine would: SIGKILL to its Patroni and
    /// its PostgreSQL (the postmaster and its processes).
    pub fn kill(&self, node: usize) -> Result<(), String> {
        self.command(&format!("kill {}", node + 1), "killed")
    }

    /// Starts `node`'s Patroni (again): a killed primary comes back as a
    /// replica, rewound (`pg_rewind`) where it had gone ahead.
    pub fn restart(&self, node: usize) -> Result<(), String> {
        self.command(&format!("start {}", node + 1), "started")
    }

    /// Waits until some node is the primary with a synchronous standby;
    /// returns the primary.
    pub fn wait_primary(&self, within: Duration) -> Result<usize, String> {
        self.wait_ready(within)?;
        self.leader().ok_or_else(|| "the primary went again".into())
    }

    fn command(&self, command: &str, answer: &str) -> Result<(), String> {
        let mut shell = self.shell.lock().unwrap_or_else(|e| e.into_inner());
        let Some(input) = shell.input.as_mut() else { return Err("the cluster's shell is closed".into()) };
        writeln!(input, "{command}").and_then(|()| input.flush()).map_err(|e| format!("{command}: {e}"))?;
        match shell.answer() {
            Some(got) if got == answer => Ok(()),
            got => Err(format!("{command}: the cluster's shell answered {got:?}")),
        }
    }

    /// The last lines of a log of the cluster's folder.
    pub fn log_tail(&self, file: &str) -> String {
        let text = std::fs::read_to_string(self.folder.join(file)).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        format!("{file}:\n{}", lines[lines.len().saturating_sub(15)..].join("\n"))
    }

    fn write_configs(&self, bin: &Path) -> std::io::Result<()> {
        let base = self.folder.display().to_string();
        let bootstrap = self.folder.join("post_bootstrap.sh");
        let psql = bin.join("psql");
        let script = format!(
            "#!/bin/sh\nexec {} \"$1\" -v ON_ERROR_STOP=1 -c 'CREATE ROLE thaayam LOGIN CREATEDB' -c 'CREATE DATABASE thaayam OWNER thaayam'\n",
            psql.display()
        );
        std::fs::write(&bootstrap, script)?;
        std::fs::set_permissions(&bootstrap, std::os::unix::fs::PermissionsExt::from_mode(0o755))?;
        for (i, node) in self.nodes.iter().enumerate() {
            let yml = patroni_yml(i + 1, *node, self.etcd, &base, bin, self.synchronous);
            std::fs::write(self.folder.join(format!("n{}.yml", i + 1)), yml)?;
        }
        Ok(())
    }
}

/// One node's `patroni.yml`.
fn patroni_yml(n: usize, node: Node, etcd: u16, base: &str, bin: &Path, synchronous: bool) -> String {
    let Node { pg, reached, api } = node;
    format!(
        "scope: thaayam-test
name: n{n}
restapi:
  listen: 127.0.0.1:{api}
  connect_address: 127.0.0.1:{api}
etcd3:
  hosts: 127.0.0.1:{etcd}
bootstrap:
  dcs:
    ttl: 5
    loop_wait: 1
    retry_timeout: 2
    maximum_lag_on_failover: 1048576
    synchronous_mode: {synchronous}
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_log_hints: 'on'
        max_connections: 100
        fsync: 'off'
        full_page_writes: 'on'
        shared_buffers: 16MB
  initdb:
  - data-checksums
  - encoding: UTF8
  - locale: C
  post_bootstrap: {base}/post_bootstrap.sh
postgresql:
  listen: 127.0.0.1:{pg}
  connect_address: 127.0.0.1:{reached}
  data_dir: {base}/n{n}/data
  bin_dir: {bin}
  pgpass: {base}/n{n}.pgpass
  authentication:
    superuser:
      username: postgres
      password: postgres
    replication:
      username: postgres
      password: postgres
  parameters:
    unix_socket_directories: {base}/n{n}
  pg_hba:
  - local all all trust
  - host all all 127.0.0.1/32 trust
  - host replication all 127.0.0.1/32 trust
  basebackup:
  - checkpoint: fast
  - no-sync
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
",
        bin = bin.display()
    )
}

/// The HTTP status of `GET path` on 127.0.0.1:`port` (`None`: no answer
/// within half a second).
fn http_status(port: u16, path: &str) -> Option<u16> {
    use std::net::{SocketAddr, TcpStream};
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_millis(500)).ok()?;
    stream.set_read_timeout(Some(Duration::from_millis(500))).ok()?;
    write!(stream, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").ok()?;
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).ok()?;
    line.split_whitespace().nth(1)?.parse().ok()
}

impl Shell {
    /// A placeholder until the shell runs (never commanded).
    fn none() -> Result<Shell, Unavailable> {
        let mut child = Command::new("true")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| Unavailable::Failed(format!("cannot run true: {e}")))?;
        let output = child.stdout.take().ok_or_else(|| Unavailable::Failed("no pipe".into()))?;
        Ok(Shell { child, input: None, output: BufReader::new(output) })
    }

    fn answer(&mut self) -> Option<String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(n) if n > 0 => Some(line.trim().to_string()),
            _ => None,
        }
    }
}

/// Kills every process of the cluster and removes its folder.
impl Drop for Cluster {
    fn drop(&mut self) {
        let shell = self.shell.get_mut().unwrap_or_else(|e| e.into_inner());
        shell.input = None;
        let _ = shell.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_patroni_the_tests_skip_aloud_unless_it_is_required() {
        let missing = Unavailable::NotInstalled("patroni".into());
        assert_eq!(without_cluster(&missing, false).as_deref(), Ok("Patroni tests skipped: no patroni found"));
        let required = without_cluster(&missing, true).expect_err("a failure");
        assert!(required.contains("THAAYAM_REQUIRE_PATRONI=1"), "{required}");
        assert!(without_cluster(&Unavailable::Failed("etcd".into()), false).is_err());
    }

    #[test]
    fn the_url_names_every_node_and_asks_for_the_primary() {
        let node = |k: u16| Node { pg: 6000 + k, reached: 6000 + k, api: 7000 + k };
        let c = Cluster {
            folder: PathBuf::from("/nonexistent"),
            etcd: 1,
            nodes: vec![node(1), node(2), node(3)],
            synchronous: true,
            shell: Mutex::new(Shell::none().expect("a placeholder")),
        };
        assert_eq!(
            c.url(),
            "postgres://thaayam@127.0.0.1:6001,127.0.0.1:6002,127.0.0.1:6003/thaayam?\
             target_session_attrs=read-write&sslmode=disable"
        );
        let yml = patroni_yml(2, c.nodes[1], 9, "/tmp/x", Path::new("/usr/lib/postgresql/15/bin"), true);
        assert!(yml.contains("listen: 127.0.0.1:6002") && yml.contains("synchronous_mode: true"), "{yml}");
        assert!(yml.contains("bin_dir: /usr/lib/postgresql/15/bin") && yml.contains("use_pg_rewind: true"));
    }
}
