//! Who may do what, as Discord tells it in an interaction: whether it comes
//! from a game's own channel and server, moderator rights (Manage Messages
//! in that channel), for clicks and commands alike, and whether the bot
//! itself may post a board where it was asked to.

use crate::discord::game::table::Table;
use crate::discord::view::words::Permission;
use poise::serenity_prelude::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, ChannelId, ChannelType, CommandInteraction,
    ComponentInteraction, GuildId, InteractionContext, Member, PartialChannel, Permissions,
};

/// Whether the member may moderate the channel the interaction came from.
/// Meaningful for a game only when the interaction comes from the game's
/// channel ([`from_game_channel`]).
pub(crate) fn is_moderator(member: Option<&Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| p.manage_messages())
}

/// Whether an interaction from `guild`/`channel` comes from the table's own
/// channel and server (no server for a game outside servers: table guild
/// 0). A custom_id can be forged to name any game from anywhere the bot
/// is; only the game's own channel may act on it.
pub(crate) fn from_game_channel(table: &Table, guild: Option<GuildId>, channel: ChannelId) -> bool {
    table.channel == channel.into() && super::ids::venue_of(guild) == table.venue
}

/// Where an interaction comes from, for what the bot may do there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Where {
    /// A channel of a server the bot was added to: it posts there.
    Server,
    /// The bot's own DM with the user: it posts there, no server's rules.
    BotDm,
    /// A group DM, or a DM between two people (the app installed to a
    /// user): the bot is not in the channel and can only answer
    /// interactions.
    Private,
    /// A server the bot was not added to (the app installed to a user
    /// only): no game there, the server has not asked for one.
    Foreign,
}

/// Where an interaction with these fields comes from. Interactions without
/// `context` (older payloads) are a server's when they name one, else the
/// bot's DM.
pub(crate) fn where_from(
    context: Option<InteractionContext>,
    guild: Option<GuildId>,
    owners: &AuthorizingIntegrationOwners,
) -> Where {
    match (context, guild) {
        (Some(InteractionContext::PrivateChannel), _) => Where::Private,
        (Some(InteractionContext::BotDm), _) | (None, None) => Where::BotDm,
        (_, Some(g)) => {
            let installed =
                owners.0.iter().any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(Some(id)) if *id == g));
            if installed || owners.0.is_empty() { Where::Server } else { Where::Foreign }
        }
        (_, None) => Where::Private,
    }
}

/// Where a click comes from.
pub(crate) fn where_clicked(click: &ComponentInteraction) -> Where {
    where_from(click.context, click.guild_id, &click.authorizing_integration_owners)
}

/// Where a slash command comes from.
pub(crate) fn where_commanded(command: &CommandInteraction) -> Where {
    where_from(command.context, command.guild_id, &command.authorizing_integration_owners)
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

/// The permissions the bot lacks to run a tournament in a text channel:
/// its sign-up there, and its tables' boards in threads it opens there
/// (Create Public Threads, Send Messages in Threads).
pub(crate) fn missing_for_tournament(have: Permissions) -> Vec<Permission> {
    let threads = [
        (Permissions::CREATE_PUBLIC_THREADS, Permission::CreatePublicThreads),
        (Permissions::SEND_MESSAGES_IN_THREADS, Permission::SendMessagesInThreads),
    ];
    let needed = board_permissions(false).into_iter().chain(threads);
    needed.filter(|(p, _)| !have.contains(*p)).map(|(_, name)| name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournament_needs_its_threads_too() {
        assert!(missing_for_tournament(Permissions::all()).is_empty());
        let no_threads =
            Permissions::all() - Permissions::CREATE_PUBLIC_THREADS - Permissions::SEND_MESSAGES_IN_THREADS;
        assert_eq!(
            missing_for_tournament(no_threads),
            [Permission::CreatePublicThreads, Permission::SendMessagesInThreads]
        );
        let no_embeds = Permissions::all() - Permissions::EMBED_LINKS;
        assert_eq!(missing_for_tournament(no_embeds), [Permission::EmbedLinks]);
    }

    #[test]
    fn an_interaction_says_where_it_comes_from_by_its_context_and_owners() {
        use AuthorizingIntegrationOwner::{GuildInstall, UserInstall};
        let (g, user) = (GuildId::new(7), poise::serenity_prelude::UserId::new(9));
        let owners = |o: Vec<AuthorizingIntegrationOwner>| AuthorizingIntegrationOwners(o);
        let server = owners(vec![GuildInstall(Some(g))]);
        assert_eq!(where_from(Some(InteractionContext::Guild), Some(g), &server), Where::Server);
        assert_eq!(where_from(None, Some(g), &owners(vec![])), Where::Server, "an older payload");
        let by_user = owners(vec![UserInstall(user)]);
        assert_eq!(where_from(Some(InteractionContext::Guild), Some(g), &by_user), Where::Foreign);
        assert_eq!(where_from(Some(InteractionContext::PrivateChannel), None, &by_user), Where::Private);
        let dm = owners(vec![GuildInstall(None)]);
        assert_eq!(where_from(Some(InteractionContext::BotDm), None, &dm), Where::BotDm);
        assert_eq!(where_from(None, None, &owners(vec![])), Where::BotDm);
        let other = owners(vec![GuildInstall(Some(GuildId::new(8)))]);
        assert_eq!(
            where_from(Some(InteractionContext::Guild), Some(g), &other),
            Where::Foreign,
            "another server's install"
        );
    }

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
    /// channels and in threads, and a tournament's threads.
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
        assert!(missing_for_tournament(granted).is_empty(), "the invite lacks {:?}", missing_for_tournament(granted));
    }
}
