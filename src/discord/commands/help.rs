//! `/thaayam help`: how a turn works, in the words of the real controls,
//! with a picture of a picked move (drawn like a board).

use super::answer::langs;
use crate::discord::live::pictures;
use crate::discord::view::picture::example_view;
use crate::discord::{Context, Error};
use poise::serenity_prelude as serenity;

/// How a turn goes, for people who have never played.
const TURN: &str = "**How a turn works**
1. When your turn comes the bot throws the cowries for you: it throws again after a 1, 4 or 8 and stops at a 2 \
or 3. Whatever has only one possible outcome plays itself, and the board says what happened.
2. When you have a choice the board mentions you and offers one menu, **Your move**. Each option is a whole \
move, named by the squares your pieces go from and to, for example `e4 → d5 takes North · enter a piece`, with \
the throws it uses. Picking one shows it on the picture (its squares marked, an arrow); you may pick another.
3. Press **Confirm** to play it, or **Undo** to take it back.
4. If a series has more moves than a menu holds, its last option, **Another move: build it step by step**, lets \
you choose one action at a time.
A capture earns another series. Squares are named like chess squares from South's side: files a–e from left to \
right, ranks 1–5 from bottom to top; the keep is c3, the palaces are c1, a3, c5 and e3. `/thaayam rules` gives \
the rules, `/thaayam resign` gives up (in a game of two the other player wins at once).";

/// How a turn works: the move menu, Confirm and Undo
#[poise::command(slash_command)]
pub(crate) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    // Drawing the example may take longer than Discord's 3 s for a first answer.
    ctx.defer_ephemeral().await?;
    let mut reply = poise::CreateReply::default()
        .content(TURN)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Some((view, alt)) = example_view(langs(ctx).await.1)
        && let Some(png) = pictures::render_png(view).await
    {
        reply = reply.attachment(serenity::CreateAttachment::bytes(png, "turn.png").description(alt));
    }
    ctx.send(reply).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_fits_one_message_and_names_the_real_controls() {
        assert!(TURN.chars().count() <= 2000);
        let picked = example_view(crate::discord::view::lang::Lang::EN).expect("an example").1;
        assert!(picked.chars().count() <= 1024);
        for label in ["Your move", "Confirm", "Undo", "build it step by step"] {
            assert!(TURN.contains(label), "{label}");
        }
    }
}
