//! `/thaayam notify on|off`: whether the user gets a direct message when
//! it is her turn and she has not acted for a while (see `live::clock`),
//! saved for her wherever she plays; off until she switches it on.

use super::answer::{langs, private};
use crate::discord::game::ids::UserId;
use crate::discord::live::clock::notify_after;
use crate::discord::view::lang::tr;
use crate::discord::{Context, Error};

/// On or off.
#[derive(Copy, Clone, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub(crate) enum Switch {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

#[poise::command(slash_command)]
pub(crate) async fn notify(ctx: Context<'_>, switch: Switch) -> Result<(), Error> {
    let (_, mine) = langs(ctx).await;
    let user = UserId::from(ctx.author().id);
    let on = switch == Switch::On;
    match ctx.data().store.call(move |s| s.set_notify_turns(user.get(), on)).await {
        Ok(()) => {
            let minutes = notify_after(&ctx.data().config).as_secs().div_ceil(60);
            private(ctx, if on { tr!(mine, "notify-on", minutes = minutes) } else { tr!(mine, "notify-off") }).await
        }
        Err(e) => {
            tracing::warn!("could not save the notify choice of user {user}: {e}");
            private(ctx, tr!(mine, "notify-failed")).await
        }
    }
}
