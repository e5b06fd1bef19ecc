//! A tournament as the runner reads it from the store at each step (the
//! tournament, its entrants, rounds and tables), and how its messages are
//! posted in its channel or a table's thread.

use crate::discord::game::ids::ChannelId;
use crate::discord::game::signup::Format;
use crate::discord::live::data::Data;
use crate::discord::live::{ids, outgoing};
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::Route;
use crate::discord::view::message::Message;
use crate::store::{SavedEntrant, SavedRound, SavedTable, SavedTournament, StoreError};
use poise::serenity_prelude::Http;

/// A tournament as the runner reads it at each step.
pub(crate) struct Read {
    pub(crate) t: SavedTournament,
    pub(crate) entrants: Vec<SavedEntrant>,
    pub(crate) rounds: Vec<SavedRound>,
    pub(crate) tables: Vec<SavedTable>,
}

impl Read {
    /// The latest round paired, and its tables (a bye is one).
    pub(crate) fn latest(&self) -> Option<(&SavedRound, Vec<&SavedTable>)> {
        let r = self.rounds.last()?;
        Some((r, self.tables.iter().filter(|t| t.round == r.round).collect()))
    }

    /// The entrants who play: checked in, not withdrawn.
    pub(crate) fn playing(&self) -> Vec<&SavedEntrant> {
        self.entrants.iter().filter(|e| e.checked_in && e.withdrawn_at.is_none()).collect()
    }

    /// An arena (else a Swiss).
    pub(crate) fn is_arena(&self) -> bool {
        Format::from_code(&self.t.setup.format) == Format::Arena
    }

    /// When an arena ends: its start and its length (whenever the bot
    /// actually opened it).
    pub(crate) fn arena_ends(&self) -> i64 {
        self.t.setup.starts_at + self.t.setup.round_secs
    }

    pub(crate) fn size(&self) -> usize {
        self.t.setup.table_size as usize
    }
}

/// Reads tournament `id` whole.
pub(crate) async fn read(data: &Data, id: i64) -> Result<Option<Read>, StoreError> {
    data.store
        .call(move |s| {
            let Some(t) = s.tournament(id)? else { return Ok(None) };
            let entrants = s.tournament_entrants(id)?;
            Ok(Some(Read { t, entrants, rounds: s.tournament_rounds(id)?, tables: s.tournament_tables(id)? }))
        })
        .await
}

/// Posts a message of the tournament (logged if Discord refuses); its id.
pub(crate) async fn post(http: &Http, channel: ChannelId, msg: &Message) -> Option<u64> {
    let sent = ids::channel(channel).send_message(http, outgoing::create(msg, None)).await;
    instrument::request(Route::CreateMessage, &sent);
    match sent {
        Ok(m) => Some(m.id.get()),
        Err(e) => {
            tracing::warn!("could not post a tournament's message in channel {channel}: {e:?}");
            None
        }
    }
}
