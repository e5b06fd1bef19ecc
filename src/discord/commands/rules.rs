//! `/thaayam rules`: the rules in a few lines, per variant.

use super::answer::{VariantChoice, langs};
use super::busy::admit;
use crate::discord::live::guard::Heavy;
use crate::discord::live::pictures;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::{Context, Error};
use crate::engine::Variant;
use poise::serenity_prelude as serenity;

/// The rules common to every variant, in `lang`.
fn common(lang: Lang) -> String {
    tr!(lang, "rules-common")
}

/// What a variant changes, in `lang`.
fn variant_text(lang: Lang, v: Variant) -> String {
    match v {
        Variant::Bell => tr!(lang, "rules-bell"),
        Variant::Bell1979 => tr!(lang, "rules-bell1979"),
        Variant::Francais => tr!(lang, "rules-francais"),
        Variant::TayamSonalu => tr!(lang, "rules-tayam-sonalu"),
    }
}

#[poise::command(slash_command)]
pub(crate) async fn rules(ctx: Context<'_>, variant: Option<VariantChoice>) -> Result<(), Error> {
    let variants: Vec<Variant> = match variant {
        Some(v) => vec![v.into()],
        None => Variant::ALL.to_vec(),
    };
    let mine = langs(ctx).await.1;
    let mut text = common(mine);
    for &v in &variants {
        text.push_str("\n\n");
        text.push_str(&variant_text(mine, v));
    }
    text.push_str("\n\n");
    text.push_str(&tr!(mine, "rules-start"));
    // A user once in a while (the pictures are drawn once, but each
    // answer uploads them again).
    let Some(ticket) = admit(ctx, Heavy::Rules).await? else { return Ok(()) };
    // Drawing the routes (the first time) may take longer than Discord's 3 s.
    super::answer::defer(ctx, true).await?;
    let routes = pictures::route_pngs(ticket, &variants).await;
    if routes.iter().any(|(name, _)| name.starts_with("route-")) {
        text.push_str("\n\n");
        text.push_str(&tr!(mine, "rules-routes"));
    }
    if routes.iter().any(|(name, _)| name.starts_with("cross-")) {
        text.push_str("\n\n");
        text.push_str(&tr!(mine, "rules-cross-routes"));
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
    fn the_rules_fit_one_message_in_every_language() {
        for lang in Lang::all() {
            let all: usize = Variant::ALL.iter().map(|&v| variant_text(lang, v).chars().count() + 2).sum();
            let ends = [tr!(lang, "rules-start"), tr!(lang, "rules-routes"), tr!(lang, "rules-cross-routes")];
            let ends: usize = ends.iter().map(|e| e.chars().count() + 2).sum();
            let total = common(lang).chars().count() + all + ends;
            assert!(total <= 2000, "{}: {total} characters", lang.code());
        }
    }
}
