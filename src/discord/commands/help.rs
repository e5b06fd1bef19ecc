//! `/thaayam help`: how a turn works, in the words of the real controls,
//! with a picture of a picked move (drawn like a board).

use super::answer::langs;
use crate::discord::live::pictures;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::picture::example_view;
use crate::discord::{Context, Error};
use poise::serenity_prelude as serenity;

/// How a turn goes, for people who have never played, in `lang`.
fn turn_text(lang: Lang) -> String {
    tr!(lang, "help-turn")
}

#[poise::command(slash_command)]
pub(crate) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    // Drawing the example may take longer than Discord's 3 s for a first answer.
    super::answer::defer(ctx, true).await?;
    let mine = langs(ctx).await.1;
    let mut reply = poise::CreateReply::default()
        .content(turn_text(mine))
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Some((view, alt)) = example_view(mine)
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
    fn the_help_fits_one_message_and_names_the_real_controls_in_every_language() {
        for lang in Lang::all() {
            let turn = turn_text(lang);
            assert!(turn.chars().count() <= 2000, "{}", lang.code());
            let picked = example_view(lang).expect("an example").1;
            assert!(picked.chars().count() <= 1024);
            let menu = tr!(lang, "menu-ways", what = "yours", complete = "yes", count = 2, throws = "1");
            let your_move = menu.split(':').next().unwrap_or_default().trim().to_string();
            // The option's words as the menu writes them: a piece entering, a capture's mark.
            let entering = format!("{} → c1", tr!(lang, "option-entering"));
            for label in [your_move, tr!(lang, "button-confirm"), tr!(lang, "button-undo"), "Sb1".into(), entering] {
                assert!(turn.contains(&label), "{}: {label}", lang.code());
            }
            // What the picture's marks mean is said (arrows, capture bursts, numbers).
            assert!(turn.contains('⚔') && turn.lines().count() >= 7, "{}: {turn}", lang.code());
        }
    }
}
