//! A tournament's sign-up message, from the store: posted when
//! `/thaayam tournament new` sets one up ([`open`]), changed by its own
//! buttons ([`on_click`]: Join, Leave, Check in, each saved, then the
//! sign-up updated in place as the click's answer) and redrawn after
//! anything else that changes it ([`redraw`]). What it shows is decided
//! from the store's state and the time: its entrants, Join / Leave, and
//! the check-in button once check-in opened
//! (`game::tournament::clock::CHECK_IN_SECS` before the start while the
//! tournament is in `signup`); once it runs it keeps Join / Leave only
//! while latecomers may still join; once it ends or is cancelled it says
//! so and keeps no button. The runner calls [`redraw`] when the clock
//! opens check-in and when the tournament starts, is cancelled or ends.
//!
//! A click is checked against the stored tournament: a button of another
//! server, channel or message (forged, or a stale copy) is refused
//! privately and changes nothing.

use super::board::respond;
use super::data::Data;
use super::ids;
use super::lang::server_lang;
use super::outgoing;
use super::persist::SAVE_DEADLINE;
use super::unix_now;
use crate::discord::game::ids::{ChannelId, MessageId, UserId, Venue};
use crate::discord::game::signup::{self, Entrant, Format, Outcome, Phase, Setup, SignupNow};
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::{Outcome as Counted, Route};
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::Message;
use crate::discord::view::presenter;
use crate::discord::view::signup::{Shown, SignupId, refusal_text, signup_message};
use crate::engine::{Ruleset, Variant};
use crate::store::{NewTournament, SavedEntrant, SavedTournament, Store, StoreError};
use poise::serenity_prelude::{self as serenity, ComponentInteraction, CreateInteractionResponse, Http};

/// A tournament as its sign-up needs it: the stored row, its entrants and
/// the round paired last (0: none).
#[derive(Clone, Debug)]
pub(crate) struct Read {
    pub(crate) saved: SavedTournament,
    pub(crate) entrants: Vec<SavedEntrant>,
    pub(crate) round: u32,
}

impl Read {
    /// Where it stands at `now`.
    pub(crate) fn phase(&self, now: i64) -> Phase {
        Phase::of(&self.saved.state, self.saved.setup.starts_at, self.round, now)
    }

    /// Its entrants as the sign-up sees them.
    pub(crate) fn entrants(&self) -> Vec<Entrant> {
        self.entrants.iter().map(entrant_of).collect()
    }

    /// Its entrants still in.
    pub(crate) fn still_in(&self) -> usize {
        self.entrants.iter().filter(|e| e.withdrawn_at.is_none()).count()
    }

    /// A link to its sign-up message, if it has one.
    pub(crate) fn link(&self) -> Option<String> {
        let t = &self.saved.setup;
        let message = self.saved.signup_message?;
        Some(ids::link(Venue::from_guild(t.guild), ChannelId(t.channel), MessageId(message)))
    }

    /// Its setup, as the sign-up states it.
    pub(crate) fn setup(&self) -> Setup {
        let t = &self.saved.setup;
        Setup {
            name: t.name.clone(),
            format: Format::from_code(&t.format),
            table_size: t.table_size,
            rounds: t.rounds,
            round_secs: t.round_secs,
            turn_secs: t.turn_timeout_secs,
            starts_at: t.starts_at,
            late_join_rounds: t.late_join_rounds,
            streak_bonus: t.streak_bonus,
        }
    }

    /// The sign-up message at `now`, in `lang`, linking its `page`.
    pub(crate) fn message(&self, lang: Lang, now: i64, page: Option<String>) -> Message {
        let setup = self.setup();
        let entrants = self.entrants();
        let rules = match serde_json::from_str::<Ruleset>(&self.saved.setup.ruleset) {
            Ok(ruleset) => ruleset.to_string(),
            Err(_) => self.saved.setup.variant.clone(),
        };
        let phase = self.phase(now);
        let shown = Shown { id: self.saved.id, setup: &setup, rules, phase, entrants: &entrants, page };
        signup_message(lang, &shown)
    }
}

/// The address of tournament `t`'s page, where the bot serves and links
/// pages and its server did not switch them off.
pub(crate) async fn page_of(data: &Data, t: &SavedTournament) -> Option<String> {
    let server = data.servers.get(&data.store, Venue::from_guild(t.setup.guild)).await;
    server.pages_on.then(|| data.pages.tournament_link(t.id)).flatten()
}

fn entrant_of(e: &SavedEntrant) -> Entrant {
    Entrant { user: UserId(e.user), checked_in: e.checked_in, withdrawn: e.withdrawn_at.is_some() }
}

/// Reads tournament `id` for its sign-up, in one store call.
pub(crate) fn read_sync(s: &Store, id: i64) -> Result<Option<Read>, StoreError> {
    let Some(saved) = s.tournament(id)? else { return Ok(None) };
    let entrants = s.tournament_entrants(id)?;
    let round = s.tournament_rounds(id)?.last().map_or(0, |r| r.round);
    Ok(Some(Read { saved, entrants, round }))
}

/// A server's latest tournaments (newest first, at most `limit`), read
/// for their sign-ups.
pub(crate) async fn latest(data: &Data, guild: u64, limit: u32) -> Result<Vec<Read>, StoreError> {
    data.store
        .call_within(SAVE_DEADLINE, move |s| {
            let mut out = Vec::new();
            for t in s.guild_tournaments(guild, limit)? {
                out.extend(read_sync(s, t.id)?);
            }
            Ok(out)
        })
        .await
}

/// Redraws tournament `tournament`'s sign-up message as the store and the
/// time say (idempotent: the same edit twice shows the same message).
pub(crate) async fn redraw(http: &Http, data: &Data, tournament: i64) -> Result<(), String> {
    let read = data.store.call(move |s| read_sync(s, tournament)).await;
    let read = read.map_err(|e| format!("could not read tournament {tournament}: {e}"))?;
    let read = read.ok_or_else(|| format!("no tournament {tournament}"))?;
    let Some(message) = read.saved.signup_message else { return Ok(()) };
    let lang = server_lang(data, Venue::from_guild(read.saved.setup.guild), None).await;
    let msg = read.message(lang, unix_now(), page_of(data, &read.saved).await);
    let channel = ids::channel(ChannelId(read.saved.setup.channel));
    let edited = channel.edit_message(http, ids::message(MessageId(message)), outgoing::edit(&msg, None)).await;
    instrument::request(Route::EditMessage, &edited);
    edited.map(|_| ()).map_err(|e| format!("could not edit the sign-up of tournament {tournament}: {e}"))
}

/// What [`open`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Opened {
    /// Saved and posted: its number and a link to the sign-up.
    Posted {
        id: i64,
        link: String,
    },
    /// Discord refused the sign-up: the tournament was cancelled at once.
    NotPosted,
    StoreFailed,
}

/// Saves a new tournament, posts its sign-up in its channel (in `lang`)
/// and notes the message. A sign-up Discord refuses leaves no tournament
/// open (it is cancelled at once).
pub(crate) async fn open(http: &Http, data: &Data, new: NewTournament, lang: Lang) -> Opened {
    let channel = ChannelId(new.channel);
    let venue = Venue::from_guild(new.guild);
    let created = data
        .store
        .call_within(SAVE_DEADLINE, move |s| {
            let id = s.create_tournament(&new)?;
            read_sync(s, id)
        })
        .await;
    let read = match created {
        Ok(Some(read)) => read,
        Ok(None) | Err(_) => {
            if let Err(e) = created {
                tracing::warn!("could not save a new tournament: {e}");
            }
            return Opened::StoreFailed;
        }
    };
    let id = read.saved.id;
    let msg = read.message(lang, unix_now(), page_of(data, &read.saved).await);
    let sent = ids::channel(channel).send_message(http, outgoing::create(&msg, None)).await;
    instrument::request(Route::CreateMessage, &sent);
    let posted = match sent {
        Ok(posted) => posted,
        Err(e) => {
            tracing::warn!("could not post the sign-up of tournament {id}: {e:?}; cancelling it");
            let at = unix_now();
            let cancelled = data.store.call(move |s| s.set_tournament_state(id, "signup", "cancelled", at)).await;
            if let Err(e) = cancelled {
                tracing::warn!("could not cancel tournament {id}: {e}");
            }
            return Opened::NotPosted;
        }
    };
    let message = posted.id.get();
    let noted = data.store.call(move |s| s.set_tournament_messages(id, Some(message), None)).await;
    if let Err(e) = noted {
        // The sign-up stands, but its clicks are refused until it is noted.
        tracing::warn!("could not note the sign-up of tournament {id}: {e}");
        return Opened::StoreFailed;
    }
    Opened::Posted { id, link: ids::link(venue, channel, MessageId(message)) }
}

/// A sign-up act saved at `now` (a joiner with her rating in the server
/// for the tournament's rules); the tournament as it then stands.
fn save_sync(
    s: &mut Store,
    t: &SavedTournament,
    user: u64,
    outcome: Outcome,
    now: i64,
) -> Result<Option<Read>, StoreError> {
    let id = t.id;
    match outcome {
        Outcome::Join { check_in } => {
            let variant = t.setup.variant.parse::<Variant>().ok();
            let rating = s.player_stats(t.setup.guild, user)?.into_iter().find(|r| Some(r.variant) == variant);
            let rating = rating.map_or(0, |r| (r.ordinal() * 100.0).round() as i64);
            s.join_tournament(id, user, rating, now)?;
            if check_in {
                s.check_in(id, user)?;
            }
        }
        Outcome::Leave | Outcome::Withdraw => {
            s.leave_tournament(id, user, now)?;
        }
        Outcome::CheckIn => {
            s.check_in(id, user)?;
        }
    }
    read_sync(s, id)
}

/// Why a sign-up act changed nothing.
#[derive(Debug)]
pub(crate) enum Unchanged {
    /// The sign-up's rules refuse it.
    Refused(signup::Refusal),
    /// The store failed.
    Store(StoreError),
}

/// What `act` by `user` does to tournament `read` at `now`, saved; the
/// tournament as it then stands, or why nothing changed.
pub(crate) async fn act(
    data: &Data,
    read: &Read,
    user: u64,
    act: signup::Act,
    now: i64,
) -> Result<(Outcome, Read), Unchanged> {
    let t = SignupNow {
        phase: read.phase(now),
        format: Format::from_code(&read.saved.setup.format),
        late_join_rounds: read.saved.setup.late_join_rounds,
        entrant: read.entrants.iter().find(|e| e.user == user).map(entrant_of),
        entrants_in: read.still_in(),
    };
    let outcome = signup::decide(act, &t).map_err(Unchanged::Refused)?;
    let saved = read.saved.clone();
    let after = data.store.call_within(SAVE_DEADLINE, move |s| save_sync(s, &saved, user, outcome, now)).await;
    match after {
        Ok(Some(after)) => Ok((outcome, after)),
        Ok(None) => Err(Unchanged::Store(StoreError::Corrupt { game: None, what: "a tournament vanished".into() })),
        Err(e) => Err(Unchanged::Store(e)),
    }
}

/// Whether a click comes from the tournament's own sign-up message, in its
/// channel and server.
fn from_own_signup(t: &SavedTournament, click: &ComponentInteraction) -> bool {
    click.guild_id.map(|g| g.get()) == Some(t.setup.guild)
        && click.channel_id.get() == t.setup.channel
        && t.signup_message == Some(click.message.id.get())
}

/// A click on a sign-up button: checked, saved, and answered within
/// Discord's 3 s by the sign-up updated in place (or a private refusal).
pub(crate) async fn on_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    id: SignupId,
    mine: Lang,
) {
    let tournament = id.tournament;
    let read = data.store.call_within(SAVE_DEADLINE, move |s| read_sync(s, tournament)).await;
    let read = match read {
        Ok(Some(read)) if from_own_signup(&read.saved, click) => read,
        Ok(_) => {
            if let Some(kept_back) = data.guard.forged.allow() {
                tracing::warn!(
                    "a sign-up click naming tournament {tournament} from channel {} is not from its sign-up; refused ({kept_back} more)",
                    click.channel_id
                );
            }
            return refuse(ctx, click, &tr!(mine, "signup-not-here")).await;
        }
        Err(e) => {
            tracing::warn!("could not read tournament {tournament} for a click: {e}");
            return refuse(ctx, click, &tr!(mine, "tournament-store-failed")).await;
        }
    };
    let now = unix_now();
    let after = match act(data, &read, click.user.id.get(), id.act, now).await {
        Ok((_, after)) => after,
        Err(Unchanged::Refused(refusal)) => return refuse(ctx, click, &refusal_text(mine, refusal)).await,
        Err(Unchanged::Store(e)) => {
            tracing::warn!("could not save a sign-up click of tournament {tournament}: {e}");
            return refuse(ctx, click, &tr!(mine, "tournament-store-failed")).await;
        }
    };
    let venue = Venue::from_guild(after.saved.setup.guild);
    let lang = server_lang(data, venue, click.guild_locale.as_deref()).await;
    let msg = after.message(lang, now, page_of(data, &after.saved).await);
    let update = CreateInteractionResponse::UpdateMessage(outgoing::response(&msg, false, None));
    if let Err(e) = respond(ctx, click, update).await {
        tracing::warn!("could not update the sign-up of tournament {tournament}: {e:?}");
    }
}

/// A private answer; the clicked message is left as it is.
async fn refuse(ctx: &serenity::Context, click: &ComponentInteraction, text: &str) {
    instrument::classify(Counted::Refused);
    let reply = outgoing::response(&presenter::private(text), true, None);
    if let Err(e) = respond(ctx, click, CreateInteractionResponse::Message(reply)).await {
        tracing::warn!("could not answer a sign-up click: {e:?}");
    }
}

/// Cancels tournament `read` (from the state it is in) at `now`, then
/// redraws its sign-up; whether it was open.
pub(crate) async fn cancel(http: &Http, data: &Data, read: &Read, now: i64) -> Result<bool, StoreError> {
    let (id, from) = (read.saved.id, read.saved.state.clone());
    let done =
        data.store.call_within(SAVE_DEADLINE, move |s| s.set_tournament_state(id, &from, "cancelled", now)).await?;
    if done && let Err(e) = redraw(http, data, id).await {
        tracing::warn!("{e}");
    }
    Ok(done)
}

/// Redraws a sign-up after a change not made by its own click (a
/// command's), logging a failure.
pub(crate) async fn redraw_logged(http: &Http, data: &Data, tournament: i64) {
    if let Err(e) = redraw(http, data, tournament).await {
        tracing::warn!("{e}");
    }
}
