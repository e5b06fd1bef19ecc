//! Who is playing in the Activity, asked of Discord: the exchange of the
//! Embedded App SDK's OAuth2 code for an access token (with the app's
//! client secret), the user an access token belongs to (`/users/@me` with
//! it as a bearer token; answers kept a minute), and an Activity instance
//! (its users and the channel it runs in, asked with the bot's token).
//! Neither the client secret nor a token is ever written to a log.

use crate::discord::config::Secret;
use crate::discord::game::ids::{ChannelId, UserId};
use serenity::all::Http;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long Discord's answer to "whose token is this" is believed.
const WHO_FOR: Duration = Duration::from_secs(60);
/// Tokens remembered at most (past this the memory starts afresh).
const WHO_KEPT: usize = 10_000;
/// How long a request to Discord may take.
const TIMEOUT: Duration = Duration::from_secs(8);

/// Why Discord did not say yes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum AuthError {
    /// The code or token is not (or no longer) good.
    Refused,
    /// No such Activity instance.
    NoInstance,
    /// Discord could not be asked, or answered something else.
    Unavailable(String),
}

/// A user, as `/users/@me` says.
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

/// Discord, as the Activity's routes ask it.
pub(crate) struct Discord {
    client: reqwest::Client,
    /// `https://discord.com`, or the fake Discord of the tests.
    base: String,
    secret: Secret,
    /// The bot's client: its token and application id, and the boards it shows.
    pub(crate) http: Arc<Http>,
    who: Mutex<HashMap<[u8; 32], (Who, Instant)>>,
}

#[derive(serde::Deserialize)]
struct TokenAnswer {
    access_token: String,
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

impl Discord {
    pub(crate) fn new(base: String, secret: Secret, http: Arc<Http>) -> Discord {
        let client = reqwest::Client::builder().timeout(TIMEOUT).build().unwrap_or_default();
        Discord { client, base: base.trim_end_matches('/').to_string(), secret, http, who: Mutex::default() }
    }

    /// The app's id (known once the bot is connected).
    pub(crate) fn application_id(&self) -> Option<u64> {
        self.http.application_id().map(|a| a.get())
    }

    /// Exchanges the SDK's authorisation code for an access token.
    pub(crate) async fn exchange(&self, code: &str) -> Result<String, AuthError> {
        let app = self.application_id().ok_or_else(|| unavailable("token", "not connected to Discord yet"))?;
        let form = [
            ("client_id", app.to_string()),
            ("client_secret", self.secret.expose().to_string()),
            ("grant_type", "authorization_code".to_string()),
            ("code", code.to_string()),
        ];
        let url = format!("{}/api/oauth2/token", self.base);
        let answer = self.client.post(url).form(&form).send().await.map_err(|e| unavailable("token", e))?;
        let status = answer.status();
        if status == reqwest::StatusCode::BAD_REQUEST || status == reqwest::StatusCode::UNAUTHORIZED {
            return Err(AuthError::Refused);
        }
        if !status.is_success() {
            return Err(unavailable("token", status));
        }
        let body = answer.bytes().await.map_err(|e| unavailable("token", e))?;
        let token: TokenAnswer = serde_json::from_slice(&body).map_err(|e| unavailable("token", e))?;
        Ok(token.access_token)
    }

    /// The user whose access token this is (believed [`WHO_FOR`]).
    pub(crate) async fn who(&self, token: &str) -> Result<Who, AuthError> {
        let key: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        {
            let known = self.who.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some((who, _)) = known.get(&key).filter(|(_, at)| at.elapsed() < WHO_FOR) {
                return Ok(who.clone());
            }
        }
        let url = format!("{}/api/v10/users/@me", self.base);
        let answer = self.client.get(url).bearer_auth(token).send().await.map_err(|e| unavailable("user", e))?;
        let status = answer.status();
        if status == reqwest::StatusCode::UNAUTHORIZED || status == reqwest::StatusCode::FORBIDDEN {
            self.who.lock().unwrap_or_else(PoisonError::into_inner).remove(&key);
            return Err(AuthError::Refused);
        }
        if !status.is_success() {
            return Err(unavailable("user", status));
        }
        let body = answer.bytes().await.map_err(|e| unavailable("user", e))?;
        let user: UserAnswer = serde_json::from_slice(&body).map_err(|e| unavailable("user", e))?;
        let id = user.id.parse::<u64>().map_err(|e| unavailable("user id", e))?;
        let who = Who { user: UserId(id), name: user.global_name.unwrap_or(user.username) };
        let mut known = self.who.lock().unwrap_or_else(PoisonError::into_inner);
        if known.len() >= WHO_KEPT {
            known.clear();
        }
        known.insert(key, (who.clone(), Instant::now()));
        Ok(who)
    }

    /// Activity instance `id` of this app.
    pub(crate) async fn instance(&self, id: &str) -> Result<Instance, AuthError> {
        let app = self.application_id().ok_or_else(|| unavailable("instance", "not connected to Discord yet"))?;
        // An instance id names no path: anything else is no instance.
        if id.is_empty() || id.len() > 200 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Err(AuthError::NoInstance);
        }
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
