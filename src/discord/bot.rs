//! Starting the bot: logging, the poise framework with its commands, the
//! gateway shards (as many as Discord recommends, or the configured range;
//! only the games of their servers are resumed), the event handler that
//! routes button and select clicks by their `custom_id` (restart-safe: no
//! collectors), the boards brought up to their saved games, the timeout
//! ticker, and a shutdown on SIGINT/SIGTERM that finishes in-flight clicks
//! and exits within [`SHUTDOWN_LIMIT`] whatever the connection is doing.

use super::config::{Config, Shards};
use super::live::data::Data;
use super::live::hub::Hub;
use super::live::{board, clicks, clock, computer, entry, persist, ratelimits, went_back};
use super::ops::health::Gateway;
use super::ops::instrument::{self, Instrumented, RateLimits};
use super::ops::listener;
use super::ops::metrics::Metrics;
use super::{Error, commands};
use crate::store::StoreHandle;
use poise::serenity_prelude as serenity;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a save waits for a database locked by another process before
/// the player is told to try again (well inside Discord's 3 s).
pub(crate) const STORE_LOCK_WAIT: Duration = Duration::from_millis(1500);

/// From SIGINT/SIGTERM to the end of the process, at most (Discord
/// reachable or not): in-flight clicks get most of it, closing the gateway
/// connections the rest.
pub(crate) const SHUTDOWN_LIMIT: Duration = Duration::from_secs(4);

/// How long in-flight clicks may take to finish after a stop was asked.
const IN_FLIGHT_WAIT: Duration = Duration::from_millis(2500);

/// Runs the bot on Discord until SIGINT/SIGTERM. Errors are one line (a
/// token Discord refuses is one, at once).
pub fn run(config: Config) -> Result<(), String> {
    run_at(config, Endpoint::Discord)
}

/// [`run`] at another endpoint: only the hidden `sandbox-bot` command
/// (crash tests) passes a sandbox.
pub(crate) fn run_at(config: Config, endpoint: Endpoint) -> Result<(), String> {
    let secrets = config.secrets();
    let secrets: Vec<&str> = secrets.iter().map(String::as_str).collect();
    super::logging::init(&config.log_level, config.log_format, &secrets);
    // Before anything is opened: the pages' caps are sized from it.
    if config.web.is_some() {
        crate::discord::web::serve::raise_descriptor_limit();
    }
    if let crate::store::Database::Postgres(url) = &config.database
        && let Some(warning) = url.unverified_warning()
    {
        tracing::warn!("{warning}");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let result = runtime.block_on(serve(config, endpoint));
    // Tasks still running (a reconnect loop, a drawing) must not hold the exit.
    runtime.shutdown_timeout(Duration::from_millis(300));
    result
}

/// Where the bot connects. Production ([`run`]) always uses `Discord`;
/// `Sandbox` (a fake Discord on loopback, see tests/support/fake_discord)
/// exists for end-to-end tests, the load test and the crash tests' hidden
/// `sandbox-bot` command (loopback only), never from the config file or the
/// environment.
#[derive(Clone, Debug)]
pub enum Endpoint {
    Discord,
    /// REST at `http_base` (e.g. "http://127.0.0.1:PORT"; the gateway URL comes
    /// from its GET /api/v10/gateway), with `computer_pause` between computer
    /// moves, and the games' dice seeds derived from `dice_seed` when given
    /// (a test's games then throw the same every run).
    Sandbox {
        http_base: String,
        computer_pause: Duration,
        dice_seed: Option<u64>,
    },
}

/// A bot started by [`start`].
pub struct RunningBot {
    shards: Arc<serenity::ShardManager>,
    data: Data,
    task: tokio::task::JoinHandle<Result<(), String>>,
    metrics: Option<std::net::SocketAddr>,
    web: Option<std::net::SocketAddr>,
}

impl RunningBot {
    /// Where `/metrics`, `/healthz` and `/readyz` are served (the port
    /// chosen when the config asked for port 0).
    pub fn metrics_address(&self) -> Option<std::net::SocketAddr> {
        self.metrics
    }

    /// Where the game pages are served (the port chosen when the config
    /// asked for port 0).
    pub fn web_address(&self) -> Option<std::net::SocketAddr> {
        self.web
    }

    /// Stops like on SIGTERM: in-flight clicks finish, the connections
    /// close, and the client is waited for at most [`SHUTDOWN_LIMIT`].
    pub async fn stop(self) -> Result<(), String> {
        let RunningBot { shards, data, task, .. } = self;
        shut_down(&shards, &data).await;
        ended(task).await
    }

    /// Runs until the client stops by itself (an error) or a signal comes.
    async fn until_signal(self, signal: impl std::future::Future<Output = ()>) -> Result<(), String> {
        let RunningBot { shards, data, mut task, .. } = self;
        tokio::select! {
            done = &mut task => return done.map_err(|e| format!("the bot task failed: {e}"))?,
            () = signal => {}
        }
        shut_down(&shards, &data).await;
        ended(task).await
    }
}

/// The client's end, waited for briefly: a client stuck reconnecting to an
/// unreachable Discord is abandoned (the runtime's shutdown drops it).
async fn ended(task: tokio::task::JoinHandle<Result<(), String>>) -> Result<(), String> {
    match tokio::time::timeout(SHUTDOWN_LIMIT.saturating_sub(IN_FLIGHT_WAIT) / 2, task).await {
        Ok(done) => done.map_err(|e| format!("the bot task failed: {e}"))?,
        Err(_) => {
            tracing::info!("the Discord connection did not close in time; leaving it");
            Ok(())
        }
    }
}

async fn serve(config: Config, endpoint: Endpoint) -> Result<(), String> {
    // Listen before connecting, so a stop asked at any moment is heard.
    let signal = stop_signal()?;
    let bot = start(config, endpoint).await?;
    bot.until_signal(signal).await
}

/// Start-up's look at the games, once connected: the open games first (a
/// game whose channel shows a board ahead of it ends: its store went back;
/// a board behind its game catches up), and no game plays on, by its clock
/// or its computers, before that pass is over or [`START_CHECK_LIMIT`] has
/// passed; then the boards of games that closed just before the start.
async fn reconcile(http: Arc<serenity::Http>, data: Data) {
    data.reviews.connect(http.clone());
    crate::discord::live::tournament::runner::spawn(http.clone(), data.clone());
    let mut open = tokio::spawn(instrument::inherit(reconcile_open(http.clone(), data.clone())));
    let waited = tokio::time::timeout(START_CHECK_LIMIT, &mut open).await;
    clock::spawn_ticker(http.clone(), data.clone());
    if waited.is_err() {
        tracing::warn!("the open games' channels are still being read after {START_CHECK_LIMIT:?}; their clock runs");
        let _ = open.await;
    }
    board::reconcile_closed(&http, &data).await;
}

/// Start-up's pass over the open games, a few at a time in the background
/// (clicks are answered meanwhile; a click on a board still behind brings
/// it up to date itself): each server channel's newest messages are read
/// for a board ahead of its stored game, which ends it (`went_back`);
/// otherwise its computers play on at once (a game whose channel cannot be
/// read within [`GAME_CHECK_LIMIT`] too: a click on a newer board still
/// ends it) and its board is brought up to its saved state.
async fn reconcile_open(http: Arc<serenity::Http>, data: Data) {
    let at_once = Arc::new(tokio::sync::Semaphore::new(RECONCILE_AT_ONCE));
    let mut checks = tokio::task::JoinSet::new();
    for game in data.hub.open_games() {
        let (http, data, at_once) = (http.clone(), data.clone(), at_once.clone());
        checks.spawn(instrument::inherit(async move {
            let Ok(_turn) = at_once.acquire().await else { return };
            let checked = tokio::time::timeout(GAME_CHECK_LIMIT, went_back::check_at_start(&http, &data, &game));
            if checked.await == Ok(true) {
                return; // ended: its store went back
            }
            computer::spawn_computer(http.clone(), data.clone(), game.clone());
            board::catch_up_open(&http, &data, &game).await;
        }));
    }
    while checks.join_next().await.is_some() {}
}

/// How many open games start-up looks at at once.
const RECONCILE_AT_ONCE: usize = 8;

/// How long start-up waits for one game's channel to be read before its
/// computers play on anyway.
const GAME_CHECK_LIMIT: Duration = Duration::from_secs(5);

/// How long start-up waits for the open games' channels to be read before
/// their clock and computers run anyway (a click on a board ahead of its
/// game still ends it: `live::went_back`).
const START_CHECK_LIMIT: Duration = Duration::from_secs(20);

/// Connects the bot to `endpoint` and runs it in a task.
pub async fn start(config: Config, endpoint: Endpoint) -> Result<RunningBot, String> {
    let (computer_pause, dice_seed) = match &endpoint {
        Endpoint::Discord => (computer::COMPUTER_PAUSE, None),
        Endpoint::Sandbox { computer_pause, dice_seed, .. } => (*computer_pause, *dice_seed),
    };
    // First of all: an address that cannot be bound is one line, before
    // anything is opened or contacted.
    let listening = config.metrics.map(listener::bind).transpose()?;
    let metrics_address = listening.as_ref().and_then(|l| l.local_addr().ok());
    let pages_listening = config.web.as_ref().map(|w| crate::discord::web::listener::bind(w.listen)).transpose()?;
    let web_address = pages_listening.as_ref().and_then(|l| l.local_addr().ok());
    let store = StoreHandle::open_with_busy_timeout(&config.database, STORE_LOCK_WAIT)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", config.database))?;
    let hub = resume(&config, &store).await?;
    let data = shared_data(&config, store, hub, (computer_pause, dice_seed), listening.is_some());
    if let Some(listening) = listening {
        let hub = data.hub.clone();
        let reports = listener::Reports {
            metrics: data.metrics.clone(),
            gateway: data.gateway.clone(),
            store: data.store.clone(),
            open_games: Arc::new(move || hub.open_by_variant()),
        };
        listener::spawn(listening, reports);
    }
    let framework = framework(data.clone());
    let intents = serenity::GatewayIntents::GUILDS;
    let discord_base = match &endpoint {
        Endpoint::Discord => "https://discord.com".to_string(),
        Endpoint::Sandbox { http_base, .. } => http_base.clone(),
    };
    let http = match endpoint {
        Endpoint::Discord => serenity::Http::new(&config.token),
        Endpoint::Sandbox { http_base, .. } => {
            serenity::HttpBuilder::new(&config.token).proxy(http_base).ratelimiter_disabled(true).build()
        }
    };
    check_token(&http).await?;
    let mut builder = serenity::ClientBuilder::new_with_http(http, intents);
    if data.metrics.is_on() {
        builder = builder.event_handler(RateLimits(data.metrics.clone()));
    }
    let framework = Instrumented { inner: framework, metrics: data.metrics.clone() };
    let mut client =
        builder.framework(framework).await.map_err(|e| format!("cannot create the Discord client: {e}"))?;
    if let Some(pages) = pages_listening {
        // The Activity asks Discord with the bot's own client (its token,
        // its application id) and shows its moves on the channel's board.
        let activity = config.web.as_ref().and_then(|w| w.activity.as_ref());
        let discord = activity.map(|a| {
            Arc::new(crate::discord::web::auth::Discord::new(
                discord_base,
                a.client_secret.clone(),
                client.http.clone(),
            ))
        });
        crate::discord::web::listener::spawn(pages, data.clone(), discord).await?;
    }
    let shards = client.shard_manager.clone();
    data.gateway.attach(shards.clone());
    let shards_wanted = config.shards;
    let gateway = data.gateway.clone();
    let task = tokio::spawn(async move {
        let started = match shards_wanted {
            Shards::Auto => {
                let total = recommended_shards(&client.http).await;
                gateway.want(total);
                client.start_shards(total).await
            }
            // serenity's range is inclusive of its end here.
            Shards::Range { first, last, total } => {
                gateway.want(last - first + 1);
                client.start_shard_range(first..last, total).await
            }
        };
        started.map_err(|e| format!("the Discord connection failed: {e}"))
    });
    Ok(RunningBot { shards, data, task, metrics: metrics_address, web: web_address })
}

/// The unfinished games this process runs (its shards' servers'), read
/// from the store and rebuilt, in a new hub.
async fn resume(config: &Config, store: &StoreHandle) -> Result<Hub, String> {
    let hub = Hub::new();
    let tables = persist::load_all(store).await.map_err(|e| format!("cannot read the unfinished games: {e}"))?;
    // Other processes' shards hold the other servers' games (one database
    // may serve several processes).
    let (tables, others): (Vec<_>, Vec<_>) = tables.into_iter().partition(|r| config.shards.runs(r.table.venue));
    if !others.is_empty() {
        tracing::info!("{} unfinished game(s) belong to other processes' shards", others.len());
    }
    let resumed = tables.len();
    for table in tables {
        if let Err(other) = hub.insert(table) {
            tracing::error!(
                "game {} already holds its channel; another unfinished game there is left alone",
                other.lock().await.table.id
            );
        }
    }
    tracing::info!("resumed {resumed} unfinished game(s)");
    Ok(hub)
}

/// What every handler shares, new.
fn shared_data(
    config: &Config,
    store: StoreHandle,
    hub: Hub,
    (computer_pause, dice_seed): (Duration, Option<u64>),
    metrics_on: bool,
) -> Data {
    Data {
        hub: Arc::new(hub),
        store,
        config: Arc::new(config.clone()),
        stopping: Arc::new(AtomicBool::new(false)),
        computers: Arc::new(Mutex::new(HashSet::new())),
        computer_pause,
        servers: Arc::new(crate::discord::live::servers::Servers::new(config)),
        seeds: Arc::new(persist::Seeds::fixed(dice_seed)),
        metrics: Arc::new(if metrics_on { Metrics::on() } else { Metrics::off() }),
        gateway: Arc::new(Gateway::default()),
        guard: Arc::new(crate::discord::live::guard::Guard::new(config.limits.clone())),
        pages: Arc::new(
            crate::discord::live::page_key::Pages::new(config.web.as_ref().and_then(|w| w.public_url.clone()))
                .with_activity(config.web.as_ref().is_some_and(|w| w.activity.is_some())),
        ),
        aways: Default::default(),
        reviews: Default::default(),
        tournaments: Default::default(),
    }
}

/// The slash commands and the handlers of every other event, with the
/// start-up of a ready connection (commands registered, boards caught up).
fn framework(setup_data: Data) -> poise::Framework<Data, Error> {
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![commands::thaayam()],
            on_error: |error| Box::pin(commands::on_error(error)),
            // Commands answered through poise directly (a deferral, a
            // reply built by hand) count as answered when they return.
            post_command: |_| Box::pin(async { instrument::answered(true) }),
            command_check: Some(|ctx| Box::pin(commands::check_options(ctx))),
            event_handler: |ctx, event, _framework, data| Box::pin(on_event(ctx, event, data)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let app_handles = setup_data.config.web.as_ref().is_some_and(|w| w.activity.is_some());
                register(ctx, framework, setup_data.config.dev_guild, app_handles).await?;
                tracing::info!("logged in as {}", ready.user.name);
                // The ticker (and the computers) start once the open games'
                // channels were read (or after a while): see `board::reconcile`.
                tokio::spawn(instrument::inherit(reconcile(ctx.http.clone(), setup_data.clone())));
                ratelimits::spawn_pruner(ctx.http.clone());
                Ok(setup_data)
            })
        })
        .build()
}

/// The shard count Discord recommends (serenity's `start_autosharded`,
/// except that an unreachable Discord is asked again, with growing pauses,
/// instead of ending the bot: the connection itself is retried likewise).
async fn recommended_shards(http: &serenity::Http) -> u32 {
    let mut pause = Duration::from_secs(1);
    loop {
        match http.get_bot_gateway().await {
            Ok(gateway) => return gateway.shards.max(1),
            Err(e) => tracing::warn!("cannot ask Discord how many shards to run ({e}); asking again in {pause:?}"),
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(60));
    }
}

async fn register(
    ctx: &serenity::Context,
    framework: &poise::Framework<Data, Error>,
    guild: Option<u64>,
    app_handles: bool,
) -> Result<(), Error> {
    let commands = &framework.options().commands;
    match guild {
        Some(g) => poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(g)).await?,
        None => {
            // An app with Activities has an Entry Point command Discord
            // made; a bulk overwrite without it is refused whole (error
            // 50240), so it is sent back, handled by the bot (`handler`
            // 1, APP_HANDLER: `live/entry.rs`) when its Activity is on.
            let ours = poise::builtins::create_application_commands(commands);
            let mut list = serde_json::to_value(&ours)?.as_array().cloned().unwrap_or_default();
            let existing = serde_json::to_value(ctx.http.get_global_commands().await?)?;
            list.extend(entry_points(&existing, app_handles));
            ctx.http.create_global_commands(&list).await?;
        }
    }
    Ok(())
}

/// The Entry Point commands (type 4) of a list of registered commands, as
/// a bulk overwrite must send them to keep them: with their id, name,
/// handler and where they may be used; with `app_handles`, handled by the
/// app (`handler` 1, APP_HANDLER, the spec's `ApplicationCommandHandler`;
/// Discord's own launch is 2, DISCORD_LAUNCH_ACTIVITY).
fn entry_points(registered: &serde_json::Value, app_handles: bool) -> Vec<serde_json::Value> {
    const KEPT: [&str; 8] =
        ["id", "type", "name", "description", "handler", "integration_types", "contexts", "name_localizations"];
    let commands = registered.as_array().map(Vec::as_slice).unwrap_or_default();
    let entry = commands.iter().filter(|c| c["type"] == 4);
    entry
        .map(|c| {
            let fields =
                KEPT.iter().filter_map(|k| c.get(*k).filter(|v| !v.is_null()).map(|v| (k.to_string(), v.clone())));
            let mut kept: serde_json::Map<String, serde_json::Value> = fields.collect();
            if app_handles {
                kept.insert("handler".into(), serde_json::Value::from(1));
            }
            serde_json::Value::Object(kept)
        })
        .collect()
}

async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent, data: &Data) -> Result<(), Error> {
    // The app's Entry Point command (poise knows no command of its name,
    // and leaves it unanswered).
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Command(command) } = event
        && entry::is_entry_point(command)
        && !data.stopping.load(Ordering::Relaxed)
    {
        let guild = command.guild_id.map_or(0, |g| g.get());
        let span = tracing::info_span!("entry point", guild);
        tracing::Instrument::instrument(entry::on_entry_point(ctx, data, command), span).await;
    }
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } = event {
        if data.stopping.load(Ordering::Relaxed) {
            return Ok(());
        }
        // Every log line of the click names its server and (once the
        // custom_id is read) its game.
        let guild = click.guild_id.map_or(0, |g| g.get());
        let span = tracing::info_span!("click", guild, game = tracing::field::Empty);
        tracing::Instrument::instrument(clicks::on_click(ctx, data, click), span).await;
    }
    Ok(())
}

/// Asks Discord who the bot is: a refused token (401) is an error at once,
/// instead of a connection retried forever. An unreachable Discord is only
/// logged; the client keeps trying (and a signal still stops it).
async fn check_token(http: &serenity::Http) -> Result<(), String> {
    match http.get_current_user().await {
        Ok(_) => Ok(()),
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) if r.status_code.as_u16() == 401 => {
            Err("Discord refused the bot token (401 Unauthorized): check DISCORD_TOKEN or `token` in the config".into())
        }
        Err(e) => {
            tracing::warn!("could not reach Discord to check the token ({e}); connecting anyway");
            Ok(())
        }
    }
}

/// Refuses new clicks, lets in-flight ones finish (at most
/// [`IN_FLIGHT_WAIT`]), then closes the gateway connections.
async fn shut_down(shards: &serenity::ShardManager, data: &Data) {
    tracing::info!("shutting down");
    data.stopping.store(true, Ordering::Relaxed);
    let started = std::time::Instant::now();
    while data.hub.busy().await && started.elapsed() < IN_FLIGHT_WAIT {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let close = SHUTDOWN_LIMIT.saturating_sub(IN_FLIGHT_WAIT) / 2;
    if tokio::time::timeout(close, shards.shutdown_all()).await.is_err() {
        tracing::info!("the gateway connections did not close in time");
    }
}

/// A future that completes on SIGINT (Ctrl-C) or SIGTERM; the handlers are
/// installed now, when it is made.
#[cfg(unix)]
fn stop_signal() -> Result<impl std::future::Future<Output = ()>, String> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut term = signal(SignalKind::terminate()).map_err(|e| format!("cannot listen for SIGTERM: {e}"))?;
    let mut int = signal(SignalKind::interrupt()).map_err(|e| format!("cannot listen for SIGINT: {e}"))?;
    Ok(async move {
        tokio::select! {
            _ = term.recv() => {}
            _ = int.recv() => {}
        }
    })
}

#[cfg(not(unix))]
fn stop_signal() -> Result<impl std::future::Future<Output = ()>, String> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

#[cfg(test)]
mod tests {
    use super::entry_points;
    use serde_json::json;

    #[test]
    fn a_bulk_overwrite_keeps_the_entry_point_command_and_nothing_else_of_the_old_list() {
        let registered = json!([
            {"id": "1", "type": 1, "name": "thaayam", "description": "old", "version": "5"},
            {"id": "2", "type": 4, "name": "launch", "description": "", "handler": 2, "version": "6",
             "application_id": "9", "integration_types": [0, 1], "contexts": [0, 1, 2], "name_localizations": null}
        ]);
        let kept = json!({"id": "2", "type": 4, "name": "launch", "description": "", "handler": 2,
            "integration_types": [0, 1], "contexts": [0, 1, 2]});
        assert_eq!(entry_points(&registered, false), std::slice::from_ref(&kept));
        assert!(entry_points(&json!([]), false).is_empty() && entry_points(&json!({"message": "?"}), true).is_empty());
        // With the bot's Activity on, the bot handles it (APP_HANDLER).
        let mut handled = kept;
        handled["handler"] = json!(1);
        assert_eq!(entry_points(&registered, true), [handled]);
    }
}
