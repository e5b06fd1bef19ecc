//! The `custom_id` of every button and select the bot sends, as a typed
//! value. Encoded as `t1:<game>:<control>:<arg>:<seq>` (version, game id,
//! what was clicked, an optional argument, the game's action counter), so a
//! click can be routed after a restart from the id alone and checked
//! against the stored game. Parsing never panics: anything else is a
//! [`ParseError`]. The controls of the piece-then-throws menus (`unit`,
//! `throws`) were retired when a move became one pick of a whole move
//! (`pick`): the layout did not change, and a click on a retired control
//! is told so privately and changes nothing.

use crate::discord::game::ids::GameId;
use std::fmt;

/// The version tag every id starts with; bump it when the layout changes.
const VERSION: &str = "t1";

/// What a button or select does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Control {
    /// Lobby: take a free seat.
    Join,
    /// Lobby: give one's seat back.
    Leave,
    /// Lobby (host): a select of computer levels; the level is the chosen value.
    AddComputer,
    /// Lobby (host): start the game with the seats taken.
    Start,
    /// Lobby (host): close the lobby.
    Cancel,
    /// The player on turn throws the cowries (only games saved before
    /// series were thrown by themselves still wait for it).
    Throw,
    /// Select: the move (a whole move, or one step of it; `choices::Pick`).
    Choose,
    /// Commit the actions chosen this turn.
    Confirm,
    /// Take back the last uncommitted choice.
    Undo,
    /// Show another page of a select with more than 25 options.
    Page(u8),
    /// Result (a player of the game): open a lobby with the same seats.
    Rematch,
    /// Board: open the game as a Discord Activity (answered with the
    /// launch-activity callback; changes nothing in the game).
    Play,
    /// Board, while the player on turn is away: a vote to let a computer
    /// play her seat.
    StandIn,
    /// Board (the tutor, after a costly pick): pick the expert's better
    /// move instead, the menu's end at this index (as `Choose` picks it).
    Prefer(u8),
}

impl Control {
    fn code(self) -> (&'static str, Option<u8>) {
        match self {
            Control::Join => ("join", None),
            Control::Leave => ("leave", None),
            Control::AddComputer => ("cpu", None),
            Control::Start => ("start", None),
            Control::Cancel => ("cancel", None),
            Control::Throw => ("throw", None),
            Control::Choose => ("pick", None),
            Control::Confirm => ("ok", None),
            Control::Undo => ("undo", None),
            Control::Page(p) => ("page", Some(p)),
            Control::Rematch => ("again", None),
            Control::Play => ("play", None),
            Control::StandIn => ("standin", None),
            Control::Prefer(i) => ("prefer", Some(i)),
        }
    }

    fn from_code(name: &str, arg: &str) -> Result<Control, ParseError> {
        let no_arg = |c: Control| if arg.is_empty() { Ok(c) } else { Err(ParseError::BadArgument) };
        match name {
            "join" => no_arg(Control::Join),
            "leave" => no_arg(Control::Leave),
            "cpu" => no_arg(Control::AddComputer),
            "start" => no_arg(Control::Start),
            "cancel" => no_arg(Control::Cancel),
            "throw" => no_arg(Control::Throw),
            "pick" => no_arg(Control::Choose),
            "unit" | "throws" => Err(ParseError::Retired),
            "ok" => no_arg(Control::Confirm),
            "undo" => no_arg(Control::Undo),
            "page" => parse_number(arg).map(Control::Page),
            "again" => no_arg(Control::Rematch),
            "play" => no_arg(Control::Play),
            "standin" => no_arg(Control::StandIn),
            "prefer" => parse_number(arg).map(Control::Prefer),
            _ => Err(ParseError::UnknownControl),
        }
    }
}

/// A parsed `custom_id`: which game, what, and at which action counter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ComponentId {
    pub(crate) game: GameId,
    pub(crate) control: Control,
    pub(crate) seq: u32,
}

/// Why a `custom_id` is not one of ours (or not any more).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ParseError {
    /// Not `t1:` followed by exactly four fields.
    Malformed,
    /// An older or newer layout.
    UnknownVersion,
    /// The control name is not known.
    UnknownControl,
    /// A control of an older board of this bot that no longer exists.
    Retired,
    /// The argument does not fit the control.
    BadArgument,
    /// The game id or counter is not a number.
    BadNumber,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::Malformed => "not a Thaayam component id",
            ParseError::UnknownVersion => "a component id from another version of the bot",
            ParseError::UnknownControl => "an unknown control",
            ParseError::Retired => "a control of an older version of the board",
            ParseError::BadArgument => "a control with a wrong argument",
            ParseError::BadNumber => "a component id with a bad number",
        })
    }
}

impl std::error::Error for ParseError {}

impl ComponentId {
    pub(crate) fn new(game: GameId, control: Control, seq: u32) -> ComponentId {
        ComponentId { game, control, seq }
    }

    /// The `custom_id` text (at most 44 characters: well under Discord's 100).
    pub(crate) fn encode(&self) -> String {
        let (name, arg) = self.control.code();
        let arg = arg.map(|a| a.to_string()).unwrap_or_default();
        format!("{VERSION}:{}:{name}:{arg}:{}", self.game, self.seq)
    }

    /// Parses a `custom_id`; never panics.
    pub(crate) fn parse(s: &str) -> Result<ComponentId, ParseError> {
        let fields: Vec<&str> = s.split(':').collect();
        let [version, game, name, arg, seq] = fields.as_slice() else {
            return Err(ParseError::Malformed);
        };
        if *version != VERSION {
            return Err(if version.starts_with('t') { ParseError::UnknownVersion } else { ParseError::Malformed });
        }
        let control = Control::from_code(name, arg)?;
        Ok(ComponentId { game: parse_number(game)?, control, seq: parse_number(seq)? })
    }
}

/// A plain decimal number (no sign, no leading `+`, no spaces).
fn parse_number<T: std::str::FromStr>(s: &str) -> Result<T, ParseError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::BadNumber);
    }
    s.parse().map_err(|_| ParseError::BadNumber)
}

/// Adds the link to the game's page (`url`) to a board or a result, as a
/// row of one link button, when the message has room for a row (a link
/// button starts no interaction and has no custom id).
pub(crate) fn add_page_link(lang: super::lang::Lang, msg: &mut super::message::Message, url: String) {
    add_link(msg, super::lang::tr!(lang, "web-link"), url);
}

/// Adds the link button to a tournament's page (its standings), as
/// [`add_page_link`] adds a game's.
pub(crate) fn add_tournament_link(lang: super::lang::Lang, msg: &mut super::message::Message, url: String) {
    add_link(msg, super::lang::tr!(lang, "web-tournament-link"), url);
}

fn add_link(msg: &mut super::message::Message, label: String, url: String) {
    use super::message::{Link, Row, limits};
    if msg.rows.len() < limits::ROWS && url.chars().count() <= limits::LINK_URL {
        msg.rows.push(Row::Links(vec![Link { label, url }]));
    }
}

/// Adds the button that opens game `game` as a Discord Activity ("Play on
/// the board") to a board, in a row of its own, when the message has room
/// for a row.
pub(crate) fn add_activity_button(lang: super::lang::Lang, msg: &mut super::message::Message, game: GameId, seq: u32) {
    use super::message::{Button, Row, Style, limits};
    if msg.rows.len() < limits::ROWS {
        let id = ComponentId::new(game, Control::Play, seq).encode();
        let label = super::lang::tr!(lang, "activity-button");
        msg.rows.push(Row::Buttons(vec![Button { id, label, style: Style::Primary, disabled: false }]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    const ALL: [Control; 16] = [
        Control::Join,
        Control::Leave,
        Control::AddComputer,
        Control::Start,
        Control::Cancel,
        Control::Throw,
        Control::Choose,
        Control::Confirm,
        Control::Undo,
        Control::Page(0),
        Control::Page(255),
        Control::Rematch,
        Control::Play,
        Control::StandIn,
        Control::Prefer(0),
        Control::Prefer(24),
    ];

    #[test]
    fn every_control_round_trips_within_the_length_limit() {
        for control in ALL {
            let id = ComponentId::new(GameId(i64::MAX), control, u32::MAX);
            let text = id.encode();
            assert!(text.len() <= 100, "{text}");
            assert_eq!(ComponentId::parse(&text), Ok(id), "{text}");
        }
    }

    #[test]
    fn the_encoding_is_the_documented_one() {
        assert_eq!(ComponentId::new(GameId(12), Control::Throw, 7).encode(), "t1:12:throw::7");
        assert_eq!(ComponentId::new(GameId(3), Control::Page(2), 9).encode(), "t1:3:page:2:9");
        assert_eq!(ComponentId::new(GameId(3), Control::Prefer(4), 9).encode(), "t1:3:prefer:4:9");
    }

    #[test]
    fn forged_ids_are_typed_errors() {
        let cases = [
            ("", ParseError::Malformed),
            ("t1:1:throw:", ParseError::Malformed),
            ("t1:1:throw::1:extra", ParseError::Malformed),
            ("t2:1:throw::1", ParseError::UnknownVersion),
            ("x1:1:throw::1", ParseError::Malformed),
            ("t1:1:fly::1", ParseError::UnknownControl),
            ("t1:1:throw:3:1", ParseError::BadArgument),
            ("t1:1:page::1", ParseError::BadNumber),
            ("t1:1:page:256:1", ParseError::BadNumber),
            ("t1:1:prefer::1", ParseError::BadNumber),
            ("t1:1:prefer:-2:1", ParseError::BadNumber),
            ("t1:-1:throw::1", ParseError::BadNumber),
            ("t1:1:throw::+1", ParseError::BadNumber),
            ("t1:1:throw::99999999999", ParseError::BadNumber),
            ("t1:1:unit::3", ParseError::Retired),
            ("t1:1:throws::3", ParseError::Retired),
        ];
        for (text, want) in cases {
            assert_eq!(ComponentId::parse(text), Err(want), "{text:?}");
        }
    }

    #[test]
    fn random_strings_never_panic_and_valid_parses_round_trip() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let alphabet: Vec<char> = "t1:0925pageunithrowsk-+é ".chars().collect();
        let mut parsed = 0;
        for _ in 0..20_000 {
            let len = rng.random_range(0..24);
            let s: String = (0..len).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
            if let Ok(id) = ComponentId::parse(&s) {
                parsed += 1;
                assert_eq!(ComponentId::parse(&id.encode()), Ok(id));
            }
        }
        // Mutations of valid ids must also parse or fail cleanly.
        for control in ALL {
            let text = ComponentId::new(GameId(5), control, 1).encode();
            for i in 0..text.len() {
                let mut bytes = text.clone().into_bytes();
                bytes[i] = b':';
                let _ = ComponentId::parse(&String::from_utf8_lossy(&bytes));
            }
        }
        assert!(parsed < 20_000);
    }

    #[test]
    fn a_page_link_is_a_row_of_one_link_when_there_is_room() {
        use crate::discord::view::lang::Lang;
        use crate::discord::view::message::{Message, Row, check};
        let mut msg = Message { content: "board".into(), ..Message::default() };
        add_page_link(Lang::from_code("fr").expect("French"), &mut msg, "https://thaayam.example.org/g/abc".into());
        assert!(check(&msg).is_ok(), "{:?}", check(&msg));
        match msg.rows.as_slice() {
            [Row::Links(links)] => {
                assert_eq!(links[0].url, "https://thaayam.example.org/g/abc");
                assert_eq!(links[0].label, "Page de la partie");
            }
            rows => panic!("one row of links: {rows:?}"),
        }
        let mut full = Message { rows: vec![msg.rows[0].clone(); 5], ..Message::default() };
        add_page_link(Lang::EN, &mut full, "https://a.org/g/x".into());
        assert_eq!(full.rows.len(), 5, "no sixth row");
        let bad = Message {
            rows: vec![Row::Links(vec![crate::discord::view::message::Link {
                label: "x".into(),
                url: "javascript:1".into(),
            }])],
            ..Message::default()
        };
        assert!(check(&bad).is_err(), "only http(s) links");
    }
}
