//! The gateway WebSocket: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeat
//! ACKs, RESUME refused (the client re-identifies), and dispatches with
//! sequence numbers to the newest identified session.

use super::payloads;
use super::state::{Session, Shared};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Frame;

/// Heartbeat interval told to clients (ms): short, so tests see heartbeats ACKed.
const HEARTBEAT_MS: u64 = 1_500;

/// Accepts gateway connections forever.
pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    let mut next_session = 0u64;
    while let Ok((stream, _)) = listener.accept().await {
        next_session += 1;
        tokio::spawn(connection(stream, shared.clone(), next_session));
    }
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

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
            let ready = payloads::ready(&format!("fake-session-{session}"), &shared.gateway_url);
            let guild = payloads::guild();
            for (t, d) in [("READY", ready), ("GUILD_CREATE", guild)] {
                *seq += 1;
                if !send(ws, shared, json!({"op": 0, "s": *seq, "t": t, "d": d})).await {
                    return false;
                }
            }
            if let Some(tx) = tx.take() {
                let mut inner = shared.lock();
                inner.identifies += 1;
                inner.sessions.push(Session { id: session, tx });
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

/// Sends a dispatch to the newest identified session; false if there is none.
pub fn dispatch(shared: &Shared, t: &str, d: Value) -> bool {
    let inner = shared.lock();
    match inner.sessions.last() {
        Some(s) => s.tx.send(json!({"t": t, "d": d})).is_ok(),
        None => false,
    }
}
