//! The board message of a game, and the one sequence that shows a change
//! of a game in its channel: the message, its picture, the send (a click's
//! answer, an edit of the board, or a new board), then the save of where
//! the board is and what it shows ([`show`]). The board is edited in place
//! while young and re-posted when old or lost, or when someone else is now
//! the human to act (an edit notifies no one): the old board then becomes
//! a record of what happened. At start-up the boards behind their saved
//! game are brought up to it (the last run may have saved a change and
//! died before showing it).

use super::change::remember;
use super::data::Data;
use super::delivery::{self, Asked, Place, Send, Shows, Then, Wanted};
use super::hub::Shared;
use super::ids;
use super::lang::game_lang;
use super::lookup;
use super::outgoing::{self, Png};
use super::pictures;
use super::running::{BoardMessage, Running};
use super::unix_now;
use crate::discord::game::ids::{ChannelId, MessageId, UserId};
use crate::discord::game::notes::Note;
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::Route;
use crate::discord::view::lang::Lang;
use crate::discord::view::message::Message;
use crate::discord::view::notes::note_lines;
use crate::discord::view::presenter::{self, Outro};
use crate::store::GameId;
use poise::serenity_prelude as serenity;
use serenity::{CommandInteraction, ComponentInteraction, CreateInteractionResponse, Http};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A change to show: what happened, the rating lines of a game it
/// finished, who made it, and where to show it.
pub(crate) struct Change<'a> {
    pub(crate) notes: &'a [Note],
    pub(crate) outro: &'a Outro,
    /// The human who made the change (she needs no ping for it).
    pub(crate) actor: Option<UserId>,
    pub(crate) place: Place,
}

/// No rating lines.
static NO_OUTRO: Outro = Outro { ratings: Vec::new(), went_back: false };

impl Change<'static> {
    /// No change: the game as it stands, shown at `place`.
    pub(crate) fn none(place: Place) -> Change<'static> {
        Change { notes: &[], outro: &NO_OUTRO, actor: None, place }
    }
}

impl<'a> Change<'a> {
    /// A change shown where the board is, posted anew when that notifies
    /// the human to act.
    pub(crate) fn of(notes: &'a [Note], outro: &'a Outro) -> Change<'a> {
        Change { notes, outro, actor: None, place: Place::AsNeeded }
    }
}

/// The click a change answers: its answer updates the clicked board while
/// that is the game's young board.
pub(crate) struct Click<'a> {
    pub(crate) ctx: &'a serenity::Context,
    pub(crate) click: &'a ComponentInteraction,
    /// When the click arrived (its answer may wait for the picture until
    /// [`PICTURE_BUDGET`] after that).
    pub(crate) arrived: Instant,
    /// Set where the click is answered ([`Click::answer`],
    /// [`Click::update`]), once Discord took the answer, whichever path
    /// answered it: the handler answers only a click not answered yet
    /// (a second answer is refused, 40060).
    pub(crate) answered: &'a AtomicBool,
}

impl Click<'_> {
    /// Answers the click with `response` (see [`respond`]); notes that it
    /// was answered once Discord took it.
    async fn answer(&self, response: CreateInteractionResponse) -> serenity::Result<()> {
        let result = respond(self.ctx, self.click, response).await;
        self.answered_if(&result);
        result
    }

    /// Answers the click by updating the clicked message to `m` with
    /// picture `png` ([`outgoing::update`], counted as an answer).
    async fn update(&self, m: &Message, png: &Png) -> serenity::Result<()> {
        let result = outgoing::update(&self.ctx.http, self.click, m, png).await;
        instrument::callback(&result);
        self.answered_if(&result);
        result
    }

    fn answered_if<T>(&self, result: &serenity::Result<T>) {
        if result.is_ok() {
            self.answered.store(true, Ordering::Relaxed);
        }
    }
}

/// A slash command not answered yet (`/thaayam new`, `board`, `resign`…).
/// Where the bot cannot post (a group DM), its answer is the game's new
/// board; elsewhere it is answered by its handler.
pub(crate) struct Command<'a> {
    pub(crate) http: &'a Http,
    pub(crate) command: &'a CommandInteraction,
    /// Set once the command is answered (poise's flag, so that its handler
    /// follows up instead of answering a second time).
    pub(crate) answered: &'a AtomicBool,
}

/// The interaction a change answers, if any.
pub(crate) enum Via<'a> {
    Click(Click<'a>),
    Command(Command<'a>),
}

/// How long after a click arrived its answer may wait for the board's
/// picture: Discord drops answers later than 3 s, and the answer itself
/// takes a round trip.
const PICTURE_BUDGET: Duration = Duration::from_millis(1500);

/// What [`show`] did.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Shown {
    /// Discord took the board (posted, or edited in place).
    pub(crate) posted: bool,
    /// Where the board is was saved (false: the save failed; the computer
    /// task retries it).
    pub(crate) saved: bool,
}

/// Shows a change of a game: builds its message in the server's language,
/// draws its picture, sends it (as the answer to the interaction `via`
/// when there is one), notes whom the board now pings and saves where the
/// board is and what it shows. Every change of a game is shown through
/// here; what is sent is [`delivery::plan`]'s decision, carried out here.
/// A game the bot reaches only through interactions (a group DM) is shown
/// only in an answer: without one it waits for the next click.
pub(crate) async fn show(
    http: &Http,
    data: &Data,
    running: &mut Running,
    change: Change<'_>,
    via: Option<Via<'_>>,
) -> Shown {
    let lang = game_lang(data, running).await;
    let lines = note_lines(lang, change.notes);
    let asked = match &via {
        None => Asked::Nothing,
        Some(Via::Click(c)) => Asked::Click { message: c.click.message.id.into() },
        Some(Via::Command(_)) => Asked::Command,
    };
    let wanted = Wanted { place: change.place, actor: change.actor, lines: &lines, asked };
    let plan = delivery::plan(&running.table, &running.post, wanted, unix_now());
    let table = &running.table;
    let mut msg = match plan.shows {
        // The change's lines go on the record of the board above while they
        // fit (see `carry_out`); when they do not, the result tells them.
        Shows::Result => {
            let told: &[String] = if running.post.story_full(&lines) { &lines } else { &[] };
            presenter::result(lang, table, told, change.outro)
        }
        Shows::CallingBack => presenter::calling_back(lang, table),
        Shows::Table => presenter::table_message(lang, table, change.notes, change.outro),
    };
    let pages_on = data.servers.get(&data.store, table.venue).await.pages_on;
    data.pages.add_link(table, pages_on, lang, &mut msg);
    let posted = carry_out(http, running, plan.send, via, lang, &msg, &lines).await;
    if plan.shows == Shows::Result && posted {
        review_after(data, running, lang);
    }
    if plan.pings {
        running.post.shown_to_act(&running.table);
    }
    let saved = remember(data, running).await;
    Shown { posted, saved }
}

/// Queues the analysis of a game whose result was just posted (a game
/// played to its end; one ended otherwise has nothing to judge).
fn review_after(data: &Data, running: &Running, lang: Lang) {
    let t = &running.table;
    if t.stage != crate::discord::game::table::Stage::Finished || !data.guard.limits().analyses_after_games {
        return;
    }
    let names = std::array::from_fn(|i| {
        crate::engine::Seat::ALL
            .get(i)
            .filter(|s| t.seats().contains(**s))
            .map(|&s| crate::discord::view::words::seat_player_name(lang, t, s))
            .unwrap_or_default()
    });
    let result = running.post.board.map(|b| b.message);
    let finished = super::review::Finished { game: ids::game(t), channel: t.channel, result, lang, names };
    data.reviews.after_result(&data.store, finished);
}

/// Sends `msg` as `send` says (answering `via`, the interaction the plan
/// was made for). Returns whether Discord took the board.
async fn carry_out(
    http: &Http,
    running: &mut Running,
    send: Send,
    via: Option<Via<'_>>,
    lang: Lang,
    msg: &Message,
    lines: &[String],
) -> bool {
    match (send, via) {
        (Send::Nothing, _) => {
            tracing::debug!("game {} moves on by clicks: the next click shows its change", running.table.id);
            false
        }
        (Send::AnswerCommand, Some(Via::Command(c))) => answer_command(&c, running, lang, msg, lines).await,
        (Send::UpdateClicked, Some(Via::Click(c))) => answer_with_board(&c, running, lang, msg, lines).await,
        (Send::UpdateClickedOnly, Some(Via::Click(c))) => update_clicked_only(&c, running, lang, msg, lines).await,
        (Send::RecordClicked(then), Some(Via::Click(c))) => {
            // What moved the game on goes to the record while it fits (the
            // new board's story holds it too, see `new_board_shown`).
            let story = &running.post.story;
            let told = if running.post.story_full(lines) { story.clone() } else { told(story, lines) };
            let record = presenter::record(lang, &running.table, &told);
            let answer = CreateInteractionResponse::UpdateMessage(outgoing::response(&record, false, None));
            answer_then_new_board(&c, running, answer, then, lang, msg, lines).await
        }
        (Send::Acknowledge(then), Some(Via::Click(c))) => {
            answer_then_new_board(&c, running, CreateInteractionResponse::Acknowledge, then, lang, msg, lines).await
        }
        (Send::Edit, _) => {
            let png = pictures::board_png(lang, running, msg).await;
            publish(http, running, lang, msg, png, lines).await
        }
        (Send::Post, _) => {
            let png = pictures::board_png(lang, running, msg).await;
            repost(http, running, lang, msg, png, lines).await
        }
        (send, _) => {
            // `plan` answers only the interaction it was given.
            tracing::warn!("game {}: no interaction to carry out {send:?}", running.table.id);
            false
        }
    }
}

/// A command where the bot cannot post: its answer is the new board.
async fn answer_command(c: &Command<'_>, running: &mut Running, lang: Lang, msg: &Message, lines: &[String]) -> bool {
    let png = pictures::board_png(lang, running, msg).await;
    let png = pictures::for_new_message(lang, &running.table, png).await;
    let showing = pictures::showing(msg, &png);
    let answer = CreateInteractionResponse::Message(outgoing::response(msg, false, png));
    let sent = c.command.create_response(c.http, answer).await;
    instrument::callback(&sent);
    if let Err(e) = sent {
        tracing::warn!("could not answer with the board of game {}: {e:?}", running.table.id);
        return false;
    }
    c.answered.store(true, Ordering::Relaxed);
    let original = c.command.get_response(c.http).await;
    instrument::request(Route::InteractionFollowup, &original);
    match original {
        Ok(m) => {
            new_board_shown(running, m.id.into(), showing, lines);
            true
        }
        Err(e) => {
            tracing::warn!("could not read the board of game {} it answered with: {e:?}", running.table.id);
            false
        }
    }
}

/// A click where the bot cannot post: the answer updates the clicked
/// board in place, the only way there is.
async fn update_clicked_only(
    c: &Click<'_>,
    running: &mut Running,
    lang: Lang,
    msg: &Message,
    lines: &[String],
) -> bool {
    let png = pictures::board_png(lang, running, msg).await;
    match c.update(msg, &png).await {
        Ok(()) => {
            running.post.shown_in_place(running.table.seq, pictures::showing(msg, &png), lines);
            true
        }
        Err(e) => {
            tracing::warn!("could not update the board of game {}: {e:?}", running.table.id);
            false
        }
    }
}

/// Answers a click after which the board is new: `answer` (the clicked
/// board made a record of what happened, or an acknowledgement) goes
/// first, carrying no picture, so a queue of pictures (many games starting
/// at once) never delays it; the new board follows as `then` says. A new
/// board the channel did not take leaves the clicked board showing the
/// game (edited while young).
async fn answer_then_new_board(
    c: &Click<'_>,
    running: &mut Running,
    answer: CreateInteractionResponse,
    then: Then,
    lang: Lang,
    msg: &Message,
    lines: &[String],
) -> bool {
    let recorded = matches!(answer, CreateInteractionResponse::UpdateMessage(_));
    let png = pictures::start(lang, running, msg, Instant::now());
    let answered = c.answer(answer).await;
    if let Err(e) = &answered {
        tracing::warn!("could not answer a click on game {}: {e:?}", running.table.id);
    }
    match then {
        Then::FollowUp => {
            if answered.is_err() {
                return false;
            }
            let png = pictures::for_new_message(lang, &running.table, png.wait().await).await;
            let showing = pictures::showing(msg, &png);
            let sent = c.click.create_followup(&c.ctx.http, outgoing::followup(msg, png)).await;
            instrument::request(Route::InteractionFollowup, &sent);
            match sent {
                Ok(m) => {
                    new_board_shown(running, m.id.into(), showing, &[]);
                    true
                }
                Err(e) => {
                    tracing::warn!("could not follow up with the board of game {}: {e:?}", running.table.id);
                    false
                }
            }
        }
        Then::Post if recorded && answered.is_ok() => {
            let png = png.wait().await;
            // The clicked board has no controls left: nothing to strip.
            let old = running.post.board.take();
            if repost(&c.ctx.http, running, lang, msg, png.clone(), lines).await {
                return true;
            }
            // Not posted: the clicked board shows the game again.
            running.post.board = old;
            publish(&c.ctx.http, running, lang, msg, png, lines).await
        }
        Then::Post => repost(&c.ctx.http, running, lang, msg, png.wait().await, lines).await,
    }
}

/// Answers a click by updating the clicked board, the game's young board,
/// in place. A picture not drawn by the instant it is wanted (see
/// [`PICTURE_BUDGET`]) does not hold the answer up: the click is
/// acknowledged and the board edited once it is drawn; a failed answer
/// edits the board too.
async fn answer_with_board(c: &Click<'_>, running: &mut Running, lang: Lang, msg: &Message, lines: &[String]) -> bool {
    let png = pictures::start(lang, running, msg, c.arrived + PICTURE_BUDGET);
    let png = match png.in_time().await {
        Ok(png) => png,
        Err(drawing) => {
            tracing::debug!("the board of game {} is not drawn in time; acknowledging first", running.table.id);
            acknowledge(c).await;
            return publish(&c.ctx.http, running, lang, msg, drawing.wait().await, lines).await;
        }
    };
    match c.update(msg, &png).await {
        Ok(()) => {
            running.post.shown_in_place(running.table.seq, pictures::showing(msg, &png), lines);
            true
        }
        Err(e) => {
            // The change is saved: the board must show it even if the
            // interaction answer failed (e.g. it came too late).
            let id = running.table.id;
            tracing::warn!("could not update the board of game {id} in the answer: {e:?}; editing it");
            publish(&c.ctx.http, running, lang, msg, png, lines).await
        }
    }
}

/// Notes that message `id`, just sent, is the game's board now, showing
/// the table with picture `showing` and, as its story so far, `lines`.
fn new_board_shown(running: &mut Running, id: MessageId, showing: Option<u64>, lines: &[String]) {
    running.post.new_board(id, unix_now(), running.table.seq, showing, lines);
}

/// The first answer to a click (counted: see [`instrument`]).
pub(crate) async fn respond(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    response: CreateInteractionResponse,
) -> serenity::Result<()> {
    let result = click.create_response(&ctx.http, response).await;
    instrument::callback(&result);
    result
}

/// Acknowledges a click whose answer is not the board.
async fn acknowledge(c: &Click<'_>) {
    if let Err(e) = c.answer(CreateInteractionResponse::Acknowledge).await {
        tracing::warn!("could not acknowledge a click: {e:?}");
    }
}

/// Shows a new state on the board message: edit while young, else re-post
/// (`lines`: what happened, added to the board's story). Returns whether
/// Discord took it.
pub(crate) async fn publish(
    http: &Http,
    running: &mut Running,
    lang: Lang,
    msg: &Message,
    png: Png,
    lines: &[String],
) -> bool {
    let board = match (delivery::edit_or_post(&running.post, unix_now()), running.post.board) {
        (Send::Edit, Some(board)) => board,
        _ => return repost(http, running, lang, msg, png, lines).await,
    };
    let showing = pictures::showing(msg, &png);
    let channel = ids::channel(running.table.channel);
    let edited = channel.edit_message(http, ids::message(board.message), outgoing::edit(msg, png.clone())).await;
    instrument::request(Route::EditMessage, &edited);
    match edited {
        Ok(_) => {
            running.post.shown_in_place(running.table.seq, showing, lines);
            true
        }
        Err(e) => {
            tracing::warn!("could not edit the board of game {}: {e:?}; posting anew", running.table.id);
            repost(http, running, lang, msg, png, lines).await
        }
    }
}

/// Posts a fresh board message (in `lang`); the old one becomes a record
/// of its story and of `lines` (what moved the game on; when they do not
/// fit, they start the new board's story instead), with a pointer to the
/// new board: no controls, no picture, so only the live board shows
/// the game. Returns whether Discord took the new message.
pub(crate) async fn repost(
    http: &Http,
    running: &mut Running,
    lang: Lang,
    msg: &Message,
    png: Png,
    lines: &[String],
) -> bool {
    let channel = ids::channel(running.table.channel);
    let png = pictures::for_new_message(lang, &running.table, png).await;
    let showing = pictures::showing(msg, &png);
    let posted = channel.send_message(http, outgoing::create(msg, png)).await;
    instrument::request(Route::CreateMessage, &posted);
    let posted = match posted {
        Ok(posted) => posted,
        Err(e) => {
            tracing::warn!("could not post the board of game {}: {e:?}", running.table.id);
            running.post.picture = None;
            return false;
        }
    };
    running.post.showing(running.table.seq, showing);
    // The old board's record tells what it showed and what moved the game
    // on, unless that no longer fits in a message: then what moved it on
    // starts the new board's story (its record tells it later), so that no
    // record is ever cut short.
    let full = running.post.story_full(lines);
    let old_story = std::mem::take(&mut running.post.story);
    let story = if full { old_story } else { told(&old_story, lines) };
    if full {
        running.post.story = lines.to_vec();
    }
    let new = BoardMessage { message: posted.id.into(), posted_at: unix_now() };
    if let Some(old) = running.post.board.replace(new) {
        let edit = outgoing::edit(&presenter::record(lang, &running.table, &story), None);
        let edited = channel.edit_message(http, ids::message(old.message), edit).await;
        instrument::request(Route::EditMessage, &edited);
        if let Err(e) = edited {
            tracing::debug!("could not turn the old board of game {} into a record: {e:?}", running.table.id);
        }
    }
    true
}

/// A board's story with the lines of the change that moved it on.
fn told(story: &[String], lines: &[String]) -> Vec<String> {
    story.iter().chain(lines).cloned().collect()
}

/// How long before the last write of the previous run a game may have
/// closed and still have its board checked at start-up: a crash between
/// saving a game's end and showing it happens at the very end of a run.
const CLOSED_WINDOW_SECS: u32 = 10 * 60;

/// After a restart, the games that closed at the end of the previous run:
/// their boards show the end where they do not yet.
pub(crate) async fn reconcile_closed(http: &Http, data: &Data) {
    let closed = data.store.call(|s| s.closed_near_last_write(CLOSED_WINDOW_SECS)).await;
    match closed {
        Ok(ids) => {
            for id in ids {
                catch_up_closed(http, data, id).await;
            }
        }
        Err(e) => tracing::warn!("cannot list the games that closed before the restart: {e}"),
    }
}

/// After a restart, an open game's board shows its saved state. A board
/// the store says shows its game's counter (saved once Discord took it,
/// see `persist`) is left alone without a request: after a clean stop,
/// that is every board. Any other board is read; one whose controls carry
/// the saved counter is left alone, any other shows the saved state
/// (edited in place while young, re-posted when old or gone). A board
/// without controls (a computer's turn) cannot tell its counter and is
/// shown anew. (A board deleted by hand while the bot was away is not
/// noticed; the game's next change, or `/thaayam board`, posts a new one.)
pub(crate) async fn catch_up_open(http: &Http, data: &Data, game: &Shared) {
    let (channel, board, seq) = {
        let r = game.lock().await;
        let Some(seq) = delivery::catch_up(&r.table, &r.post) else { return };
        (r.table.channel, r.post.board, seq)
    };
    // Read without the game's lock: clicks go on meanwhile.
    let current = match board {
        Some(b) => read(http, channel, b.message).await.is_ok_and(|m| controls_seq(&m) == Some(seq)),
        None => false,
    };
    let mut r = game.lock().await;
    if !delivery::still_behind(&r.table, &r.post, seq) {
        return; // changed and shown meanwhile
    }
    if current {
        r.post.shown = Some(seq);
        return;
    }
    tracing::info!("game {}: its board is behind the saved game; showing action {seq}", r.table.id);
    show(http, data, &mut r, Change::none(Place::AsNeeded), None).await;
}

/// How long catching up a closed game's board waits for the store (at
/// start-up the queue holds every open game's reads: generous).
const CATCH_UP_WAIT: Duration = Duration::from_secs(30);

async fn catch_up_closed(http: &Http, data: &Data, id: GameId) {
    let mut running = match lookup::closed(data, id.into(), CATCH_UP_WAIT).await {
        Ok(Some(running)) => running,
        Ok(None) => return,
        Err(e) => return tracing::warn!("cannot read game {id}: {e}"),
    };
    if !data.config.shards.runs(running.table.venue) {
        return; // another process's server
    }
    let Some(board) = delivery::end_to_check(&running.post) else { return };
    let lang = game_lang(data, &running).await;
    let end = presenter::table_message(lang, &running.table, &[], &Outro::default());
    // The end shows with its own title (a board of a computer's turn has no
    // controls either); a board that cannot be read is left alone.
    let Ok(seen) = read(http, running.table.channel, board).await else { return };
    if !delivery::missed_end(seen.embeds.first().and_then(|e| e.title.as_deref()), &end) {
        return; // it shows the end
    }
    tracing::info!("game {id}: its board missed the end; showing it");
    show_end(http, lang, &mut running).await;
}

/// Shows a closed game's end on its board (edited in place while young).
pub(crate) async fn show_end(http: &Http, lang: Lang, running: &mut Running) {
    let msg = presenter::table_message(lang, &running.table, &[], &Outro::default());
    let png = pictures::board_png(lang, running, &msg).await;
    publish(http, running, lang, &msg, png, &[]).await;
}

/// A message of a channel, as Discord has it now.
async fn read(http: &Http, channel: ChannelId, message: MessageId) -> Result<serenity::Message, serenity::Error> {
    http.get_message(ids::channel(channel), ids::message(message)).await
}

/// The action counter the controls of a message carry (`None` without controls).
fn controls_seq(msg: &serenity::Message) -> Option<u32> {
    ids::controls(msg).map(|id| id.seq).max()
}
