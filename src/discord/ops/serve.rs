//! Serving an axum [`Router`] on a bound address, for a listener of the
//! bot (the operators' pages; any other HTTP wing may use it too): at most
//! [`Limits::connections`] connections at once (one more is closed at once,
//! unread, so that neither memory nor descriptors pile up), each living at
//! most [`Limits::lifetime`] (a client that sends or reads slowly is
//! dropped), until `shutdown` completes (then no new connection is taken,
//! and those under way finish).

use axum::Router;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How many connections a listener serves at once, and for how long each.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Limits {
    pub(crate) connections: usize,
    pub(crate) lifetime: Duration,
}

/// Binds `addr` (at start-up, inside the runtime), saying what failed.
pub(crate) fn bind(addr: SocketAddr, what: &str) -> Result<TcpListener, String> {
    let listening = std::net::TcpListener::bind(addr)
        .and_then(|l| l.set_nonblocking(true).map(|()| l))
        .and_then(TcpListener::from_std);
    listening.map_err(|e| format!("cannot listen for {what} on {addr}: {e}"))
}

/// Serves `router` on `listener` within `limits` until `shutdown`.
pub(crate) fn spawn(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> tokio::task::JoinHandle<()> {
    let capped = Capped { listener, slots: Arc::new(Semaphore::new(limits.connections)), lifetime: limits.lifetime };
    tokio::spawn(async move {
        if let Err(e) = axum::serve(capped, router).with_graceful_shutdown(shutdown).await {
            tracing::warn!("HTTP listener: {e}");
        }
    })
}

/// A listener that takes a connection only while a slot is free.
struct Capped {
    listener: TcpListener,
    slots: Arc<Semaphore>,
    lifetime: Duration,
}

impl axum::serve::Listener for Capped {
    type Io = Bounded;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Bounded, SocketAddr) {
        loop {
            match self.listener.accept().await {
                Ok((stream, addr)) => {
                    // Over the cap: closed at once (dropping the stream).
                    let Ok(slot) = self.slots.clone().try_acquire_owned() else { continue };
                    let deadline = Box::pin(tokio::time::sleep(self.lifetime));
                    return (Bounded { stream, deadline, _slot: slot }, addr);
                }
                Err(e) => {
                    // Out of file descriptors, most likely: wait, then go on.
                    tracing::warn!("HTTP listener: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

/// A connection that fails once its time is up, holding its slot until
/// it is dropped.
struct Bounded {
    stream: TcpStream,
    deadline: Pin<Box<tokio::time::Sleep>>,
    _slot: OwnedSemaphorePermit,
}

impl Bounded {
    /// An error once the deadline passed (and a wake-up when it does).
    fn expired(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        self.deadline.as_mut().poll(cx).is_ready().then(|| io::ErrorKind::TimedOut.into())
    }
}

impl AsyncRead for Bounded {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        if let Some(e) = self.expired(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Bounded {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if let Some(e) = self.expired(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if let Some(e) = self.expired(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::get;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn exchange(addr: SocketAddr, request: &str) -> String {
        let mut s = TcpStream::connect(addr).await.expect("connect");
        let _ = s.write_all(request.as_bytes()).await; // refused: it may be closed first
        let mut answer = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut answer)).await;
        assert!(read.is_ok(), "the connection is closed after its answer");
        String::from_utf8_lossy(&answer).into_owned()
    }

    #[tokio::test]
    async fn connections_are_capped_timed_and_closed_after_shutdown() {
        let listener = bind(SocketAddr::from(([127, 0, 0, 1], 0)), "a test").expect("bind");
        let addr = listener.local_addr().expect("address");
        let router =
            Router::new().route("/", get(|| async { ([(axum::http::header::CONNECTION, "close")], "hello\n") }));
        let limits = Limits { connections: 2, lifetime: Duration::from_millis(300) };
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let served = spawn(listener, router, limits, async move {
            let _ = stopped.await;
        });
        let answer = exchange(addr, "GET / HTTP/1.1\r\nHost: x\r\n\r\n").await;
        assert!(answer.starts_with("HTTP/1.1 200") && answer.ends_with("hello\n"), "{answer}");
        // Two silent clients take both slots; a third is closed unread.
        let (_a, _b) = (TcpStream::connect(addr).await.expect("a"), TcpStream::connect(addr).await.expect("b"));
        tokio::time::sleep(Duration::from_millis(50)).await;
        let over = exchange(addr, "GET / HTTP/1.1\r\nHost: x\r\n\r\n").await;
        assert_eq!(over, "", "over the cap: closed without an answer");
        // Their time runs out: the slots are free again.
        tokio::time::sleep(Duration::from_millis(400)).await;
        let again = exchange(addr, "GET / HTTP/1.1\r\nHost: x\r\n\r\n").await;
        assert!(again.starts_with("HTTP/1.1 200"), "{again}");
        let _ = stop.send(());
        tokio::time::timeout(Duration::from_secs(5), served).await.expect("stops").expect("joined");
        assert!(TcpStream::connect(addr).await.is_err(), "no longer listening");
    }
}
