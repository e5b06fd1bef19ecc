//! Starting the bot: logging, the poise framework with its commands, the
//! event handler that routes button and select clicks by their
//! `custom_id` (restart-safe: no collectors), the boards brought up to
//! their saved games, the timeout ticker, and a graceful shutdown on
//! SIGINT/SIGTERM.

use super::config::Config;
use super::live::hub::Hub;
use super::live::{board, clicks, clock, computer, persist};
use super::{Data, Error, commands};
use crate::store::StoreHandle;
use poise::serenity_prelude as serenity;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a save waits for a database locked by another process before
/// the player is told to try again (well inside Discord's 3 s).
pub(crate) const STORE_LOCK_WAIT: Duration = Duration::from_millis(1500);

/// Runs the bot on Discord until SIGINT/SIGTERM. Errors are one line.
pub fn run(config: Config) -> Result<(), String> {
    run_at(config, Endpoint::Discord)
}

/// [`run`] at another endpoint: only the hidden `sandbox-bot` command
/// (crash tests) passes a sandbox.
pub(crate) fn run_at(config: Config, endpoint: Endpoint) -> Result<(), String> {
    init_logging(&config.log_level);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve(config, endpoint))
}

fn init_logging(level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(format!("warn,thaayam={level}")));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
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
    /// from its GET /api/v10/gateway), with `computer_pause` between computer moves.
    Sandbox {
        http_base: String,
        computer_pause: Duration,
    },
}

/// A bot started by [`start`].
pub struct RunningBot {
    shards: Arc<serenity::ShardManager>,
    data: Data,
    task: tokio::task::JoinHandle<Result<(), String>>,
}

impl RunningBot {
    /// Stops like on SIGTERM (in-flight clicks finish) and waits for the end.
    pub async fn stop(self) -> Result<(), String> {
        shut_down(&self.shards, &self.data).await;
        self.wait().await
    }

    /// Waits until the client stops.
    pub(crate) async fn wait(self) -> Result<(), String> {
        self.task.await.map_err(|e| format!("the bot task failed: {e}"))?
    }
}

async fn serve(config: Config, endpoint: Endpoint) -> Result<(), String> {
    let bot = start(config, endpoint).await?;
    spawn_shutdown(bot.shards.clone(), bot.data.clone());
    bot.wait().await
}

/// Connects the bot to `endpoint` and runs it in a task.
pub async fn start(config: Config, endpoint: Endpoint) -> Result<RunningBot, String> {
    let computer_pause = match &endpoint {
        Endpoint::Discord => computer::COMPUTER_PAUSE,
        Endpoint::Sandbox { computer_pause, .. } => *computer_pause,
    };
    let store = StoreHandle::open_with_busy_timeout(&config.database, STORE_LOCK_WAIT)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", config.database.display()))?;
    let hub = Hub::new();
    let tables = persist::load_all(&store).await.map_err(|e| format!("cannot read the unfinished games: {e}"))?;
    let resumed = tables.len();
    for table in tables {
        if let Err(other) = hub.insert(table) {
            tracing::error!(
                "game {} already holds its channel; another unfinished game there is left alone",
                other.lock().await.id
            );
        }
    }
    tracing::info!("resumed {resumed} unfinished game(s)");
    let data = Data {
        hub: Arc::new(hub),
        store,
        config: Arc::new(config.clone()),
        stopping: Arc::new(AtomicBool::new(false)),
        computers: Arc::new(Mutex::new(HashSet::new())),
        computer_pause,
    };
    let setup_data = data.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![commands::thaayam()],
            on_error: |error| Box::pin(commands::on_error(error)),
            event_handler: |ctx, event, _framework, data| Box::pin(on_event(ctx, event, data)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                register(ctx, framework, setup_data.config.dev_guild).await?;
                tracing::info!("logged in as {}", ready.user.name);
                tokio::spawn(board::reconcile(ctx.http.clone(), setup_data.clone()));
                clock::spawn_ticker(ctx.http.clone(), setup_data.clone());
                Ok(setup_data)
            })
        })
        .build();
    let intents = serenity::GatewayIntents::GUILDS;
    let builder = match endpoint {
        Endpoint::Discord => serenity::ClientBuilder::new(&config.token, intents),
        Endpoint::Sandbox { http_base, .. } => {
            let http = serenity::HttpBuilder::new(&config.token).proxy(http_base).ratelimiter_disabled(true).build();
            serenity::ClientBuilder::new_with_http(http, intents)
        }
    };
    let mut client =
        builder.framework(framework).await.map_err(|e| format!("cannot create the Discord client: {e}"))?;
    let shards = client.shard_manager.clone();
    let task =
        tokio::spawn(async move { client.start().await.map_err(|e| format!("the Discord connection failed: {e}")) });
    Ok(RunningBot { shards, data, task })
}

async fn register(
    ctx: &serenity::Context,
    framework: &poise::Framework<Data, Error>,
    guild: Option<u64>,
) -> Result<(), Error> {
    let commands = &framework.options().commands;
    match guild {
        Some(g) => poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(g)).await?,
        None => poise::builtins::register_globally(ctx, commands).await?,
    }
    Ok(())
}

async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent, data: &Data) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } = event {
        if data.stopping.load(Ordering::Relaxed) {
            return Ok(());
        }
        clicks::on_click(ctx, data, click).await;
    }
    Ok(())
}

/// On SIGINT or SIGTERM: refuse new clicks, let in-flight ones finish
/// (at most 10 s), then close the gateway connections.
fn spawn_shutdown(shards: Arc<serenity::ShardManager>, data: Data) {
    tokio::spawn(async move {
        wait_for_signal().await;
        shut_down(&shards, &data).await;
    });
}

async fn shut_down(shards: &serenity::ShardManager, data: &Data) {
    tracing::info!("shutting down");
    data.stopping.store(true, Ordering::Relaxed);
    for _ in 0..100 {
        if !data.hub.busy().await {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    shards.shutdown_all().await;
}

#[cfg(unix)]
async fn wait_for_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    let Ok(mut term) = signal(SignalKind::terminate()) else {
        let _ = tokio::signal::ctrl_c().await;
        return;
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
}

#[cfg(not(unix))]
async fn wait_for_signal() {
    let _ = tokio::signal::ctrl_c().await;
}
