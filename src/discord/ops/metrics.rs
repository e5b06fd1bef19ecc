//! The bot's Prometheus metrics: what the live wing counts and times, kept
//! in a registry of this bot's own (tests run many bots in one process, so
//! nothing here is global), and the page `/metrics` serves in Prometheus'
//! text format (0.0.4).
//!
//! Built on `prometheus-client`, the Prometheus project's own Rust client:
//! an explicit registry per bot, metrics that are plain atomics (a count
//! costs one atomic add, a labelled one a read lock and a hash lookup), and
//! the classic text format that `promtool check metrics` validates. A bot
//! without a metrics listener records nothing ([`Metrics::off`]).
//!
//! Label values come from fixed lists (kinds, outcomes, routes, variants,
//! shard numbers): never a user, a channel, a token or a free text.

use crate::engine::Variant;
use crate::store::PrimaryStatus;
use prometheus_client::encoding::prometheus_text;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::Registry;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

/// One label; every family here has a fixed number of them.
type Labels<const N: usize> = [(&'static str, &'static str); N];
type Histograms<const N: usize> = Family<Labels<N>, Histogram, fn() -> Histogram>;

/// What an interaction is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A slash command.
    Command,
    /// A button or a select menu.
    Component,
    Autocomplete,
    Modal,
}

impl Kind {
    /// The kinds the bot answers (it declares no autocomplete and no modal).
    const ANSWERED: [Kind; 2] = [Kind::Command, Kind::Component];

    pub(crate) fn label(self) -> &'static str {
        match self {
            Kind::Command => "command",
            Kind::Component => "component",
            Kind::Autocomplete => "autocomplete",
            Kind::Modal => "modal",
        }
    }
}

/// How an interaction was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Answered in time with what was asked.
    Answered,
    /// Answered in time with a private refusal (not your turn, a bad option…).
    Refused,
    /// Not answered: the answer failed, or the handler failed.
    Failed,
    /// Answered more than Discord's 3 s after it arrived.
    Late,
}

impl Outcome {
    pub(crate) const ALL: [Outcome; 4] = [Outcome::Answered, Outcome::Refused, Outcome::Failed, Outcome::Late];

    pub(crate) fn label(self) -> &'static str {
        match self {
            Outcome::Answered => "answered",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
            Outcome::Late => "late",
        }
    }
}

/// The Discord REST routes the bot calls, as labels (never the path: an
/// interaction's path holds its token).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// POST /interactions/{id}/{token}/callback: the first answer.
    InteractionCallback,
    /// POST /webhooks/{app}/{token}: a follow-up.
    InteractionFollowup,
    /// POST /channels/{id}/messages.
    CreateMessage,
    /// PATCH /channels/{id}/messages/{id}.
    EditMessage,
}

impl Route {
    fn label(self) -> &'static str {
        match self {
            Route::InteractionCallback => "interaction_callback",
            Route::InteractionFollowup => "interaction_followup",
            Route::CreateMessage => "create_message",
            Route::EditMessage => "edit_message",
        }
    }
}

/// What a gateway shard of this process is doing now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ShardNow {
    pub(crate) id: u32,
    pub(crate) connected: bool,
    /// The time between its last heartbeat and Discord's acknowledgement.
    pub(crate) latency: Option<Duration>,
}

/// Seconds: Discord's 3 s deadline falls on a bucket bound.
const ANSWER_BUCKETS: [f64; 12] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0];
/// Seconds: a save takes about a millisecond; a locked database up to 1.5 s.
const SAVE_BUCKETS: [f64; 11] = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 2.0];
/// Seconds: from a random pick (microseconds) to the expert's search.
const DECISION_BUCKETS: [f64; 10] = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0];
/// Seconds: a board picture takes a few milliseconds.
const PICTURE_BUCKETS: [f64; 9] = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5];

fn answer_histogram() -> Histogram {
    Histogram::new(ANSWER_BUCKETS)
}

/// The metrics of one bot (or none: see [`Metrics::off`]).
pub(crate) struct Metrics(Option<Box<Families>>);

struct Families {
    registry: Registry,
    interactions: Family<Labels<2>, Counter>,
    answer_seconds: Histograms<1>,
    saves: Family<Labels<1>, Counter>,
    save_seconds: Histogram,
    open_games: Family<Labels<1>, Gauge>,
    games_finished: Family<Labels<1>, Counter>,
    decisions: Counter,
    decision_seconds: Histogram,
    pictures: Counter,
    picture_seconds: Histogram,
    requests: Family<Labels<2>, Counter>,
    rate_limits: Family<Labels<1>, Counter>,
    shards_wanted: Gauge,
    shards_connected: Gauge,
    heartbeat: Family<[(&'static str, String); 1], Gauge<f64, AtomicU64>>,
    failovers: Counter,
    without_primary: Counter<f64, AtomicU64>,
    primary_missing: Gauge,
}

impl Metrics {
    /// Metrics that record nothing (no listener configured).
    pub(crate) fn off() -> Metrics {
        Metrics(None)
    }

    /// A fresh registry with every metric at zero.
    pub(crate) fn on() -> Metrics {
        let f = Families {
            registry: Registry::default(),
            interactions: Family::default(),
            answer_seconds: Family::new_with_constructor(answer_histogram),
            saves: Family::default(),
            save_seconds: Histogram::new(SAVE_BUCKETS),
            open_games: Family::default(),
            games_finished: Family::default(),
            decisions: Counter::default(),
            decision_seconds: Histogram::new(DECISION_BUCKETS),
            pictures: Counter::default(),
            picture_seconds: Histogram::new(PICTURE_BUCKETS),
            requests: Family::default(),
            rate_limits: Family::default(),
            shards_wanted: Gauge::default(),
            shards_connected: Gauge::default(),
            heartbeat: Family::default(),
            failovers: Counter::default(),
            without_primary: Counter::default(),
            primary_missing: Gauge::default(),
        };
        // Every kind and outcome from zero: a rate over a series that
        // appears only at its first count misses that count.
        for kind in Kind::ANSWERED {
            for outcome in Outcome::ALL {
                let _ = f.interactions.get_or_create(&[("kind", kind.label()), ("outcome", outcome.label())]);
            }
        }
        Metrics(Some(Box::new(f.registered())))
    }

    /// Whether this bot records metrics.
    pub(crate) fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// An interaction handled: how, and when its first answer went out
    /// (`None`: no answer went out).
    pub(crate) fn interaction(&self, kind: Kind, outcome: Outcome, answer: Option<Duration>) {
        let Some(f) = &self.0 else { return };
        f.interactions.get_or_create(&[("kind", kind.label()), ("outcome", outcome.label())]).inc();
        if let Some(after) = answer {
            f.answer_seconds.get_or_create(&[("kind", kind.label())]).observe(after.as_secs_f64());
        }
    }

    /// A game saved (or not) in the store.
    pub(crate) fn save(&self, took: Duration, ok: bool) {
        let Some(f) = &self.0 else { return };
        f.saves.get_or_create(&[("outcome", if ok { "ok" } else { "failed" })]).inc();
        f.save_seconds.observe(took.as_secs_f64());
    }

    /// A game played to its end.
    pub(crate) fn game_finished(&self, variant: Variant) {
        let Some(f) = &self.0 else { return };
        f.games_finished.get_or_create(&[("variant", variant.name())]).inc();
    }

    /// A computer player's step decided.
    pub(crate) fn decision(&self, took: Duration) {
        let Some(f) = &self.0 else { return };
        f.decisions.inc();
        f.decision_seconds.observe(took.as_secs_f64());
    }

    /// A board picture drawn.
    pub(crate) fn picture(&self, took: Duration) {
        let Some(f) = &self.0 else { return };
        f.pictures.inc();
        f.picture_seconds.observe(took.as_secs_f64());
    }

    /// The board pictures drawn so far (for the tests).
    #[cfg(test)]
    pub(crate) fn pictures_drawn(&self) -> u64 {
        self.0.as_ref().map_or(0, |f| f.pictures.get())
    }

    /// A Discord REST request and its answer: `Ok` is any success, an
    /// HTTP error its status code, anything else (no answer) `error`.
    pub(crate) fn request(&self, route: Route, status: Result<(), Option<u16>>) {
        let Some(f) = &self.0 else { return };
        let status = match status {
            Ok(()) => "ok",
            Err(Some(code)) => status_label(code),
            Err(None) => "error",
        };
        f.requests.get_or_create(&[("route", route.label()), ("status", status)]).inc();
    }

    /// serenity's rate limiter waited before a request (a 429, or a
    /// bucket used up), globally or on one route.
    pub(crate) fn rate_limited(&self, global: bool) {
        let Some(f) = &self.0 else { return };
        f.rate_limits.get_or_create(&[("scope", if global { "global" } else { "route" })]).inc();
    }

    /// Where the database's primary is (PostgreSQL), as the store found
    /// it: its failovers and seconds without a primary, counted by the
    /// store since it opened, and whether one is missing now.
    pub(crate) fn database(&self, status: Option<PrimaryStatus>) {
        let (Some(f), Some(status)) = (&self.0, status) else { return };
        let failovers = status.failovers.saturating_sub(f.failovers.get());
        f.failovers.inc_by(failovers);
        let seconds = status.without_primary.as_secs_f64() - f.without_primary.get();
        if seconds > 0.0 {
            f.without_primary.inc_by(seconds);
        }
        f.primary_missing.set(i64::from(status.without_primary_for.is_some()));
    }

    /// The page `/metrics` serves, with the gauges of this instant: the
    /// open games of each variant, the shards this process should run
    /// (0 while unknown) and what they are doing.
    pub(crate) fn render(&self, open: &[(Variant, usize)], wanted: u32, shards: &[ShardNow]) -> String {
        let Some(f) = &self.0 else { return String::new() };
        for v in Variant::ALL {
            let n = open.iter().filter(|(o, _)| *o == v).map(|(_, n)| *n).sum::<usize>();
            f.open_games.get_or_create(&[("variant", v.name())]).set(i64::try_from(n).unwrap_or(i64::MAX));
        }
        f.shards_wanted.set(i64::from(wanted));
        f.shards_connected.set(shards.iter().filter(|s| s.connected).count() as i64);
        f.heartbeat.clear();
        for s in shards {
            if let Some(latency) = s.latency {
                f.heartbeat.get_or_create(&[("shard", s.id.to_string())]).set(latency.as_secs_f64());
            }
        }
        let mut page = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_text::encode(&mut page, &f.registry);
        page
    }
}

/// The label of an HTTP status code: the common ones by number, the rest
/// by class (a bounded set of label values).
fn status_label(code: u16) -> &'static str {
    match code {
        400 => "400",
        401 => "401",
        403 => "403",
        404 => "404",
        429 => "429",
        500..=599 => "5xx",
        _ => "4xx",
    }
}

impl Families {
    /// The families in the registry, under their names (counters get
    /// `_total` in the page).
    fn registered(mut self) -> Families {
        let r = &mut self.registry;
        r.register(
            "thaayam_interactions",
            "Interactions by kind and outcome (answered, refused, failed, late)",
            self.interactions.clone(),
        );
        r.register(
            "thaayam_interaction_answer_seconds",
            "From an interaction's arrival to its first answer",
            self.answer_seconds.clone(),
        );
        r.register("thaayam_saves", "Game saves by outcome (ok, failed)", self.saves.clone());
        r.register("thaayam_save_seconds", "Time of a game save", self.save_seconds.clone());
        r.register("thaayam_open_games", "Open games (lobbies and games in play) by variant", self.open_games.clone());
        r.register("thaayam_games_finished", "Games played to their end, by variant", self.games_finished.clone());
        r.register("thaayam_computer_decisions", "Computer players' steps decided", self.decisions.clone());
        r.register(
            "thaayam_computer_decision_seconds",
            "Time of a computer player's step",
            self.decision_seconds.clone(),
        );
        r.register("thaayam_pictures_drawn", "Board pictures drawn", self.pictures.clone());
        r.register("thaayam_picture_draw_seconds", "Time of drawing a board picture", self.picture_seconds.clone());
        r.register(
            "thaayam_discord_requests",
            "Discord REST requests by route and status (ok, a code, or error)",
            self.requests.clone(),
        );
        r.register(
            "thaayam_discord_rate_limits",
            "Waits of the rate limiter (a 429 or a used-up bucket), by scope (route, global)",
            self.rate_limits.clone(),
        );
        r.register(
            "thaayam_gateway_shards",
            "Gateway shards this process runs (0 until known)",
            self.shards_wanted.clone(),
        );
        r.register("thaayam_gateway_shards_connected", "Gateway shards connected now", self.shards_connected.clone());
        r.register(
            "thaayam_gateway_heartbeat_latency_seconds",
            "Latency of each shard's last heartbeat",
            self.heartbeat.clone(),
        );
        r.register(
            "thaayam_database_failovers",
            "Times the database's primary was found on another server than before",
            self.failovers.clone(),
        );
        r.register(
            "thaayam_database_without_primary_seconds",
            "Seconds no connection of the pool reached a primary (a failover or a restart)",
            self.without_primary.clone(),
        );
        r.register(
            "thaayam_database_primary_missing",
            "1 while no connection reaches a primary (failing over), else 0",
            self.primary_missing.clone(),
        );
        r.register("thaayam_build", "The running build", Info::new([("version", env!("CARGO_PKG_VERSION"))]));
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the sample `name` (with its labels as written) in a page.
    fn sample(page: &str, name: &str) -> Option<f64> {
        page.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
    }

    #[test]
    fn counts_appear_under_their_names_and_labels() {
        let m = Metrics::on();
        m.interaction(Kind::Component, Outcome::Answered, Some(Duration::from_millis(30)));
        m.interaction(Kind::Component, Outcome::Answered, Some(Duration::from_millis(70)));
        m.interaction(Kind::Command, Outcome::Failed, None);
        m.save(Duration::from_millis(1), true);
        m.game_finished(Variant::Bell);
        m.picture(Duration::from_millis(4));
        m.request(Route::InteractionCallback, Err(Some(429)));
        let shards = [ShardNow { id: 0, connected: true, latency: Some(Duration::from_millis(42)) }];
        let page = m.render(&[(Variant::Bell, 2)], 1, &shards);
        let s = |name| sample(&page, name);
        assert_eq!(s("thaayam_interactions_total{kind=\"component\",outcome=\"answered\"}"), Some(2.0), "{page}");
        assert_eq!(s("thaayam_interactions_total{kind=\"command\",outcome=\"failed\"}"), Some(1.0));
        assert_eq!(s("thaayam_interaction_answer_seconds_count{kind=\"component\"}"), Some(2.0));
        assert_eq!(s("thaayam_interaction_answer_seconds_bucket{kind=\"component\",le=\"0.05\"}"), Some(1.0));
        assert_eq!(s("thaayam_saves_total{outcome=\"ok\"}"), Some(1.0));
        assert_eq!(s("thaayam_games_finished_total{variant=\"bell\"}"), Some(1.0));
        assert_eq!(s("thaayam_pictures_drawn_total"), Some(1.0));
        assert_eq!(s("thaayam_discord_requests_total{route=\"interaction_callback\",status=\"429\"}"), Some(1.0));
        assert_eq!(s("thaayam_open_games{variant=\"bell\"}"), Some(2.0));
        assert_eq!(s("thaayam_gateway_shards_connected"), Some(1.0));
        assert_eq!(s("thaayam_gateway_heartbeat_latency_seconds{shard=\"0\"}"), Some(0.042));
        let version = format!("thaayam_build_info{{version=\"{}\"}}", env!("CARGO_PKG_VERSION"));
        assert_eq!(s(&version), Some(1.0), "{page}");
    }

    #[test]
    fn every_variant_has_an_open_games_line_and_a_gone_shard_leaves_the_page() {
        let m = Metrics::on();
        let shard = |id| ShardNow { id, connected: true, latency: Some(Duration::from_millis(1)) };
        let page = m.render(&[], 2, &[shard(0), shard(1)]);
        for v in Variant::ALL {
            assert_eq!(sample(&page, &format!("thaayam_open_games{{variant=\"{}\"}}", v.name())), Some(0.0));
        }
        assert!(page.contains("shard=\"1\""));
        let page = m.render(&[], 2, &[shard(0)]);
        assert!(!page.contains("shard=\"1\""), "{page}");
        assert_eq!(sample(&page, "thaayam_gateway_shards"), Some(2.0));
    }

    #[test]
    fn failovers_and_seconds_without_a_primary_follow_the_store_s_counts() {
        let m = Metrics::on();
        let status = |failovers, secs: u64, missing: bool| PrimaryStatus {
            without_primary_for: missing.then_some(Duration::from_secs(1)),
            failovers,
            without_primary: Duration::from_secs(secs),
            several_servers: true,
        };
        m.database(Some(status(1, 6, true)));
        m.database(Some(status(2, 11, false)));
        let page = m.render(&[], 1, &[]);
        assert_eq!(sample(&page, "thaayam_database_failovers_total"), Some(2.0), "{page}");
        assert_eq!(sample(&page, "thaayam_database_without_primary_seconds_total"), Some(11.0));
        assert_eq!(sample(&page, "thaayam_database_primary_missing"), Some(0.0));
    }

    #[test]
    fn metrics_off_record_nothing() {
        let m = Metrics::off();
        m.interaction(Kind::Command, Outcome::Answered, None);
        assert!(!m.is_on());
        assert_eq!(m.render(&[], 1, &[]), "");
    }
}
