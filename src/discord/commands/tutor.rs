//! `/thaayam tutor on|off`: whether the user's picks are judged before she
//! confirms them (`discord::game::tutor`: in practice games and games
//! against computers, never in a rated game between people), saved for
//! her wherever she plays; off until she switches it on. Without the
//! option: her current setting.

use super::answer::{langs, private};
use super::notify::Switch;
use crate::ai::skill::MISTAKE;
use crate::discord::game::ids::UserId;
use crate::discord::view::lang::tr;
use crate::discord::{Context, Error};

#[poise::command(slash_command)]
pub(crate) async fn tutor(ctx: Context<'_>, switch: Option<Switch>) -> Result<(), Error> {
    let (_, mine) = langs(ctx).await;
    let user = UserId::from(ctx.author().id);
    // The threshold the warning starts at, in points: the analysis's own.
    let points = (MISTAKE * 100.0).round() as i64;
    let Some(switch) = switch else {
        return match ctx.data().store.call(move |s| s.tutor(user.get())).await {
            Ok(true) => private(ctx, tr!(mine, "tutor-is-on", points = points)).await,
            Ok(false) => private(ctx, tr!(mine, "tutor-is-off", points = points)).await,
            Err(e) => {
                tracing::warn!("could not read the tutor choice of user {user}: {e}");
                private(ctx, tr!(mine, "error-logged")).await
            }
        };
    };
    let on = switch == Switch::On;
    match ctx.data().store.call(move |s| s.set_tutor(user.get(), on)).await {
        Ok(()) => private(ctx, if on { tr!(mine, "tutor-on", points = points) } else { tr!(mine, "tutor-off") }).await,
        Err(e) => {
            tracing::warn!("could not save the tutor choice of user {user}: {e}");
            private(ctx, tr!(mine, "tutor-failed")).await
        }
    }
}
