//! The one place where the bot's typed ids (`game::ids`) become serenity's
//! and the store's, and back: Discord ids are never 0, so a 0 (a test's or
//! a damaged row's) becomes 1 instead of a panic in serenity.

use crate::discord::game::ids::{ChannelId, GameId, GuildId, MessageId, RoleId, UserId, Venue};
use crate::discord::game::table::Table;
use crate::discord::view::components::ComponentId;
use crate::store;
use poise::serenity_prelude as serenity;
use serenity::{ActionRowComponent, ButtonKind};

/// The store's number of a table's game.
pub(crate) fn game(table: &Table) -> store::GameId {
    table.id.into()
}

impl From<GameId> for store::GameId {
    fn from(id: GameId) -> store::GameId {
        store::GameId(id.get())
    }
}

impl From<store::GameId> for GameId {
    fn from(id: store::GameId) -> GameId {
        GameId(id.0)
    }
}

macro_rules! snowflake {
    ($ours:ident, $theirs:ident, $fn:ident) => {
        #[doc = concat!("Serenity's `", stringify!($theirs), "` of ours.")]
        pub(crate) fn $fn(id: $ours) -> serenity::$theirs {
            serenity::$theirs::new(id.get().max(1))
        }

        impl From<$ours> for serenity::$theirs {
            fn from(id: $ours) -> serenity::$theirs {
                $fn(id)
            }
        }

        impl From<serenity::$theirs> for $ours {
            fn from(id: serenity::$theirs) -> $ours {
                $ours(id.get())
            }
        }
    };
}

snowflake!(UserId, UserId, user);
snowflake!(ChannelId, ChannelId, channel);
snowflake!(MessageId, MessageId, message);
snowflake!(GuildId, GuildId, guild);

/// Ours of serenity's role (a role is only read from interactions).
impl From<serenity::RoleId> for RoleId {
    fn from(id: serenity::RoleId) -> RoleId {
        RoleId(id.get())
    }
}

/// A link to a message of a channel: a server's, or a DM or group DM's.
pub(crate) fn link(venue: Venue, channel: ChannelId, message: MessageId) -> String {
    match venue {
        Venue::Server(guild) => format!("https://discord.com/channels/{guild}/{channel}/{message}"),
        Venue::Outside => format!("https://discord.com/channels/@me/{channel}/{message}"),
    }
}

/// Where an interaction comes from: its server, or outside servers (a DM,
/// a group DM).
pub(crate) fn venue_of(guild: Option<serenity::GuildId>) -> Venue {
    Venue::of(guild.map(GuildId::from))
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
        assert_eq!((channel(ChannelId(0)).get(), message(MessageId(0)).get(), user(UserId(0)).get()), (1, 1, 1));
        assert_eq!((channel(ChannelId(7)).get(), message(MessageId(8)).get(), user(UserId(9)).get()), (7, 8, 9));
        assert_eq!(UserId::from(serenity::UserId::new(9)), UserId(9));
        assert_eq!(serenity::GuildId::from(GuildId(4)).get(), 4);
        assert_eq!((GameId::from(store::GameId(6)), store::GameId::from(GameId(6))), (GameId(6), store::GameId(6)));
        let (two, three) = (ChannelId(2), MessageId(3));
        assert_eq!(link(Venue::Server(GuildId(1)), two, three), "https://discord.com/channels/1/2/3");
        assert_eq!(link(Venue::Outside, two, three), "https://discord.com/channels/@me/2/3", "a DM or group DM");
        assert_eq!(venue_of(None), Venue::Outside);
        assert_eq!(venue_of(Some(serenity::GuildId::new(5))), Venue::Server(GuildId(5)));
    }
}
