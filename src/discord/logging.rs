//! The bot's log: text for people or one JSON object per line for log
//! shippers (`log_format`), on stderr, with every secret the process knows
//! (the bot token) replaced by `[redacted]` in whatever line it turns up,
//! whichever library wrote it.
//!
//! JSON lines carry `time` (RFC 3339, UTC), `level`, `target`, `message`,
//! then the event's own fields and those of the spans it happened in (a
//! click's `game` and `guild`), flattened: what Loki, Vector or Elastic
//! read without a parsing rule. A small layer of our own rather than
//! tracing-subscriber's `json` feature, which nests span fields under
//! `span`/`spans` and calls the time `timestamp`.

use super::config::LogFormat;
use serde_json::{Map, Value};
use std::fmt::Write as _;
use std::io::Write as _;
use std::sync::Arc;
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::fmt::time::FormatTime;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// Installs the process's logger (once; later calls keep the first).
/// `level` sets ours and the libraries' (serenity's `info` lines are
/// connection chatter, so at `info` the libraries log warnings and
/// errors); `RUST_LOG` wins. `secrets` never appear in a line.
pub(crate) fn init(level: &str, format: LogFormat, secrets: &[&str]) {
    use std::io::IsTerminal;
    let libraries = match level {
        "error" | "debug" | "trace" => level,
        _ => "warn",
    };
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(format!("{libraries},thaayam={level}")));
    let writer = Redacting::new(secrets);
    let registry = tracing_subscriber::registry().with(filter);
    let _ = match format {
        LogFormat::Text => registry
            .with(tracing_subscriber::fmt::layer().with_writer(writer).with_ansi(std::io::stderr().is_terminal()))
            .try_init(),
        LogFormat::Json => registry.with(JsonLines { writer }).try_init(),
    };
}

/// Writes lines to stderr with the secrets cut out. Every log line comes
/// in one `write` (both formats format a whole line first).
#[derive(Clone)]
pub(crate) struct Redacting {
    secrets: Arc<[String]>,
}

impl Redacting {
    pub(crate) fn new(secrets: &[&str]) -> Redacting {
        // A secret too short to be one would cut ordinary words out.
        let secrets: Vec<String> = secrets.iter().filter(|s| s.len() >= 8).map(|s| s.to_string()).collect();
        Redacting { secrets: secrets.into() }
    }

    /// `line` with every secret replaced, and the interaction tokens a
    /// library may print (in webhook and callback paths, and as a `token`
    /// field): each is a key to answer as the bot for 15 minutes.
    pub(crate) fn clean<'a>(&self, line: &'a str) -> std::borrow::Cow<'a, str> {
        let mut out = std::borrow::Cow::Borrowed(line);
        for secret in self.secrets.iter() {
            if out.contains(secret.as_str()) {
                out = std::borrow::Cow::Owned(out.replace(secret.as_str(), "[redacted]"));
            }
        }
        for marker in &TOKEN_MARKERS {
            if out.contains(marker.before) {
                out = std::borrow::Cow::Owned(cut_after(&out, marker));
            }
        }
        out
    }
}

/// Where a token follows: after `before` (and a run of digits when
/// `id_first`, then a `/`), up to one of `end`.
struct Marker {
    before: &'static str,
    id_first: bool,
    end: &'static [char],
}

const TOKEN_MARKERS: [Marker; 4] = [
    Marker { before: "/interactions/", id_first: true, end: &['/', '?', ' ', '"', '\''] },
    Marker { before: "/webhooks/", id_first: true, end: &['/', '?', ' ', '"', '\''] },
    Marker { before: "token: \"", id_first: false, end: &['"'] },
    Marker { before: "\"token\":\"", id_first: false, end: &['"'] },
];

/// `text` with what follows each `marker` replaced by `[redacted]`.
fn cut_after(text: &str, marker: &Marker) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(marker.before) {
        let (head, tail) = rest.split_at(at + marker.before.len());
        out.push_str(head);
        let mut tail = tail;
        if marker.id_first {
            let digits = tail.find(|c: char| !c.is_ascii_digit()).unwrap_or(tail.len());
            if digits == 0 || !tail[digits..].starts_with('/') {
                rest = tail;
                continue;
            }
            out.push_str(&tail[..=digits]);
            tail = &tail[digits + 1..];
        }
        let end = tail.find(marker.end).unwrap_or(tail.len());
        if end > 0 {
            out.push_str("[redacted]");
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

impl std::io::Write for Redacting {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        std::io::stderr().lock().write_all(self.clean(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Redacting {
    type Writer = Redacting;

    fn make_writer(&'a self) -> Redacting {
        self.clone()
    }
}

/// The JSON layer.
struct JsonLines {
    writer: Redacting,
}

/// A span's fields, kept in its extensions for the events inside it.
struct SpanFields(Map<String, Value>);

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for JsonLines {
    fn on_new_span(&self, attrs: &tracing::span::Attributes<'_>, id: &tracing::span::Id, ctx: Context<'_, S>) {
        let mut fields = Fields(Map::new());
        attrs.record(&mut fields);
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(SpanFields(fields.0));
        }
    }

    fn on_record(&self, id: &tracing::span::Id, values: &tracing::span::Record<'_>, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(id) else { return };
        let mut ext = span.extensions_mut();
        if let Some(SpanFields(map)) = ext.get_mut::<SpanFields>() {
            let mut fields = Fields(std::mem::take(map));
            values.record(&mut fields);
            *map = fields.0;
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let _ = self.writer.clone().write_all(json_line(event, &ctx, &self.writer).as_bytes());
    }
}

/// One event as a JSON line (with its newline), every text value cleaned
/// of secrets before it is escaped (`token: \"…\"` would slip past a
/// look at the escaped line).
fn json_line<S: Subscriber + for<'a> LookupSpan<'a>>(
    event: &Event<'_>,
    ctx: &Context<'_, S>,
    redact: &Redacting,
) -> String {
    let meta = event.metadata();
    let mut time = String::new();
    let _ = tracing_subscriber::fmt::time::SystemTime
        .format_time(&mut tracing_subscriber::fmt::format::Writer::new(&mut time));
    let mut line = Map::new();
    line.insert("time".into(), Value::String(time));
    line.insert("level".into(), Value::String(meta.level().as_str().to_ascii_lowercase()));
    line.insert("target".into(), Value::String(meta.target().into()));
    line.insert("message".into(), Value::String(String::new()));
    let mut fields = Fields(line);
    event.record(&mut fields);
    let mut line = fields.0;
    if let Some(scope) = ctx.event_scope(event) {
        for span in scope {
            if let Some(SpanFields(map)) = span.extensions().get::<SpanFields>() {
                for (k, v) in map {
                    line.entry(k.clone()).or_insert_with(|| v.clone());
                }
            }
        }
    }
    for value in line.values_mut() {
        if let Value::String(text) = value
            && let std::borrow::Cow::Owned(clean) = redact.clean(text)
        {
            *text = clean;
        }
    }
    let mut text = Value::Object(line).to_string();
    text.push('\n');
    text
}

/// Collects fields as JSON values (`message` as the message).
struct Fields(Map<String, Value>);

impl Fields {
    fn put(&mut self, field: &Field, value: Value) {
        self.0.insert(field.name().to_string(), value);
    }
}

impl Visit for Fields {
    fn record_i64(&mut self, field: &Field, value: i64) {
        self.put(field, value.into());
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.put(field, value.into());
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.put(field, value.into());
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        self.put(field, value.into());
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.put(field, value.into());
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let mut text = String::new();
        let _ = write!(text, "{value:?}");
        self.put(field, text.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_cut_out_of_lines() {
        let r = Redacting::new(&["MTIz.secret-token.xyz", "short"]);
        assert_eq!(r.clean("Authorization: Bot MTIz.secret-token.xyz sent"), "Authorization: Bot [redacted] sent");
        assert_eq!(r.clean("a short word stays"), "a short word stays", "too short to be a secret");
        assert_eq!(
            r.clean("POST http://x/api/v10/interactions/123/aW50.tok/callback?with_response=true"),
            "POST http://x/api/v10/interactions/123/[redacted]/callback?with_response=true"
        );
        assert_eq!(
            r.clean("PATCH /webhooks/9/abc.def/messages/@original"),
            "PATCH /webhooks/9/[redacted]/messages/@original"
        );
        assert_eq!(
            r.clean("Interaction { id: 1, token: \"abc\", x }"),
            "Interaction { id: 1, token: \"[redacted]\", x }"
        );
        assert_eq!(r.clean("{\"token\":\"abc\",\"id\":\"1\"}"), "{\"token\":\"[redacted]\",\"id\":\"1\"}");
        assert_eq!(
            r.clean("see /webhooks/ and /interactions/x/y"),
            "see /webhooks/ and /interactions/x/y",
            "no id: kept"
        );
    }

    #[test]
    fn json_lines_have_the_shippers_fields_with_span_fields_flattened() {
        let buffer = Arc::new(std::sync::Mutex::new(Vec::<u8>::new()));
        let lines = Capture(Arc::clone(&buffer));
        let subscriber = tracing_subscriber::registry().with(CaptureJson { lines });
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!("click", game = 12_i64, guild = 34_u64);
            let _in = span.enter();
            tracing::warn!(route = "messages", "the board of game 12 is gone");
            tracing::debug!(req = "Route { token: \"abc\" }", "with sandbox-token inside");
        });
        let text = String::from_utf8(buffer.lock().map(|b| b.clone()).unwrap_or_default()).unwrap_or_default();
        let mut lines = text.lines().map(|l| serde_json::from_str::<Value>(l).expect("one JSON object"));
        let line = lines.next().expect("a line");
        let secret = lines.next().expect("a second line");
        assert_eq!(secret["req"], "Route { token: \"[redacted]\" }", "a token inside a field: {secret}");
        assert_eq!(secret["message"], "with [redacted] inside");
        assert_eq!(line["level"], "warn");
        assert_eq!(line["message"], "the board of game 12 is gone");
        assert_eq!(line["target"], "thaayam::discord::logging::tests");
        assert_eq!((line["game"].as_i64(), line["guild"].as_u64()), (Some(12), Some(34)));
        assert_eq!(line["route"], "messages");
        assert!(line["time"].as_str().is_some_and(|t| t.ends_with('Z') && t.contains('T')), "{line}");
        assert_eq!(text.lines().count(), 2, "one line per event");
    }

    /// The JSON layer writing into a buffer instead of stderr.
    struct CaptureJson {
        lines: Capture,
    }

    #[derive(Clone)]
    struct Capture(Arc<std::sync::Mutex<Vec<u8>>>);

    impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for CaptureJson {
        fn on_new_span(&self, a: &tracing::span::Attributes<'_>, id: &tracing::span::Id, ctx: Context<'_, S>) {
            JsonLines { writer: Redacting::new(&[]) }.on_new_span(a, id, ctx);
        }

        fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
            let json = json_line(event, &ctx, &Redacting::new(&["sandbox-token"]));
            if let Ok(mut b) = self.lines.0.lock() {
                b.extend_from_slice(json.as_bytes());
            }
        }
    }
}
