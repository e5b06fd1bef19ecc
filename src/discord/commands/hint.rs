//! `/thaayam hint`: in a practice game, the player on turn privately
//! gets the expert's advice (`discord::game::hint`, worded by
//! `discord::view::hint`). Nothing of the game changes and nobody else
//! sees it.

use super::answer::{langs, private};
use crate::discord::game::hint::{HintRefusal, hint};
use crate::discord::view::hint::hint_text;
use crate::discord::{Context, Error};

#[poise::command(slash_command, rename = "hint")]
pub(crate) async fn hint_command(ctx: Context<'_>) -> Result<(), Error> {
    let lang = langs(ctx).await.1;
    let Some(game) = ctx.data().hub.in_channel(ctx.channel_id().get()) else {
        return private(ctx, hint_text(lang, &Err(HintRefusal::NoGame))).await;
    };
    // The expert's search may take longer than Discord waits for an answer.
    super::answer::defer(ctx, true).await?;
    // A copy, so that the search holds neither the game nor the runtime.
    let table = game.lock().await.table.clone();
    let user = ctx.author().id.get();
    let answer = tokio::task::spawn_blocking(move || hint(&table, user)).await?;
    private(ctx, hint_text(lang, &answer)).await
}
