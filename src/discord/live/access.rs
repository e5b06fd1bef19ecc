//! Who may do what, as Discord tells it in an interaction: whether it comes
//! from a game's own channel and server, moderator rights (Manage Messages
//! in that channel), for clicks and commands alike, and whether the bot
//! itself may post a board where it was asked to.

use crate::discord::game::table::Table;
use crate::discord::view::words::Permission;
use poise::serenity_prelude::{ChannelId, ChannelType, GuildId, Member, PartialChannel, Permissions};

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

/// Whether the interaction's channel is a thread.
pub(crate) fn is_thread(channel: Option<&PartialChannel>) -> bool {
    channel.is_some_and(|c| {
        matches!(c.kind, ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread)
    })
}

/// What the bot needs to post and keep a board in a channel (a thread
/// needs Send Messages in Threads instead of Send Messages).
fn board_permissions(thread: bool) -> [(Permissions, Permission); 4] {
    let send = if thread {
        (Permissions::SEND_MESSAGES_IN_THREADS, Permission::SendMessagesInThreads)
    } else {
        (Permissions::SEND_MESSAGES, Permission::SendMessages)
    };
    [
        (Permissions::VIEW_CHANNEL, Permission::ViewChannel),
        send,
        (Permissions::EMBED_LINKS, Permission::EmbedLinks),
        (Permissions::ATTACH_FILES, Permission::AttachFiles),
    ]
}

/// The permissions the bot lacks for a board, given what the interaction
/// says it has in the channel (`app_permissions`).
pub(crate) fn missing_for_board(have: Permissions, thread: bool) -> Vec<Permission> {
    board_permissions(thread).into_iter().filter(|(p, _)| !have.contains(*p)).map(|(_, name)| name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_missing_permissions_are_named() {
        let all = Permissions::all();
        assert!(missing_for_board(all, false).is_empty());
        assert!(missing_for_board(all, true).is_empty());
        let without = all - Permissions::EMBED_LINKS - Permissions::ATTACH_FILES;
        assert_eq!(missing_for_board(without, false), [Permission::EmbedLinks, Permission::AttachFiles]);
        let no_threads = all - Permissions::SEND_MESSAGES_IN_THREADS;
        assert!(missing_for_board(no_threads, false).is_empty(), "a channel needs no thread permission");
        assert_eq!(missing_for_board(no_threads, true), [Permission::SendMessagesInThreads]);
        let no_send = all - Permissions::SEND_MESSAGES;
        assert_eq!(missing_for_board(no_send, false), [Permission::SendMessages]);
        assert!(missing_for_board(no_send, true).is_empty(), "a thread needs no Send Messages");
    }

    /// The README's invite link asks for everything a board needs, in
    /// channels and in threads.
    #[test]
    fn the_invite_link_grants_what_a_board_needs() {
        let readme = include_str!("../../../README.md");
        let invite = readme.lines().find(|l| l.contains("oauth2/authorize")).expect("an invite link in the README");
        let bits = invite.split("permissions=").nth(1).expect("a permissions parameter");
        let bits: String = bits.chars().take_while(char::is_ascii_digit).collect();
        let granted = Permissions::from_bits_truncate(bits.parse().expect("a number"));
        for thread in [false, true] {
            assert!(
                missing_for_board(granted, thread).is_empty(),
                "the invite lacks {:?}",
                missing_for_board(granted, thread)
            );
        }
    }
}
