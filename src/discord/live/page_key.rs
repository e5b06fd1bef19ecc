//! The game pages as the live wing sees them ([`Pages`]: the link a board
//! carries; whether a server switched its pages off is one of its
//! settings, `live::servers`), and the unguessable
//! key in a game's page address (`/g/{key}`): 22
//! URL-safe characters that name one game, made with a secret kept in the
//! store ([`crate::store::Store::page_secret`]), so that a key is the same
//! across restarts, exists for games older than the pages, and cannot be
//! guessed from the game's number (a game in a DM is seen only by those
//! given its link).
//!
//! A tournament's page (`/t/{key}`) has a key made the same way with
//! labels of its own, so that neither kind of key names the other's.
//!
//! The key is 16 bytes: the game's number enciphered (a four-round Feistel
//! network over its 64 bits, HMAC-SHA256 with the secret as the round
//! function), then 8 bytes of HMAC-SHA256(secret, number) that
//! authenticate it. Reading a key deciphers the number and checks the
//! tag: no table of keys, and a forged or mistyped key names no game.

use crate::discord::game::table::{Stage, Table};
use crate::discord::view::components::{add_activity_button, add_page_link};
use crate::discord::view::lang::Lang;
use crate::discord::view::message::Message;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use std::sync::OnceLock;

/// The game pages: the keys (once the store's secret is read, at start-up
/// when `web` is set), where links point.
#[derive(Debug, Default)]
pub(crate) struct Pages {
    keys: OnceLock<Keys>,
    public_url: Option<String>,
    /// Boards open their game as a Discord Activity (`activity = true`).
    activity: bool,
}

impl Pages {
    /// Pages whose links point at `public_url` (none without it).
    pub(crate) fn new(public_url: Option<String>) -> Pages {
        Pages { public_url, ..Pages::default() }
    }

    /// Pages whose boards also open their game as an Activity.
    pub(crate) fn with_activity(self, activity: bool) -> Pages {
        Pages { activity, ..self }
    }

    /// Sets the keys, made with the store's secret.
    pub(crate) fn set_keys(&self, keys: Keys) {
        let _ = self.keys.set(keys);
    }

    /// The keys, when pages are served.
    pub(crate) fn keys(&self) -> Option<&Keys> {
        self.keys.get()
    }

    /// The address of game `id`'s page, when pages are served and linked.
    pub(crate) fn link(&self, id: i64) -> Option<String> {
        let base = self.public_url.as_ref()?;
        Some(format!("{base}/g/{}", self.keys()?.key(id)))
    }

    /// The address of tournament `id`'s page, when pages are served and linked.
    pub(crate) fn tournament_link(&self, id: i64) -> Option<String> {
        let base = self.public_url.as_ref()?;
        Some(format!("{base}/t/{}", self.keys()?.tournament_key(id)))
    }

    /// Adds the link to its page to a game's board or result, when the
    /// pages are served and linked (`web` and `public_url`) and its server
    /// did not switch them off (`pages_on`); and to a board of a game being played, the
    /// button that opens it as an Activity when that is on (also where its
    /// server switched its pages off).
    pub(crate) fn add_link(&self, t: &Table, pages_on: bool, lang: Lang, msg: &mut Message) {
        if t.stage == Stage::Lobby {
            return;
        }
        let Some(url) = self.link(t.id.get()) else { return };
        // The Activity shows its board to the players in it (at addresses
        // of its own) also where the server switched its public pages off.
        if self.activity && t.stage == Stage::Playing {
            add_activity_button(lang, msg, t.id, t.seq);
        }
        if pages_on {
            add_page_link(lang, msg, url);
        }
    }
}

/// The characters of a key.
pub(crate) const KEY_LEN: usize = 22;

/// Makes and reads the keys of one database.
#[derive(Clone)]
pub(crate) struct Keys {
    secret: [u8; 32],
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys([secret])")
    }
}

impl Keys {
    pub(crate) fn new(secret: [u8; 32]) -> Keys {
        Keys { secret }
    }

    fn mac(&self, parts: &[&[u8]]) -> [u8; 32] {
        // A 32-byte key is always accepted.
        let Ok(mut mac) = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.secret) else { return [0; 32] };
        for p in parts {
            mac.update(p);
        }
        mac.finalize().into_bytes().into()
    }

    fn round(&self, kind: Kind, i: u8, half: u32) -> u32 {
        let d = self.mac(&[kind.labels().0, &[i], &half.to_be_bytes()]);
        u32::from_be_bytes([d[0], d[1], d[2], d[3]])
    }

    fn tag(&self, kind: Kind, id: i64) -> [u8; 8] {
        let d = self.mac(&[kind.labels().1, &id.to_be_bytes()]);
        let mut t = [0; 8];
        t.copy_from_slice(&d[..8]);
        t
    }

    /// The key of game `id`.
    pub(crate) fn key(&self, id: i64) -> String {
        self.key_of(Kind::Game, id)
    }

    /// The game a key names, if it names one.
    pub(crate) fn game(&self, key: &str) -> Option<i64> {
        self.named(Kind::Game, key)
    }

    /// The key of tournament `id` (`/t/{key}`): another key than game
    /// `id`'s, and a game's key names no tournament.
    pub(crate) fn tournament_key(&self, id: i64) -> String {
        self.key_of(Kind::Tournament, id)
    }

    /// The tournament a key names, if it names one.
    pub(crate) fn tournament(&self, key: &str) -> Option<i64> {
        self.named(Kind::Tournament, key)
    }

    fn key_of(&self, kind: Kind, id: i64) -> String {
        let n = id as u64;
        let (mut l, mut r) = ((n >> 32) as u32, n as u32);
        for i in 0..4 {
            (l, r) = (r, l ^ self.round(kind, i, r));
        }
        let mut bytes = [0u8; 16];
        bytes[..4].copy_from_slice(&l.to_be_bytes());
        bytes[4..8].copy_from_slice(&r.to_be_bytes());
        bytes[8..].copy_from_slice(&self.tag(kind, id));
        encode(&bytes)
    }

    fn named(&self, kind: Kind, key: &str) -> Option<i64> {
        let bytes = decode(key)?;
        let (mut l, mut r) = (
            u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]),
            u32::from_be_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
        );
        for i in (0..4).rev() {
            (l, r) = (r ^ self.round(kind, i, l), l);
        }
        let id = ((u64::from(l) << 32) | u64::from(r)) as i64;
        let tag = self.tag(kind, id);
        // Compared in constant time.
        let diff = tag.iter().zip(&bytes[8..]).fold(0u8, |acc, (a, b)| acc | (a ^ b));
        (diff == 0 && id > 0).then_some(id)
    }
}

/// What a key names: its own labels in the HMACs, so that a key of one
/// kind names nothing of the other (a game's labels are those of the
/// first pages: its keys never change).
#[derive(Clone, Copy, Debug)]
enum Kind {
    Game,
    Tournament,
}

impl Kind {
    fn labels(self) -> (&'static [u8], &'static [u8]) {
        match self {
            Kind::Game => (b"thaayam-page-round", b"thaayam-page-tag"),
            Kind::Tournament => (b"thaayam-tournament-round", b"thaayam-tournament-tag"),
        }
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// 16 bytes in unpadded base64url: 22 characters.
fn encode(bytes: &[u8; 16]) -> String {
    let mut bits = 0u32;
    let mut held = 0;
    let mut out = String::with_capacity(KEY_LEN);
    for &b in bytes {
        bits = (bits << 8) | u32::from(b);
        held += 8;
        while held >= 6 {
            held -= 6;
            out.push(char::from(ALPHABET[((bits >> held) & 63) as usize]));
        }
    }
    if held > 0 {
        out.push(char::from(ALPHABET[((bits << (6 - held)) & 63) as usize]));
    }
    out
}

/// The 16 bytes of a key, if it is one (22 characters of base64url whose
/// unused last bits are zero: one spelling per key).
fn decode(key: &str) -> Option<[u8; 16]> {
    if key.len() != KEY_LEN {
        return None;
    }
    let mut out = [0u8; 16];
    let (mut bits, mut held, mut n) = (0u32, 0, 0);
    for c in key.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        bits = (bits << 6) | v;
        held += 6;
        if held >= 8 {
            held -= 8;
            *out.get_mut(n)? = (bits >> held) as u8;
            n += 1;
        }
        bits &= (1 << held) - 1;
    }
    (n == 16 && bits == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_names_its_game_and_nothing_else() {
        let keys = Keys::new([7; 32]);
        for id in [1, 2, 3, 99, 1_000_000, i64::MAX] {
            let key = keys.key(id);
            assert_eq!(key.len(), KEY_LEN);
            assert!(key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{key}");
            assert!(!key.contains(&id.to_string()) || id < 10, "the number is not in the key: {key}");
            assert_eq!(keys.game(&key), Some(id), "{key}");
        }
        assert_ne!(keys.key(1), keys.key(2));
        // Another database's secret: other keys, and ours name nothing there.
        let other = Keys::new([8; 32]);
        assert_ne!(other.key(1), keys.key(1));
        assert_eq!(other.game(&keys.key(1)), None);
    }

    #[test]
    fn a_tournament_s_key_names_it_and_no_game_and_a_game_s_names_no_tournament() {
        let keys = Keys::new([7; 32]);
        // The first pages' keys are kept: game 1's key under this secret.
        let game_one = keys.key(1);
        for id in [1, 2, 77, i64::MAX] {
            let key = keys.tournament_key(id);
            assert_eq!(key.len(), KEY_LEN);
            assert_eq!(keys.tournament(&key), Some(id), "{key}");
            assert_eq!(keys.game(&key), None, "a tournament's key names no game: {key}");
            assert_ne!(key, keys.key(id));
            assert_eq!(keys.tournament(&keys.key(id)), None, "a game's key names no tournament");
        }
        assert_eq!(keys.game(&game_one), Some(1));
        assert_eq!(Keys::new([8; 32]).tournament(&keys.tournament_key(3)), None);
    }

    #[test]
    fn a_changed_or_malformed_key_names_no_game() {
        let keys = Keys::new([7; 32]);
        let key = keys.key(42);
        for i in 0..KEY_LEN {
            let mut k = key.clone().into_bytes();
            k[i] = if k[i] == b'A' { b'B' } else { b'A' };
            let k = String::from_utf8(k).expect("ascii");
            assert_eq!(keys.game(&k), None, "changed at {i}: {k}");
        }
        for bad in ["", "short", &format!("{key}x"), &key[1..], "ééééééééééé", "!!!!!!!!!!!!!!!!!!!!!!"] {
            assert_eq!(keys.game(bad), None, "{bad:?}");
        }
    }
}
