//! `/thaayam rules`: the rules in a few lines, per variant.

use super::answer::VariantChoice;
use crate::discord::live::pictures;
use crate::discord::{Context, Error};
use crate::engine::Seat;
use crate::engine::Variant;
use poise::serenity_prelude as serenity;

const COMMON: &str = "**Thaayam** is a race game from South India for 2–4 players on a 5 × 5 board. \
Each player has four pieces that enter on their *palace* (the middle square of their side), \
run round the board and spiral inwards to the centre square, the *keep*, and are then borne off. \
The dice are four cowrie shells: the number of shells mouth-up gives 1, 2, 3 or 4, and none up gives 8. \
A 1, 4 or 8 lets you throw again; a series ends with a 2 or a 3. \
A piece enters with a throw of 1. Landing on an opponent's piece on an unmarked square captures it \
(it goes back off the board) and earns another series. Marked squares are safe. \
Two of your pieces can travel together as *twins*. The first to bear off all four pieces wins.";

fn variant_text(v: Variant) -> &'static str {
    match v {
        Variant::Bell => {
            "**bell** (R. C. Bell): a piece moves by the sum of any of the throws, once per series; \
you must use as many throws as you can."
        }
        Variant::Bell1979 => {
            "**bell1979**: each throw moves a piece on its own, and a piece may move again \
with another throw; a capture gives a new series at once."
        }
        Variant::Francais => {
            "**francais**: using the throws is optional (you may stop), and captured twins \
stay together off the board."
        }
        Variant::TayamSonalu => {
            "**tayam-sonalu** (Sri Lanka): a cross-shaped board and two long dice (0, 1, 2, 4); \
the first piece enters only with Tayam (0+1), later ones with 1, 5 or Sonal (0+4); each throw moves a piece \
on its own; nothing is safe; all four pieces home in the centre wins."
        }
    }
}

/// How to play Thaayam (the rules in short, for each variant)
#[poise::command(slash_command)]
pub(crate) async fn rules(
    ctx: Context<'_>,
    #[description = "Which rules to explain (default: all of them)"] variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let variants: Vec<Variant> = match variant {
        Some(v) => vec![v.into()],
        None => Variant::ALL.to_vec(),
    };
    let mut text = String::from(COMMON);
    for &v in &variants {
        text.push_str("\n\n");
        text.push_str(variant_text(v));
    }
    text.push_str(
        "\n\nStart a game with `/thaayam new`. The throws are made for you; on your turn pick your move in the \
         **Your move** menu and press **Confirm** (`/thaayam help` shows how).",
    );
    // Drawing the routes may take longer than Discord's 3 s for a first answer.
    ctx.defer_ephemeral().await?;
    let routes = pictures::route_pngs(variants.clone(), Seat::ALL.to_vec()).await;
    if routes.iter().any(|(name, _)| name.starts_with("route-")) {
        text.push_str("\n\nThe pictures show each player's route on the 5 × 5 board, from the palace to the keep.");
    }
    if routes.iter().any(|(name, _)| name.starts_with("cross-")) {
        text.push_str("\n\nThe cross pictures show each player's route from the centre, out and round, back home.");
    }
    let mut reply = poise::CreateReply::default()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    for (name, png) in routes {
        reply = reply.attachment(serenity::CreateAttachment::bytes(png, name));
    }
    ctx.send(reply).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_fit_one_message() {
        let all: usize = Variant::ALL.iter().map(|&v| variant_text(v).chars().count() + 2).sum();
        assert!(COMMON.chars().count() + all + 300 < 2000);
    }
}
