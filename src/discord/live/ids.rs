//! The one place where the bot's bare ids (a table's numbers, as saved)
//! become serenity's and the store's: Discord ids are never 0, so a 0 (a
//! test's or a damaged row's) becomes 1 instead of a panic in serenity.

use crate::discord::game::table::Table;
use crate::discord::view::components::ComponentId;
use crate::store::GameId;
use poise::serenity_prelude as serenity;
use serenity::{ActionRowComponent, ButtonKind};

/// The store's number of a table's game.
pub(crate) fn game(table: &Table) -> GameId {
    GameId(table.id)
}

/// A channel.
pub(crate) fn channel(id: u64) -> serenity::ChannelId {
    serenity::ChannelId::new(id.max(1))
}

/// A message.
pub(crate) fn message(id: u64) -> serenity::MessageId {
    serenity::MessageId::new(id.max(1))
}

/// A user.
pub(crate) fn user(id: u64) -> serenity::UserId {
    serenity::UserId::new(id.max(1))
}

/// A link to a message of a channel: a server's, or (`guild` 0) a DM or
/// group DM's.
pub(crate) fn link(guild: u64, channel: u64, message: u64) -> String {
    if guild == 0 {
        format!("https://discord.com/channels/@me/{channel}/{message}")
    } else {
        format!("https://discord.com/channels/{guild}/{channel}/{message}")
    }
}

/// The bare id of an interaction's server (0 outside servers: a DM, a
/// group DM).
pub(crate) fn guild_of(guild: Option<serenity::GuildId>) -> u64 {
    guild.map_or(0, |g| g.get())
}

/// The bot's controls on a message: the custom ids of its buttons and
/// selects that parse as ours (an older board's retired ones do not).
pub(crate) fn controls(msg: &serenity::Message) -> impl Iterator<Item = ComponentId> + '_ {
    let ids = msg.components.iter().flat_map(|row| &row.components).filter_map(|c| match c {
        ActionRowComponent::Button(b) => match &b.data {
            ButtonKind::NonLink { custom_id, .. } => Some(custom_id.as_str()),
            _ => None,
        },
        ActionRowComponent::SelectMenu(s) => s.custom_id.as_deref(),
        _ => None,
    });
    ids.filter_map(|id| ComponentId::parse(id).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_id_becomes_one_and_others_stay() {
        assert_eq!((channel(0).get(), message(0).get(), user(0).get()), (1, 1, 1));
        assert_eq!((channel(7).get(), message(8).get(), user(9).get()), (7, 8, 9));
        assert_eq!(link(1, 2, 3), "https://discord.com/channels/1/2/3");
        assert_eq!(link(0, 2, 3), "https://discord.com/channels/@me/2/3", "a DM or group DM");
        assert_eq!((guild_of(None), guild_of(Some(serenity::GuildId::new(5)))), (0, 5));
    }
}
