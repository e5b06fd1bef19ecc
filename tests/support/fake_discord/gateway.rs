//! The gateway WebSocket: HELLO, IDENTIFY → READY + a GUILD_CREATE for each
//! server of the session's shard, heartbeat ACKs, RESUME refused (the
//! client re-identifies), and dispatches with sequence numbers to the
//! newest identified session of the shard of their server, as Discord
//! routes them: `(guild_id >> 22) % shard count`.

use super::payloads;
use super::state::{Session, Shared, shard_of};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Frame;

/// Heartbeat interval told to clients (ms): short, so tests see heartbeats ACKed.
const HEARTBEAT_MS: u64 = 1_500;

/// The segment size of a path over Ethernet (1,500-byte frames less the IP
/// and TCP headers), the most Discord's gateway sends a bot in one segment.
const INTERNET_MSS: u32 = 1_460;

/// The gateway's listening socket on loopback, sending segments of
/// [`INTERNET_MSS`] as Discord's gateway does over the Internet. Loopback's
/// own segments are 64 KB: when a bot's reader falls behind by about its
/// receive buffer (~100 KB: 30 interactions at once), its kernel reopens
/// the window only once a whole such segment fits, and the sender waits
/// for its 200 ms probe timer instead. A load test then measured those
/// stalls (p99 over 200 ms in some runs) that no real network has.
pub fn listener() -> std::io::Result<TcpListener> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    socket.set_tcp_mss(INTERNET_MSS)?;
    socket.bind(&std::net::SocketAddr::from(([127, 0, 0, 1], 0)).into())?;
    socket.listen(1024)?;
    socket.set_nonblocking(true)?;
    TcpListener::from_std(socket.into())
}

/// Accepts gateway connections forever.
pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    let mut next_session = 0u64;
    while let Ok((stream, _)) = listener.accept().await {
        if shared.lock().gateway_down {
            // Down: the connection is closed before any handshake.
            continue;
        }
        // Frames go out at once, as from Discord's gateway (see the REST server).
        if let Err(e) = stream.set_nodelay(true) {
            eprintln!("fake Discord: could not set TCP_NODELAY on the gateway: {e}");
        }
        next_session += 1;
        tokio::spawn(connection(stream, shared.clone(), next_session));
    }
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// What [`close_all`] sends a session's connection to end it.
const CLOSE: Value = Value::Null;

/// Ends every connected session (the connection drops, as when Discord
/// goes away).
pub fn close_all(shared: &Shared) {
    for s in &shared.lock().sessions {
        let _ = s.tx.send(CLOSE);
    }
}

async fn send(ws: &mut Ws, shared: &Shared, frame: Value) -> bool {
    if let Err(e) = payloads::check_gateway_frame(&frame) {
        shared.lock().violation(format!("the fake was about to send an invalid frame: {e}"));
        shared.changed();
        return false;
    }
    ws.send(Frame::Text(frame.to_string())).await.is_ok()
}

async fn connection(stream: TcpStream, shared: Arc<Shared>, session: u64) {
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else { return };
    if !send(&mut ws, &shared, json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": null, "t": null})).await
    {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
    let mut tx = Some(tx);
    let mut seq = 0u64;
    loop {
        tokio::select! {
            incoming = ws.next() => {
                let Some(Ok(frame)) = incoming else { break };
                let text = match frame {
                    Frame::Text(t) => t,
                    Frame::Close(_) => break,
                    _ => continue,
                };
                let Ok(msg) = serde_json::from_str::<Value>(&text) else {
                    shared.lock().violation(format!("the bot sent a gateway frame that is not JSON: {text}"));
                    continue;
                };
                if !on_frame(&mut ws, &shared, session, &msg, &mut seq, &mut tx).await {
                    break;
                }
            }
            Some(d) = rx.recv() => {
                if d == CLOSE {
                    break;
                }
                seq += 1;
                let mut frame = d;
                frame["op"] = json!(0);
                frame["s"] = json!(seq);
                if !send(&mut ws, &shared, frame).await {
                    break;
                }
            }
        }
    }
    shared.lock().sessions.retain(|s| s.id != session);
    shared.changed();
}

/// Handles one frame from the client; false ends the connection.
async fn on_frame(
    ws: &mut Ws,
    shared: &Shared,
    session: u64,
    msg: &Value,
    seq: &mut u64,
    tx: &mut Option<mpsc::UnboundedSender<Value>>,
) -> bool {
    match msg["op"].as_u64() {
        Some(1) => {
            shared.lock().heartbeats += 1;
            shared.changed();
            send(ws, shared, json!({"op": 11, "d": null, "s": null, "t": null})).await
        }
        Some(2) => {
            let Some(shard) = identified_shard(shared, msg) else { return false };
            let guilds = shared.lock().guilds_of_shard(shard[0], shard[1]);
            let ready = payloads::ready(&format!("fake-session-{session}"), &shared.gateway_url, shard, &guilds);
            let creates = guilds.iter().map(|g| ("GUILD_CREATE", payloads::guild(*g)));
            for (t, d) in std::iter::once(("READY", ready)).chain(creates) {
                *seq += 1;
                if !send(ws, shared, json!({"op": 0, "s": *seq, "t": t, "d": d})).await {
                    return false;
                }
            }
            if let Some(tx) = tx.take() {
                let mut inner = shared.lock();
                inner.identifies += 1;
                inner.sessions.push(Session { id: session, shard, tx });
            }
            shared.changed();
            true
        }
        // RESUME: refuse, so the client identifies afresh.
        Some(6) => send(ws, shared, json!({"op": 9, "d": false, "s": null, "t": null})).await,
        Some(3 | 4 | 8) => true,
        other => {
            shared.lock().violation(format!("the bot sent an unexpected gateway opcode {other:?}: {msg}"));
            shared.changed();
            true
        }
    }
}

/// The shard an IDENTIFY asks for (`[0, 1]` when it names none), or a
/// violation: Discord closes a connection with 4010 (invalid shard) when
/// the id is not below the count.
fn identified_shard(shared: &Shared, msg: &Value) -> Option<[u32; 2]> {
    let asked = &msg["d"]["shard"];
    if asked.is_null() {
        return Some([0, 1]);
    }
    let number = |i: usize| asked[i].as_u64().and_then(|n| u32::try_from(n).ok());
    match (number(0), number(1)) {
        (Some(id), Some(count)) if id < count => Some([id, count]),
        _ => {
            shared.lock().violation(format!("the bot identified as an invalid shard {asked}"));
            shared.changed();
            None
        }
    }
}

/// Sends a dispatch to the newest identified session of the shard of its
/// server (`d.guild_id`; none: shard 0); false if there is none.
pub fn dispatch(shared: &Shared, t: &str, d: Value) -> bool {
    let guild = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok()).unwrap_or(0);
    let mut inner = shared.lock();
    let Some(s) = inner.sessions.iter().rev().find(|s| shard_of(guild, s.shard[1]) == s.shard[0]) else {
        return false;
    };
    // Moved in: `json!` would copy the whole interaction by serialising it again.
    let mut frame = json!({"t": t});
    frame["d"] = d;
    let (sent, shard) = (s.tx.send(frame).is_ok(), s.shard[0]);
    if sent {
        *inner.shard_dispatches.entry(shard).or_default() += 1;
    }
    sent
}
