//! `/thaayam hint`: in a practice game, the player on turn privately
//! gets the expert's advice (`discord::game::hint`, worded by
//! `discord::view::hint`). Nothing of the game changes and nobody else
//! sees it.

use super::answer::{langs, private};
use super::busy::admit;
use crate::discord::game::hint::{HintRefusal, hint, may_ask};
use crate::discord::game::ids::{ChannelId, UserId};
use crate::discord::live::guard::Heavy;
use crate::discord::view::hint::hint_text;
use crate::discord::{Context, Error};

#[poise::command(slash_command, rename = "hint")]
pub(crate) async fn hint_command(ctx: Context<'_>) -> Result<(), Error> {
    let lang = langs(ctx).await.1;
    let Some(game) = ctx.data().hub.in_channel(ChannelId::from(ctx.channel_id())) else {
        return private(ctx, hint_text(lang, &Err(HintRefusal::NoGame))).await;
    };
    // A copy, so that the search holds neither the game nor the runtime.
    let table = game.lock().await.table.clone();
    let user = UserId::from(ctx.author().id);
    // Asked at the wrong moment: said at once, costing no search.
    if let Err(no) = may_ask(&table, user) {
        return private(ctx, hint_text(lang, &Err(no))).await;
    }
    // One search at a time, a few waiting; a user once in a while.
    let Some(ticket) = admit(ctx, Heavy::Hint).await? else { return Ok(()) };
    // The expert's search may take longer than Discord waits for an answer.
    super::answer::defer(ctx, true).await?;
    let answer = ticket.run(move || hint(&table, user)).await?;
    private(ctx, hint_text(lang, &answer)).await
}
