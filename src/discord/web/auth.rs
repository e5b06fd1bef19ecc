//! Who is playing in the Activity, asked of Discord: the exchange of the
//! Embedded App SDK's OAuth2 code for an access token (with the app's
//! client secret), whose an access token is (`GET /oauth2/@me` with it as
//! a bearer token: only a token of this application with the `identify`
//! scope is taken), and an Activity instance (its users and the channel it
//! runs in, asked with the bot's token).
//!
//! Nothing here relays strangers to Discord: a code or token that does not
//! look like one is refused without asking; what Discord refused is
//! remembered ([`REFUSED_FOR`]); the questions a stranger can cause share
//! one budget for the whole process and one per client address
//! ([`super::budget`]); a 429 from Discord is honoured (nothing is asked
//! until its `Retry-After` is over); a token Discord confirmed is believed
//! [`WHO_FOR`] (so a revoked one is not believed for long), and asked
//! again outside the strangers' budget; an instance's users are kept
//! [`INSTANCE_FOR`] and asked once however many viewers reload at once
//! (again sooner only for a user not in it yet, at most once per
//! [`INSTANCE_AGAIN`]). Discord restricts an address that makes 10,000
//! invalid requests in 10 minutes: these bounds keep the bot's far under.
//! Neither the client secret nor a token is ever written to a log.

use super::budget::{Bucket, Buckets, Rate};
use crate::discord::config::Secret;
use crate::discord::game::ids::{ChannelId, UserId};
use serenity::all::Http;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long Discord's answer to "whose token is this" is believed.
pub(crate) const WHO_FOR: Duration = Duration::from_secs(30);
/// How long a token Discord confirmed is asked about again outside the
/// strangers' budget.
const KNOWN_FOR: Duration = Duration::from_secs(12 * 3600);
/// Tokens remembered at most (past this the memory starts afresh).
const WHO_KEPT: usize = 10_000;
/// How long a code or token Discord refused is refused without asking.
pub(crate) const REFUSED_FOR: Duration = Duration::from_secs(15 * 60);
/// Refused codes and tokens remembered at most.
const REFUSED_KEPT: usize = 100_000;
/// How long an instance's users and channel are believed.
pub(crate) const INSTANCE_FOR: Duration = Duration::from_secs(30);
/// How soon an instance is asked again for a user not in it.
pub(crate) const INSTANCE_AGAIN: Duration = Duration::from_secs(2);
/// Instances remembered at most.
const INSTANCES_KEPT: usize = 10_000;
/// Questions to Discord a stranger can cause (a code, an unknown token),
/// for the whole process: far under Discord's 10,000 invalid requests in
/// 10 minutes (16 a second).
pub(crate) const STRANGERS: Rate = Rate::new(20.0, 2.0);
/// The same, per client address.
pub(crate) const PER_ADDRESS: Rate = Rate::new(30.0, 1.0);
/// Client addresses whose budget is remembered at most.
const ADDRESSES_KEPT: usize = 50_000;
/// The longest a 429 from Discord makes the bot wait.
const RETRY_AFTER_MOST: Duration = Duration::from_secs(600);
/// How long a request to Discord may take.
const TIMEOUT: Duration = Duration::from_secs(8);

/// Why Discord did not say yes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum AuthError {
    /// The code or token is not (or no longer) good, or not one of this
    /// application's with `identify`.
    Refused,
    /// No such Activity instance.
    NoInstance,
    /// Not asked: over the budget, or Discord asked the bot to wait (429);
    /// again after this.
    Busy(Duration),
    /// Discord could not be asked, or answered something else.
    Unavailable(String),
}

/// A user, as `/oauth2/@me` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Who {
    pub(crate) user: UserId,
    pub(crate) name: String,
}

/// An Activity instance: who is in it and where it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Instance {
    pub(crate) users: Vec<UserId>,
    pub(crate) channel: ChannelId,
}

/// What an instance's lookup found, and when (shared by its viewers).
type Kept = Arc<tokio::sync::Mutex<Option<(Result<Instance, AuthError>, Instant)>>>;

/// Discord, as the Activity's routes ask it.
pub(crate) struct Discord {
    client: reqwest::Client,
    /// `https://discord.com`, or the fake Discord of the tests.
    base: String,
    secret: Secret,
    /// The bot's client: its token and application id, and the boards it shows.
    pub(crate) http: Arc<Http>,
    /// Tokens Discord confirmed: whose, and when.
    who: Mutex<HashMap<[u8; 32], (Who, Instant)>>,
    /// Codes and tokens Discord refused, and when.
    refused: Mutex<HashMap<[u8; 32], Instant>>,
    /// Until when Discord asked the bot to wait (429).
    wait_until: Mutex<Option<Instant>>,
    strangers: Bucket,
    addresses: Buckets<IpAddr>,
    instances: Mutex<HashMap<String, Kept>>,
}

/// Whether `s` can be an OAuth2 code or an access token: Discord's are a
/// few dozen characters of letters, digits and `-._~` (RFC 6749's
/// unreserved ones); anything else is refused without asking.
pub(crate) fn looks_like_a_credential(s: &str) -> bool {
    (4..=128).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b))
}

/// Whether `id` can be an Activity instance's id (it names no path).
fn looks_like_an_instance(id: &str) -> bool {
    !id.is_empty() && id.len() <= 200 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn key_of(s: &str) -> [u8; 32] {
    Sha256::digest(s.as_bytes()).into()
}

/// How long a 429 answer asks to wait: its `Retry-After` header, else its
/// body's `retry_after` (seconds), within [1 s, [`RETRY_AFTER_MOST`]].
pub(crate) fn retry_after(header: Option<&str>, body: &[u8]) -> Duration {
    let from_body =
        || serde_json::from_slice::<serde_json::Value>(body).ok().and_then(|v| v.get("retry_after")?.as_f64());
    let secs = header.and_then(|h| h.trim().parse::<f64>().ok()).or_else(from_body).unwrap_or(5.0);
    let secs = if secs.is_finite() { secs.clamp(1.0, RETRY_AFTER_MOST.as_secs_f64()) } else { 5.0 };
    Duration::from_secs_f64(secs)
}

#[derive(serde::Deserialize)]
struct TokenAnswer {
    access_token: String,
}

/// `GET /oauth2/@me`'s answer (the spec's `OAuth2GetAuthorizationResponse`).
#[derive(serde::Deserialize)]
struct AuthorizationAnswer {
    application: ApplicationAnswer,
    scopes: Vec<String>,
    user: Option<UserAnswer>,
}

#[derive(serde::Deserialize)]
struct ApplicationAnswer {
    id: String,
}

#[derive(serde::Deserialize)]
struct UserAnswer {
    id: String,
    username: String,
    global_name: Option<String>,
}

#[derive(serde::Deserialize)]
struct InstanceAnswer {
    users: Vec<String>,
    location: Location,
}

#[derive(serde::Deserialize)]
struct Location {
    channel_id: String,
}

fn unavailable(what: &str, e: impl std::fmt::Display) -> AuthError {
    AuthError::Unavailable(format!("{what}: {e}"))
}

/// Who a token's authorisation names, if it is one of application `app`'s
/// with the `identify` scope.
fn who_of(found: AuthorizationAnswer, app: u64) -> Result<Who, AuthError> {
    if found.application.id != app.to_string() || !found.scopes.iter().any(|s| s == "identify") {
        return Err(AuthError::Refused);
    }
    let user = found.user.ok_or(AuthError::Refused)?;
    let id = user.id.parse::<u64>().map_err(|e| unavailable("user id", e))?;
    Ok(Who { user: UserId(id), name: user.global_name.unwrap_or(user.username) })
}

impl Discord {
    pub(crate) fn new(base: String, secret: Secret, http: Arc<Http>) -> Discord {
        let client = reqwest::Client::builder().timeout(TIMEOUT).build().unwrap_or_default();
        let now = Instant::now();
        Discord {
            client,
            base: base.trim_end_matches('/').to_string(),
            secret,
            http,
            who: Mutex::default(),
            refused: Mutex::default(),
            wait_until: Mutex::default(),
            strangers: Bucket::new(STRANGERS, now),
            addresses: Buckets::new(PER_ADDRESS, ADDRESSES_KEPT),
            instances: Mutex::default(),
        }
    }

    /// The app's id (known once the bot is connected).
    pub(crate) fn application_id(&self) -> Option<u64> {
        self.http.application_id().map(|a| a.get())
    }

    /// Whether Discord refused `key` lately.
    fn was_refused(&self, key: &[u8; 32]) -> bool {
        let refused = self.refused.lock().unwrap_or_else(PoisonError::into_inner);
        refused.get(key).is_some_and(|at| at.elapsed() < REFUSED_FOR)
    }

    fn remember_refused(&self, key: [u8; 32]) {
        let mut refused = self.refused.lock().unwrap_or_else(PoisonError::into_inner);
        if refused.len() >= REFUSED_KEPT {
            refused.retain(|_, at| at.elapsed() < REFUSED_FOR);
            if refused.len() >= REFUSED_KEPT {
                refused.clear();
            }
        }
        refused.insert(key, Instant::now());
    }

    /// `Busy` while Discord's last 429 asks the bot to wait.
    fn not_waiting(&self) -> Result<(), AuthError> {
        let until = *self.wait_until.lock().unwrap_or_else(PoisonError::into_inner);
        match until.map(|u| u.saturating_duration_since(Instant::now())) {
            Some(left) if !left.is_zero() => Err(AuthError::Busy(left)),
            _ => Ok(()),
        }
    }

    /// Honours a 429: nothing is asked until its wait is over.
    async fn told_to_wait(&self, answer: reqwest::Response) -> AuthError {
        let header = answer.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_string);
        let body = answer.bytes().await.unwrap_or_default();
        let wait = retry_after(header.as_deref(), &body);
        tracing::warn!("Discord asked the Activity to wait {wait:?} (429)");
        *self.wait_until.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now() + wait);
        AuthError::Busy(wait)
    }

    /// One question a stranger causes, from `from`: within the process's
    /// budget and the address's, else `Busy`.
    fn strangers_budget(&self, from: IpAddr) -> Result<(), AuthError> {
        let now = Instant::now();
        self.addresses.take(&from, now).map_err(AuthError::Busy)?;
        self.strangers.take(now).map_err(|wait| {
            // Not asked: the address keeps its share.
            self.addresses.give_back(&from);
            AuthError::Busy(wait)
        })
    }

    /// Exchanges the SDK's authorisation code (from client address `from`)
    /// for an access token.
    pub(crate) async fn exchange(&self, code: &str, from: IpAddr) -> Result<String, AuthError> {
        if !looks_like_a_credential(code) {
            return Err(AuthError::Refused);
        }
        let key = key_of(code);
        if self.was_refused(&key) {
            return Err(AuthError::Refused);
        }
        self.not_waiting()?;
        let app = self.application_id().ok_or_else(|| unavailable("token", "not connected to Discord yet"))?;
        self.strangers_budget(from)?;
        let form = [
            ("client_id", app.to_string()),
            ("client_secret", self.secret.expose().to_string()),
            ("grant_type", "authorization_code".to_string()),
            ("code", code.to_string()),
        ];
        let url = format!("{}/api/oauth2/token", self.base);
        let answer = self.client.post(url).form(&form).send().await.map_err(|e| unavailable("token", e))?;
        let status = answer.status();
        if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            return Err(self.told_to_wait(answer).await);
        }
        if status == reqwest::StatusCode::BAD_REQUEST || status == reqwest::StatusCode::UNAUTHORIZED {
            // A code is good once: one Discord refused never will be.
            self.remember_refused(key);
            return Err(AuthError::Refused);
        }
        if !status.is_success() {
            return Err(unavailable("token", status));
        }
        let body = answer.bytes().await.map_err(|e| unavailable("token", e))?;
        let token: TokenAnswer = serde_json::from_slice(&body).map_err(|e| unavailable("token", e))?;
        Ok(token.access_token)
    }

    /// The user whose access token this is (believed [`WHO_FOR`]), asked
    /// for a request from client address `from`.
    pub(crate) async fn who(&self, token: &str, from: IpAddr) -> Result<Who, AuthError> {
        if !looks_like_a_credential(token) {
            return Err(AuthError::Refused);
        }
        let key = key_of(token);
        let known = {
            let known = self.who.lock().unwrap_or_else(PoisonError::into_inner);
            match known.get(&key) {
                Some((who, at)) if at.elapsed() < WHO_FOR => return Ok(who.clone()),
                Some((_, at)) => at.elapsed() < KNOWN_FOR,
                None => false,
            }
        };
        if self.was_refused(&key) {
            return Err(AuthError::Refused);
        }
        self.not_waiting()?;
        let app = self.application_id().ok_or_else(|| unavailable("user", "not connected to Discord yet"))?;
        // A token Discord confirmed before is asked again outside the
        // strangers' budget: a flood of junk does not sign players out.
        if !known {
            self.strangers_budget(from)?;
        }
        let url = format!("{}/api/v10/oauth2/@me", self.base);
        let answer = self.client.get(url).bearer_auth(token).send().await.map_err(|e| unavailable("user", e))?;
        let status = answer.status();
        if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            return Err(self.told_to_wait(answer).await);
        }
        if status == reqwest::StatusCode::UNAUTHORIZED || status == reqwest::StatusCode::FORBIDDEN {
            self.who.lock().unwrap_or_else(PoisonError::into_inner).remove(&key);
            self.remember_refused(key);
            return Err(AuthError::Refused);
        }
        if !status.is_success() {
            return Err(unavailable("user", status));
        }
        let body = answer.bytes().await.map_err(|e| unavailable("user", e))?;
        let found: AuthorizationAnswer = serde_json::from_slice(&body).map_err(|e| unavailable("user", e))?;
        let who = match who_of(found, app) {
            Ok(who) => who,
            Err(e) => {
                // Another application's token, or one without `identify`: never good here.
                self.who.lock().unwrap_or_else(PoisonError::into_inner).remove(&key);
                self.remember_refused(key);
                return Err(e);
            }
        };
        let mut known = self.who.lock().unwrap_or_else(PoisonError::into_inner);
        if known.len() >= WHO_KEPT {
            known.retain(|_, (_, at)| at.elapsed() < WHO_FOR);
            if known.len() >= WHO_KEPT {
                known.clear();
            }
        }
        known.insert(key, (who.clone(), Instant::now()));
        Ok(who)
    }

    /// Activity instance `id` of this app, as far as `user` is concerned:
    /// kept [`INSTANCE_FOR`] for all its viewers (one lookup at a time per
    /// instance; the others wait for its answer), asked again sooner only
    /// when `user` is not in it (at most once per [`INSTANCE_AGAIN`]).
    pub(crate) async fn instance(&self, id: &str, user: UserId) -> Result<Instance, AuthError> {
        if !looks_like_an_instance(id) {
            return Err(AuthError::NoInstance);
        }
        let kept = {
            let mut instances = self.instances.lock().unwrap_or_else(PoisonError::into_inner);
            if instances.len() >= INSTANCES_KEPT && !instances.contains_key(id) {
                instances.retain(|_, k| {
                    k.try_lock().map_or(true, |k| k.as_ref().is_some_and(|(_, at)| at.elapsed() < INSTANCE_FOR))
                });
                if instances.len() >= INSTANCES_KEPT {
                    instances.clear();
                }
            }
            instances.entry(id.to_string()).or_default().clone()
        };
        let mut kept = kept.lock().await;
        if let Some((found, at)) = kept.as_ref() {
            let age = at.elapsed();
            let has_her = matches!(found, Ok(i) if i.users.contains(&user));
            if (has_her && age < INSTANCE_FOR) || (!has_her && age < INSTANCE_AGAIN) {
                return found.clone();
            }
        }
        let found = self.ask_instance(id).await;
        if matches!(found, Ok(_) | Err(AuthError::NoInstance)) {
            *kept = Some((found.clone(), Instant::now()));
        }
        found
    }

    /// Asks Discord for instance `id` (with the bot's token).
    async fn ask_instance(&self, id: &str) -> Result<Instance, AuthError> {
        self.not_waiting()?;
        let app = self.application_id().ok_or_else(|| unavailable("instance", "not connected to Discord yet"))?;
        let url = format!("{}/api/v10/applications/{app}/activity-instances/{id}", self.base);
        let bot = format!("Bot {}", self.http.token().trim_start_matches("Bot "));
        let answer = self
            .client
            .get(url)
            .header(reqwest::header::AUTHORIZATION, bot)
            .send()
            .await
            .map_err(|e| unavailable("instance", e))?;
        let status = answer.status();
        if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            return Err(self.told_to_wait(answer).await);
        }
        if status == reqwest::StatusCode::NOT_FOUND {
            return Err(AuthError::NoInstance);
        }
        if !status.is_success() {
            return Err(unavailable("instance", status));
        }
        let body = answer.bytes().await.map_err(|e| unavailable("instance", e))?;
        let found: InstanceAnswer = serde_json::from_slice(&body).map_err(|e| unavailable("instance", e))?;
        let channel = found.location.channel_id.parse::<u64>().map_err(|e| unavailable("instance channel", e))?;
        let users = found.users.iter().filter_map(|u| u.parse::<u64>().ok()).map(UserId).collect();
        Ok(Instance { users, channel: ChannelId(channel) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_looks_like_a_code_or_token_is_asked_about() {
        for good in ["access-1-7", "code-1-2", "Zq9kD3lXn0cT1a2b3c4d5e6f7g8h9i", "a.b_c~d"] {
            assert!(looks_like_a_credential(good), "{good}");
        }
        let long = "x".repeat(129);
        for bad in ["", "abc", "two words", "<script>", "caf\u{e9}-token", long.as_str(), "a/b/../c", "tok%20en"] {
            assert!(!looks_like_a_credential(bad), "{bad:?}");
        }
        assert!(!looks_like_an_instance("../../users/@me") && looks_like_an_instance("i-1-gc-2"));
    }

    #[test]
    fn a_429_is_waited_out_as_discord_asks_within_bounds() {
        assert_eq!(retry_after(Some("3"), b""), Duration::from_secs(3));
        assert_eq!(retry_after(Some("2.5"), b""), Duration::from_millis(2500));
        assert_eq!(
            retry_after(None, br#"{"message":"You are being rate limited.","retry_after":7.25,"global":false}"#),
            Duration::from_millis(7250)
        );
        assert_eq!(retry_after(Some("0"), b""), Duration::from_secs(1), "at least a second");
        assert_eq!(retry_after(Some("99999"), b""), RETRY_AFTER_MOST, "at most ten minutes");
        assert_eq!(retry_after(Some("soon"), b"junk"), Duration::from_secs(5), "unreadable: a few seconds");
        assert_eq!(retry_after(Some("NaN"), b""), Duration::from_secs(5));
    }

    fn answer(app: &str, scopes: &[&str], user: bool) -> AuthorizationAnswer {
        AuthorizationAnswer {
            application: ApplicationAnswer { id: app.into() },
            scopes: scopes.iter().map(|s| s.to_string()).collect(),
            user: user.then(|| UserAnswer { id: "42".into(), username: "ana".into(), global_name: None }),
        }
    }

    #[test]
    fn only_this_applications_tokens_with_identify_are_taken() {
        let who = who_of(answer("7", &["identify", "guilds"], true), 7).expect("ours");
        assert_eq!(who, Who { user: UserId(42), name: "ana".into() });
        assert_eq!(who_of(answer("8", &["identify"], true), 7), Err(AuthError::Refused), "another app's");
        assert_eq!(who_of(answer("7", &["guilds"], true), 7), Err(AuthError::Refused), "no identify");
        assert_eq!(who_of(answer("7", &["identify"], false), 7), Err(AuthError::Refused), "no user");
    }
}
