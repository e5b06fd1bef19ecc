//! Self-test of the fake Discord (tests/support/fake_discord): a tiny poise
//! bot defined here, pointed at the fake through serenity's HTTP proxy
//! setting, proves slash → reply → click → update works end to end, and that
//! payloads Discord would reject are caught as violations.

use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, Opt};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

type Error = Box<dyn std::error::Error + Send + Sync>;
type Ctx<'a> = poise::Context<'a, (), Error>;

const CHANNEL: u64 = 1_300_000_000_000_000_001;
const WAIT: Duration = Duration::from_secs(10);

/// A 1×1 PNG (signature + IHDR is all the fake inspects).
fn tiny_png() -> Vec<u8> {
    let mut png = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', 0, 0, 0, 13];
    png.extend_from_slice(b"IHDR");
    png.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    png
}

fn button_row(id: &str, label: &str) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![serenity::CreateButton::new(id).label(label)])
}

/// The test bot's only command.
#[poise::command(slash_command, subcommands("ping", "menu"))]
async fn thaayam(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Replies with a Press button.
#[poise::command(slash_command)]
async fn ping(ctx: Ctx<'_>) -> Result<(), Error> {
    let buttons = [("press:1", "Press"), ("twice", "Twice"), ("late", "Late"), ("fakepng", "Fake PNG")]
        .map(|(id, label)| serenity::CreateButton::new(id).label(label));
    let reply = poise::CreateReply::default()
        .content("pong")
        .components(vec![serenity::CreateActionRow::Buttons(buttons.to_vec())]);
    ctx.send(reply).await?;
    Ok(())
}

/// Replies with a select menu of `n` options.
#[poise::command(slash_command)]
async fn menu(ctx: Ctx<'_>, #[description = "how many options"] n: i64) -> Result<(), Error> {
    let options = (0..n).map(|i| serenity::CreateSelectMenuOption::new(format!("option {i}"), i.to_string())).collect();
    let kind = serenity::CreateSelectMenuKind::String { options };
    let select = serenity::CreateSelectMenu::new("menu", kind);
    let reply =
        poise::CreateReply::default().content("choose").components(vec![serenity::CreateActionRow::SelectMenu(select)]);
    ctx.send(reply).await?;
    Ok(())
}

/// Button clicks: `press:N` updates the message (with a PNG); `twice`
/// answers twice; `late` answers after 3.2 s; `fakepng` attaches a non-PNG.
async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent) -> Result<(), Error> {
    let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } = event else {
        return Ok(());
    };
    let id = click.data.custom_id.as_str();
    let update = |content: String, next: Option<&str>| {
        let mut msg = serenity::CreateInteractionResponseMessage::new().content(content);
        if let Some(next) = next {
            msg = msg.components(vec![button_row(next, "Press")]);
        }
        serenity::CreateInteractionResponse::UpdateMessage(msg)
    };
    if let Some(n) = id.strip_prefix("press:").and_then(|n| n.parse::<u32>().ok()) {
        let next = format!("press:{}", n + 1);
        let file = serenity::CreateAttachment::bytes(tiny_png(), "board.png");
        let msg = serenity::CreateInteractionResponseMessage::new()
            .content(format!("pressed {n} by {}", click.user.name))
            .components(vec![button_row(&next, "Press")])
            .add_file(file);
        click.create_response(&ctx.http, serenity::CreateInteractionResponse::UpdateMessage(msg)).await?;
    } else if id == "twice" {
        click.create_response(&ctx.http, update("once".into(), None)).await?;
        let _ = click.create_response(&ctx.http, update("twice".into(), None)).await;
    } else if id == "late" {
        tokio::time::sleep(Duration::from_millis(3200)).await;
        let _ = click.create_response(&ctx.http, update("late".into(), None)).await;
    } else if id == "fakepng" {
        let file = serenity::CreateAttachment::bytes(b"GIF89a not a png".to_vec(), "board.png");
        let msg = serenity::CreateInteractionResponseMessage::new().content("image").add_file(file);
        let _ = click.create_response(&ctx.http, serenity::CreateInteractionResponse::UpdateMessage(msg)).await;
    } else if id == "menu" {
        let values = match &click.data.kind {
            serenity::ComponentInteractionDataKind::StringSelect { values } => values.join(","),
            _ => String::new(),
        };
        click.create_response(&ctx.http, update(format!("chose {values}"), None)).await?;
    }
    Ok(())
}

/// A running test bot and the handle that stops it.
struct Bot {
    shards: Arc<serenity::ShardManager>,
    task: tokio::task::JoinHandle<()>,
}

impl Bot {
    async fn stop(self) {
        self.shards.shutdown_all().await;
        let _ = self.task.await;
    }
}

async fn start_bot(fake: &FakeDiscord) -> Bot {
    let http = serenity::HttpBuilder::new("fake-token").proxy(fake.http_base()).ratelimiter_disabled(true).build();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![thaayam()],
            event_handler: |ctx, event, _framework, _data| Box::pin(on_event(ctx, event)),
            on_error: |error| Box::pin(async move { eprintln!("test bot error: {error:?}") }),
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                let guild = serenity::GuildId::new(GUILD_ID);
                poise::builtins::register_in_guild(ctx, &framework.options().commands, guild).await?;
                Ok(())
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .expect("client");
    let shards = client.shard_manager.clone();
    let task = tokio::spawn(async move {
        if let Err(e) = client.start().await {
            eprintln!("test bot stopped: {e}");
        }
    });
    fake.wait_ready(WAIT).await;
    Bot { shards, task }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_reply_click_update() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let alice = FakeUser::new(1, "alice");

    let slash = fake.send_slash(&alice, CHANNEL, "thaayam", "ping", vec![]).await;
    let answer = fake.wait_response(slash, WAIT).await;
    assert_eq!(answer.kind, 4, "a slash command is answered with a reply");
    let reply = fake.response_message(slash).expect("the reply is stored");
    assert_eq!(reply.content(), "pong");
    assert_eq!(reply.channel_id, CHANNEL);

    let click = fake.click(&alice, CHANNEL, reply.id, "press:1").await;
    let answer = fake.wait_response(click, WAIT).await;
    assert_eq!(answer.kind, 7, "the click updates the message in place");
    let updated = fake.message(reply.id).expect("still there");
    assert_eq!(updated.content(), "pressed 1 by alice");
    assert_eq!(updated.version, 1);
    assert_eq!(updated.button("Press").as_deref(), Some("press:2"));
    assert_eq!(updated.files.len(), 1);
    assert_eq!(updated.json["attachments"][0]["width"], 1);

    // The old custom_id is gone from the message: a real client cannot click it.
    assert!(fake.try_click(&alice, CHANNEL, reply.id, "press:1").await.is_err());
    let second = fake.click(&alice, CHANNEL, reply.id, "press:2").await;
    fake.wait_response(second, WAIT).await;
    let updated = fake.message(reply.id).expect("still there");
    assert_eq!(updated.content(), "pressed 2 by alice");
    assert_eq!(updated.files.len(), 1, "UpdateMessage replaces the attachment, it does not pile up");

    let sel = fake.send_slash(&alice, CHANNEL, "thaayam", "menu", vec![Opt::int("n", 3)]).await;
    fake.wait_response(sel, WAIT).await;
    let menu = fake.response_message(sel).expect("menu");
    let choice = fake.select(&alice, CHANNEL, menu.id, "menu", &["2"]).await;
    fake.wait_response(choice, WAIT).await;
    assert_eq!(fake.message(menu.id).expect("menu").content(), "chose 2");

    let beats = fake.wait_until(WAIT, |i| (i.heartbeats >= 1).then_some(i.heartbeats)).await;
    assert!(beats.is_some(), "the bot heartbeats and is ACKed");
    fake.assert_no_violations();
    bot.stop().await;
    assert!(fake.wait_disconnected(WAIT).await, "the bot closed its gateway connection");
    assert_eq!(fake.gateway_counts().0, 1, "one IDENTIFY");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn violations_are_detected() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let bob = FakeUser::new(2, "bob");

    let too_many = fake.send_slash(&bob, CHANNEL, "thaayam", "menu", vec![Opt::int("n", 26)]).await;
    let found = fake.wait_until(WAIT, |i| i.violations.iter().find(|v| v.contains("26 options")).cloned()).await;
    assert!(found.is_some(), "26 select options are caught: {:?}", fake.violations());
    assert!(fake.interaction(too_many).expect("sent").response.is_none(), "Discord refused the reply");

    let slash = fake.send_slash(&bob, CHANNEL, "thaayam", "ping", vec![]).await;
    fake.wait_response(slash, WAIT).await;
    let reply = fake.response_message(slash).expect("reply").id;
    for (custom_id, expected) in [("twice", "40060"), ("late", "> 3 s"), ("fakepng", "PNG signature")] {
        let n = fake.violations().len();
        fake.click(&bob, CHANNEL, reply, custom_id).await;
        let found = fake.wait_until(WAIT, |i| i.violations[n..].iter().find(|v| v.contains(expected)).cloned()).await;
        assert!(found.is_some(), "{custom_id}: expected a violation containing {expected:?}: {:?}", fake.violations());
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unregistered_commands_and_missing_buttons_are_refused() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    let carol = FakeUser::new(3, "carol");
    let slash = fake.send_slash(&carol, CHANNEL, "thaayam", "ping", vec![]).await;
    fake.wait_response(slash, WAIT).await;
    let reply = fake.response_message(slash).expect("reply").id;
    assert!(fake.try_click(&carol, CHANNEL, reply, "no-such-button").await.is_err());
    assert!(fake.try_click(&carol, CHANNEL + 1, reply, "press:1").await.is_err(), "wrong channel");
    let bad_option =
        std::panic::AssertUnwindSafe(fake.send_slash(&carol, CHANNEL, "thaayam", "ping", vec![Opt::int("n", 1)]));
    let refused = futures_util::FutureExt::catch_unwind(bad_option).await;
    assert!(refused.is_err(), "an undeclared option cannot be sent");
    fake.assert_no_violations();
    bot.stop().await;
}
