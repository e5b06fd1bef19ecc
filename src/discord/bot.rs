//! Starting the bot: logging, the poise framework with its commands, the
//! event handler that routes button and select clicks by their
//! `custom_id` (restart-safe: no collectors), the timeout ticker, and a
//! graceful shutdown on SIGINT/SIGTERM.

use super::config::Config;
use super::hub::Hub;
use super::{commands, interact, timeouts};
use poise::serenity_prelude as serenity;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The error type of commands and handlers.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context of our commands.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every handler shares (cheap to clone into spawned tasks).
#[derive(Clone)]
pub struct Data {
    pub hub: Arc<Hub>,
    pub config: Arc<Config>,
    pub stopping: Arc<AtomicBool>,
    /// Games whose computer seats are being played by a task right now.
    pub computers: Arc<Mutex<HashSet<i64>>>,
}

/// Runs the bot until SIGINT/SIGTERM. Errors are one line.
pub fn run(config: Config) -> Result<(), String> {
    init_logging(&config.log_level);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve(config))
}

fn init_logging(level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(format!("warn,thaayam={level}")));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}

async fn serve(config: Config) -> Result<(), String> {
    let data = Data {
        hub: Arc::new(Hub::new()),
        config: Arc::new(config.clone()),
        stopping: Arc::new(AtomicBool::new(false)),
        computers: Arc::new(Mutex::new(HashSet::new())),
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
                timeouts::spawn_ticker(ctx.http.clone(), setup_data.clone());
                Ok(setup_data)
            })
        })
        .build();
    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new(&config.token, intents)
        .framework(framework)
        .await
        .map_err(|e| format!("cannot create the Discord client: {e}"))?;
    spawn_shutdown(client.shard_manager.clone(), data);
    client.start().await.map_err(|e| format!("the Discord connection failed: {e}"))
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
        interact::on_click(ctx, data, click).await;
    }
    Ok(())
}

/// On SIGINT or SIGTERM: refuse new clicks, let in-flight ones finish
/// (at most 10 s), then close the gateway connections.
fn spawn_shutdown(shards: Arc<serenity::ShardManager>, data: Data) {
    tokio::spawn(async move {
        wait_for_signal().await;
        tracing::info!("shutting down");
        data.stopping.store(true, Ordering::Relaxed);
        for _ in 0..100 {
            if !data.hub.busy().await {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        shards.shutdown_all().await;
    });
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
