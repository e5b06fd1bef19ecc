//! The heavy commands' way in (hint, rules, replay, analyse): a place in
//! the bot's queue for that work and the user's cooldown, or at once a
//! private "busy, try again in N s", before anything is deferred (so the
//! answer never waits past Discord's 3 s, nor a queue past its 15 min).

use super::answer::{langs, private};
use crate::discord::game::ids::UserId;
use crate::discord::live::guard::{Busy, Heavy, Ticket};
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::Outcome;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::{Context, Error};

/// The words of a refusal for being busy.
pub(crate) fn busy_text(lang: Lang, busy: Busy) -> String {
    match busy {
        Busy::Cooldown { .. } => tr!(lang, "busy-cooldown", secs = busy.secs()),
        Busy::Queue { .. } => tr!(lang, "busy-queue", secs = busy.secs()),
    }
}

/// A place for `what` by the command's user; `None` when she was told
/// to try again later.
pub(crate) async fn admit(ctx: Context<'_>, what: Heavy) -> Result<Option<Ticket>, Error> {
    match ctx.data().guard.admit(UserId::from(ctx.author().id), what) {
        Ok(ticket) => Ok(Some(ticket)),
        Err(busy) => {
            instrument::classify(Outcome::Refused);
            tracing::debug!("/{} refused for now: {busy:?}", ctx.command().qualified_name);
            let text = busy_text(langs(ctx).await.1, busy);
            private(ctx, text).await.map(|()| None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_says_how_long_in_every_language() {
        for lang in Lang::all() {
            for busy in [Busy::Cooldown { secs: 7 }, Busy::Queue { secs: 7 }] {
                let text = busy_text(lang, busy);
                assert!(text.contains('7'), "{}: {text}", lang.code());
            }
            assert_ne!(busy_text(lang, Busy::Cooldown { secs: 1 }), busy_text(lang, Busy::Queue { secs: 1 }));
        }
    }
}
