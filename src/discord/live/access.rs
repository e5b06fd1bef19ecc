//! Who may do what, as Discord tells it in an interaction: whether it comes
//! from a game's own channel and server, and moderator rights (Manage
//! Messages in that channel), for clicks and commands alike.

use crate::discord::game::table::Table;
use poise::serenity_prelude::{ChannelId, GuildId, Member};

/// Whether the member may moderate the channel the interaction came from.
/// Meaningful for a game only when the interaction comes from the game's
/// channel ([`from_game_channel`]).
pub(crate) fn is_moderator(member: Option<&Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| p.manage_messages())
}

/// Whether an interaction from `guild`/`channel` comes from the table's own
/// channel and server. A custom_id can be forged to name any game from
/// anywhere the bot is; only the game's own channel may act on it.
pub(crate) fn from_game_channel(table: &Table, guild: Option<GuildId>, channel: ChannelId) -> bool {
    channel.get() == table.channel && guild.is_some_and(|g| g.get() == table.guild)
}
