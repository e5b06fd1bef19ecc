//! A loopback TCP proxy that cuts a connection at a chosen message: the
//! tests' way to lose a save's answer on purpose. Armed with a [`Cut`],
//! the first chunk from a client that holds the cut's marker (a save's
//! own bytes, or PostgreSQL's `COMMIT` message, [`COMMIT`]) closes that
//! connection, before the chunk reaches the server (nothing written) or
//! just after (written, its answer never delivered), as the death of a
//! primary does. New connections are forwarded again at once, unless the
//! proxy is told to refuse them ([`CutProxy::refuse`]: no primary yet).
//! Its threads live as long as the process (a test's). Beside it, the
//! delaying proxy of the lab's benchmarks ([`delaying_proxy`]).

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// PostgreSQL's simple-query message `COMMIT` as the client sends it
/// (`Q`, its length, the text and its nul).
pub const COMMIT: &[u8] = b"Q\x00\x00\x00\x0bCOMMIT\x00";

/// Where a connection is cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Before forwarding the chunk holding the marker: the server never has it.
    Before(Vec<u8>),
    /// After forwarding it: the server has it, the client never its answer.
    After(Vec<u8>),
}

struct Shared {
    armed: Mutex<Option<Cut>>,
    cuts: AtomicUsize,
    refusing: AtomicBool,
}

/// A running proxy to a server on 127.0.0.1.
pub struct CutProxy {
    port: u16,
    shared: Arc<Shared>,
}

impl CutProxy {
    /// A proxy on a free port of 127.0.0.1 to `target`'s port.
    pub fn start(target: u16) -> std::io::Result<CutProxy> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let port = listener.local_addr()?.port();
        let shared =
            Arc::new(Shared { armed: Mutex::new(None), cuts: AtomicUsize::new(0), refusing: AtomicBool::new(false) });
        let s = shared.clone();
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if s.refusing.load(Ordering::SeqCst) {
                    continue; // dropped: closed at once
                }
                let Ok(server) = TcpStream::connect(("127.0.0.1", target)) else { continue };
                let _ = (client.set_nodelay(true), server.set_nodelay(true));
                let (Ok(client2), Ok(server2)) = (client.try_clone(), server.try_clone()) else { continue };
                let s = s.clone();
                std::thread::spawn(move || watched_pipe(client, server, &s));
                std::thread::spawn(move || plain_pipe(server2, client2));
            }
        });
        Ok(CutProxy { port, shared })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The next chunk from a client that holds the cut's marker cuts its
    /// connection (once).
    pub fn arm(&self, cut: Cut) {
        *self.shared.armed.lock().unwrap_or_else(|e| e.into_inner()) = Some(cut);
    }

    /// Connections cut so far.
    pub fn cuts(&self) -> usize {
        self.shared.cuts.load(Ordering::SeqCst)
    }

    /// Whether new connections are closed at once (no server to reach).
    pub fn refuse(&self, refusing: bool) {
        self.shared.refusing.store(refusing, Ordering::SeqCst);
    }
}

fn holds(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// Copies the client's bytes to the server, cutting both where armed.
fn watched_pipe(mut from: TcpStream, mut to: TcpStream, shared: &Shared) {
    let mut buf = vec![0; 64 * 1024];
    // The end of the previous chunk: a marker split across two chunks.
    let mut tail: Vec<u8> = Vec::new();
    while let Ok(n) = from.read(&mut buf) {
        if n == 0 {
            break;
        }
        let mut seen = std::mem::take(&mut tail);
        seen.extend_from_slice(&buf[..n]);
        let cut = {
            let mut armed = shared.armed.lock().unwrap_or_else(|e| e.into_inner());
            let hit = armed.as_ref().is_some_and(|c| match c {
                Cut::Before(m) | Cut::After(m) => holds(&seen, m),
            });
            if hit { armed.take() } else { None }
        };
        if let Some(cut) = cut {
            // The client's side first: no answer the server gives from
            // here on can reach it (the pipe back writes to this socket).
            let _ = from.shutdown(Shutdown::Both);
            if matches!(cut, Cut::After(_)) {
                let _ = to.write_all(&buf[..n]);
            }
            shared.cuts.fetch_add(1, Ordering::SeqCst);
            let _ = (to.flush(), to.shutdown(Shutdown::Both));
            return;
        }
        if to.write_all(&buf[..n]).is_err() {
            break;
        }
        tail = seen.split_off(seen.len().saturating_sub(64));
    }
    let _ = to.shutdown(Shutdown::Write);
}

fn plain_pipe(mut from: TcpStream, mut to: TcpStream) {
    let _ = std::io::copy(&mut from, &mut to);
    let _ = to.shutdown(Shutdown::Both);
}

/// A loopback TCP proxy to `target` that holds every chunk of bytes for
/// `one_way` in each direction (so a round trip takes twice that more):
/// the network between a bot machine and its database, on one machine.
/// Its threads live as long as the process (a lab tool's).
pub(crate) fn delaying_proxy(target: u16, one_way: std::time::Duration) -> std::io::Result<u16> {
    use std::net::{TcpListener, TcpStream};
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let port = listener.local_addr()?.port();
    std::thread::spawn(move || {
        for client in listener.incoming() {
            let Ok(client) = client else { continue };
            let Ok(server) = TcpStream::connect(("127.0.0.1", target)) else { continue };
            let _ = (client.set_nodelay(true), server.set_nodelay(true));
            let (Ok(client2), Ok(server2)) = (client.try_clone(), server.try_clone()) else { continue };
            delayed_pipe(client, server, one_way);
            delayed_pipe(server2, client2, one_way);
        }
    });
    Ok(port)
}

/// Copies `from` to `to`, each chunk sent `delay` after it arrived.
fn delayed_pipe(mut from: std::net::TcpStream, mut to: std::net::TcpStream, delay: std::time::Duration) {
    let (chunks, arrived) = std::sync::mpsc::channel::<(std::time::Instant, Vec<u8>)>();
    std::thread::spawn(move || {
        let mut buf = vec![0; 64 * 1024];
        while let Ok(n) = from.read(&mut buf) {
            if n == 0 || chunks.send((std::time::Instant::now() + delay, buf[..n].to_vec())).is_err() {
                break;
            }
        }
    });
    std::thread::spawn(move || {
        for (due, bytes) in arrived {
            std::thread::sleep(due.saturating_duration_since(std::time::Instant::now()));
            if to.write_all(&bytes).is_err() {
                break;
            }
        }
        let _ = to.shutdown(std::net::Shutdown::Write);
    });
}
