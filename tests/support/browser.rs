//! Headless Chromium driven over the DevTools protocol, for the game
//! pages' browser tests: Debian's `chromium` started with
//! `--remote-debugging-port=0` (its port read from its stderr), one page
//! target, commands sent and answered over a WebSocket, and the page's
//! console errors and uncaught exceptions collected. Without Chromium the
//! tests skip aloud, unless `THAAYAM_REQUIRE_CHROMIUM=1` (CI) makes that a
//! failure.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

/// The Chromium program, if installed.
pub fn chromium() -> Option<String> {
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        let found = std::process::Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        if let Some(path) = found.filter(|p| !p.is_empty()) {
            return Some(path);
        }
    }
    None
}

/// Chromium, or why the test skips (a failure under `THAAYAM_REQUIRE_CHROMIUM=1`).
pub fn chromium_or_skip(test: &str) -> Option<String> {
    let found = chromium();
    if found.is_none() {
        let required = std::env::var("THAAYAM_REQUIRE_CHROMIUM").is_ok_and(|v| v == "1");
        assert!(!required, "{test}: no chromium found, and THAAYAM_REQUIRE_CHROMIUM=1");
        eprintln!("{test}: skipped: no chromium found (Debian: apt-get install chromium)");
    }
    found
}

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Value>>>>;
type Served = Arc<Mutex<Vec<(String, String)>>>;

/// A headless Chromium with one page.
pub struct Browser {
    child: std::process::Child,
    send: mpsc::UnboundedSender<String>,
    pending: Pending,
    next: AtomicU64,
    /// Console errors and uncaught exceptions, as text.
    pub errors: Arc<Mutex<Vec<String>>>,
    /// Pages the test serves itself ([`Browser::serve`]): address, HTML.
    served: Served,
    _profile: super::play::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Starts Chromium (`program`) with a page `width` × `height` CSS pixels.
    pub async fn start(program: &str, width: u32, height: u32) -> Browser {
        let profile = super::play::TempDir::new("chromium-profile");
        let mut child = std::process::Command::new(program)
            .args([
                "--headless",
                "--remote-debugging-port=0",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--mute-audio",
                &format!("--window-size={width},{height}"),
                &format!("--user-data-dir={}", profile.0.display()),
                "about:blank",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let stderr = child.stderr.take().expect("stderr");
        let (found, ws) = oneshot::channel();
        // Reads stderr to its end, so that Chromium never blocks on it.
        std::thread::spawn(move || {
            let mut found = Some(found);
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://")
                    && let Some(tx) = found.take()
                {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let ws = tokio::time::timeout(Duration::from_secs(20), ws).await.ok().and_then(Result::ok);
        let ws = ws.expect("DevTools listening");
        let port = ws.trim_start_matches("ws://").split('/').next().expect("host:port").to_string();
        let targets = reqwest::get(format!("http://{port}/json/list")).await.expect("targets");
        let targets: Value = serde_json::from_str(&targets.text().await.expect("text")).expect("json");
        let page = targets
            .as_array()
            .and_then(|t| t.iter().find(|t| t["type"] == "page"))
            .and_then(|t| t["webSocketDebuggerUrl"].as_str())
            .expect("a page target")
            .to_string();
        let stream = tokio::net::TcpStream::connect(&port).await.expect("connect to DevTools");
        let (socket, _) = tokio_tungstenite::client_async(page.as_str(), stream).await.expect("DevTools handshake");
        let (mut sink, mut source) = socket.split();
        let (send, mut outgoing) = mpsc::unbounded_channel::<String>();
        tokio::spawn(async move {
            while let Some(text) = outgoing.recv().await {
                if sink.send(Message::Text(text)).await.is_err() {
                    return;
                }
            }
        });
        let pending: Pending = Arc::default();
        let errors: Arc<Mutex<Vec<String>>> = Arc::default();
        let served: Served = Arc::default();
        let (p, e, pages, reply) = (pending.clone(), errors.clone(), served.clone(), send.clone());
        tokio::spawn(async move {
            while let Some(Ok(msg)) = source.next().await {
                let Message::Text(text) = msg else { continue };
                let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                if let Some(id) = v["id"].as_u64() {
                    if let Some(tx) = p.lock().expect("lock").remove(&id) {
                        let _ = tx.send(v);
                    }
                    continue;
                }
                if v["method"] == "Fetch.requestPaused" {
                    // A page the test serves (the only requests paused).
                    let url = v["params"]["request"]["url"].as_str().unwrap_or_default();
                    let html = pages
                        .lock()
                        .expect("lock")
                        .iter()
                        .find(|(u, _)| url.starts_with(u.as_str()))
                        .map(|p| p.1.clone());
                    let answer = json!({"id": 0, "method": "Fetch.fulfillRequest", "params": {
                        "requestId": v["params"]["requestId"], "responseCode": if html.is_some() { 200 } else { 404 },
                        "responseHeaders": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}],
                        "body": encode_base64(html.unwrap_or_default().as_bytes())}});
                    let _ = reply.send(answer.to_string());
                    continue;
                }
                let error = match v["method"].as_str() {
                    Some("Runtime.exceptionThrown") => Some(v["params"]["exceptionDetails"].to_string()),
                    Some("Runtime.consoleAPICalled") if v["params"]["type"] == "error" => {
                        Some(v["params"]["args"].to_string())
                    }
                    Some("Log.entryAdded") if v["params"]["entry"]["level"] == "error" => {
                        Some(v["params"]["entry"].to_string())
                    }
                    _ => None,
                };
                if let Some(error) = error {
                    e.lock().expect("lock").push(error);
                }
            }
        });
        let browser = Browser { child, send, pending, next: AtomicU64::new(1), errors, served, _profile: profile };
        for method in ["Runtime.enable", "Page.enable", "Log.enable"] {
            browser.call(method, json!({})).await;
        }
        let metrics = json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": true});
        browser.call("Emulation.setDeviceMetricsOverride", metrics).await;
        browser
    }

    /// Sends a DevTools command and waits for its result.
    pub async fn call(&self, method: &str, params: Value) -> Value {
        let id = self.next.fetch_add(1, Ordering::SeqCst);
        let (tx, rx) = oneshot::channel();
        self.pending.lock().expect("lock").insert(id, tx);
        self.send.send(json!({"id": id, "method": method, "params": params}).to_string()).expect("DevTools is up");
        let answer =
            tokio::time::timeout(Duration::from_secs(20), rx).await.expect("DevTools answers").expect("answer");
        assert!(answer["error"].is_null(), "{method}: {answer}");
        answer["result"].clone()
    }

    /// Opens `url` and waits for its load.
    pub async fn open(&self, url: &str) {
        self.call("Page.navigate", json!({"url": url})).await;
        self.wait_for("document.readyState === 'complete' && location.href !== 'about:blank'", Duration::from_secs(10))
            .await;
    }

    /// The value of a JavaScript expression (promises awaited).
    pub async fn eval(&self, expression: &str) -> Value {
        let r = self
            .call("Runtime.evaluate", json!({"expression": expression, "returnByValue": true, "awaitPromise": true}))
            .await;
        assert!(r["exceptionDetails"].is_null(), "{expression}: {r}");
        r["result"]["value"].clone()
    }

    /// Waits until `condition` (JavaScript) holds; panics after `within`.
    pub async fn wait_for(&self, condition: &str, within: Duration) -> Duration {
        let started = tokio::time::Instant::now();
        loop {
            let r = self
                .call("Runtime.evaluate", json!({"expression": format!("!!({condition})"), "returnByValue": true}))
                .await;
            if r["result"]["value"] == true {
                return started.elapsed();
            }
            assert!(started.elapsed() < within, "not within {within:?}: {condition}");
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Presses a key (`ArrowRight`…) on the page.
    pub async fn key(&self, key: &str) {
        for kind in ["keyDown", "keyUp"] {
            self.call("Input.dispatchKeyEvent", json!({"type": kind, "key": key, "code": key})).await;
        }
    }

    /// A PNG screenshot of the page.
    pub async fn screenshot(&self) -> Vec<u8> {
        let r = self.call("Page.captureScreenshot", json!({"format": "png"})).await;
        let b64 = r["data"].as_str().expect("data");
        decode_base64(b64)
    }

    /// Serves `html` at `url` (and addresses that start with it) from now
    /// on, in place of whatever is there: a page of the test's in the
    /// origin of the site under test.
    pub async fn serve(&self, url: &str, html: String) {
        self.served.lock().expect("lock").push((url.to_string(), html));
        let patterns: Vec<Value> =
            self.served.lock().expect("lock").iter().map(|(u, _)| json!({"urlPattern": format!("{u}*")})).collect();
        self.call("Fetch.enable", json!({"patterns": patterns})).await;
    }

    /// Stops Chromium.
    pub async fn stop(self) {}
}

fn encode_base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn decode_base64(s: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut bits, mut held) = (0u32, 0);
    for v in s.bytes().filter_map(value) {
        bits = (bits << 6) | u32::from(v);
        held += 6;
        if held >= 8 {
            held -= 8;
            out.push((bits >> held) as u8);
        }
    }
    out
}
