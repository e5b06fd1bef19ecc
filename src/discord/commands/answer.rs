//! Small shared pieces of the record commands (leaderboard, stats,
//! history, replay, settings): a plain [`Message`] as a poise reply, the
//! friendly answer to a store failure, and text that fits a limit.

use crate::discord::bot::{Context, Error};
use crate::discord::message::Message;
use crate::discord::outgoing;
use crate::store::StoreError;

/// The embed colour of record messages (the board's brown).
pub const COLOUR: u32 = 0xB5_651D;

/// A [`Message`] as a poise reply (no attachment; only its mentions ping).
pub fn reply(m: &Message, ephemeral: bool) -> poise::CreateReply {
    let mut r = poise::CreateReply::default()
        .components(outgoing::rows(m))
        .allowed_mentions(outgoing::mentions(m))
        .ephemeral(ephemeral);
    if !m.content.is_empty() {
        r = r.content(m.content.clone());
    }
    outgoing::embeds(m, None).into_iter().fold(r, poise::CreateReply::embed)
}

/// Sends a built message.
pub async fn send(ctx: Context<'_>, m: &Message, ephemeral: bool) -> Result<(), Error> {
    ctx.send(reply(m, ephemeral)).await?;
    Ok(())
}

/// The user sees a short private apology, the log gets the cause.
pub async fn store_failed(ctx: Context<'_>, what: &str, e: StoreError) -> Result<(), Error> {
    tracing::error!("/thaayam {}: {what} failed: {e}", ctx.command().name);
    super::private(ctx, "Sorry, I could not read the game records just now; please try again in a moment.").await
}

/// Joins `lines` with newlines, keeping as many whole lines as fit in
/// `max` characters; if some are left out, the last line says how many.
pub fn fit_lines(lines: &[String], max: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for (i, line) in lines.iter().enumerate() {
        let left = lines.len() - i;
        let more = format!("…and {left} more");
        let len = line.chars().count() + usize::from(used > 0);
        // Room for this line and, unless it is the last, for the "more" note.
        let reserve = if left > 1 { more.chars().count() + 1 } else { 0 };
        if used + len + reserve > max {
            if used + more.chars().count() < max {
                if used > 0 {
                    out.push('\n');
                }
                out.push_str(&more);
            }
            return out;
        }
        if used > 0 {
            out.push('\n');
        }
        out.push_str(line);
        used += len;
    }
    out
}

/// `s` cut to at most `max` characters (an ellipsis marks the cut).
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// `<@id>`, a mention that pings no one when sent with empty
/// `allowed_mentions`.
pub fn mention(user: u64) -> String {
    format!("<@{user}>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_that_do_not_fit_are_counted() {
        let lines: Vec<String> = (0..10).map(|i| format!("line {i}")).collect();
        assert_eq!(fit_lines(&lines[..2], 100), "line 0\nline 1");
        let cut = fit_lines(&lines, 30);
        assert!(cut.chars().count() <= 30, "{cut}");
        assert!(cut.starts_with("line 0\nline 1"), "{cut}");
        let kept = cut.lines().count() - 1;
        assert!(cut.ends_with(&format!("…and {} more", 10 - kept)), "{cut}");
        assert_eq!(fit_lines(&[], 10), "");
    }
}
