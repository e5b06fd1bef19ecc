//! `/thaayam games`: the running game of this channel in a server (the
//! bot cannot tell which other channels the caller may see; outside
//! servers, the games the user plays in, wherever they are), each with its rules,
//! players, whose turn it is and a link to its board; said privately.

use super::answer::{langs, private, where_asked};
use crate::discord::game::ids::{ChannelId, UserId, Venue};
use crate::discord::live::access::Where;
use crate::discord::live::ids;
use crate::discord::live::opening::link_of;
use crate::discord::view::listing::{Listed, games_list};
use crate::discord::{Context, Error};

#[poise::command(slash_command)]
pub(crate) async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let (_, mine) = langs(ctx).await;
    let server = ids::venue_of(ctx.guild_id()).guild().filter(|_| where_asked(ctx) == Where::Server);
    let user = UserId::from(ctx.author().id);
    let mut found = Vec::new();
    for game in ctx.data().hub.open_games() {
        let running = game.lock().await;
        let t = &running.table;
        let listed = match server {
            Some(guild) => t.venue == Venue::Server(guild) && t.channel == ChannelId::from(ctx.channel_id()),
            None => t.humans().contains(&user),
        };
        if listed && t.is_open() {
            found.push((t.id, running.table.clone(), link_of(&running)));
        }
    }
    // Newest first.
    found.sort_by_key(|(id, ..)| std::cmp::Reverse(*id));
    let listed: Vec<Listed<'_>> = found.iter().map(|(_, table, link)| Listed { table, link: link.clone() }).collect();
    private(ctx, games_list(mine, &listed, server.is_some())).await
}
