//! Who may do what, as Discord tells it in an interaction: moderator rights
//! (Manage Messages in the channel), for clicks and commands alike.

use poise::serenity_prelude::Member;

/// Whether the member may moderate the channel the interaction came from.
pub(crate) fn is_moderator(member: Option<&Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| p.manage_messages())
}
