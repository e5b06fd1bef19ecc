//! TPN, the position notation of RULES.md section 7: parse (any order of
//! pieces, errors that name the bad token) and format (canonical form).
//!
//! ```text
//! <variant> [twins-return=singles] <seat>=<pieces> ... turn=<seat> [throws=<t>,...]
//! ```

use super::position::Position;
use super::seat::Seat;
use super::setup::{Setup, SetupError};
use super::throw::Throw;
use super::unit::Unit;
use super::variant::{Ruleset, Variant};
use std::fmt;

/// A TPN string that could not be read: the offending token and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TpnError {
    pub(crate) token: String,
    pub(crate) reason: String,
}

impl fmt::Display for TpnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "`{}`: {}", self.token, self.reason)
        }
    }
}

impl std::error::Error for TpnError {}

fn err(token: &str, reason: impl Into<String>) -> TpnError {
    TpnError { token: token.to_string(), reason: reason.into() }
}

/// Formats a position canonically; `with_throws` adds `throws=` when any remain.
pub fn format_tpn(pos: &Position, with_throws: bool) -> String {
    let mut out = pos.ruleset().to_string();
    for seat in pos.seats().iter() {
        out.push(' ');
        out.push(seat.letter());
        if pos.army(seat).entered() {
            out.push('+');
        }
        out.push('=');
        let army = pos.army(seat);
        let tokens: Vec<String> = army.units().map(unit_token).collect();
        out.push_str(&tokens.join(","));
    }
    out.push_str(" turn=");
    out.push(pos.turn().letter());
    if with_throws && !pos.throws().is_empty() {
        let ts: Vec<&str> = pos.throws().as_slice().iter().map(|t| t.token()).collect();
        out.push_str(" throws=");
        out.push_str(&ts.join(","));
    }
    out
}

fn unit_token(u: Unit) -> String {
    match u {
        Unit::Borne => "x".into(),
        Unit::Single(s) => s.to_string(),
        Unit::Twins(s) => format!("t{s}"),
        Unit::TwinsOff => "to".into(),
        Unit::Off => "o".into(),
    }
}

fn parse_unit(s: &str) -> Option<Unit> {
    match s {
        "x" => Some(Unit::Borne),
        "o" => Some(Unit::Off),
        "to" => Some(Unit::TwinsOff),
        _ => {
            let (twins, digits) = match s.strip_prefix('t') {
                Some(d) => (true, d),
                None => (false, s),
            };
            if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let n: u16 = digits.parse().ok()?;
            let step = u8::try_from(n).ok()?;
            Some(if twins { Unit::Twins(step) } else { Unit::Single(step) })
        }
    }
}

/// Parses a TPN line into a legal position.
pub fn parse_tpn(line: &str) -> Result<Position, TpnError> {
    let mut tokens = line.split_whitespace();
    let first = tokens.next().ok_or_else(|| err("", "empty position"))?;
    let variant: Variant = first.parse().map_err(|e: String| err(first, e))?;
    let mut setup = Setup { ruleset: Ruleset::new(variant), ..Setup::default() };
    let mut seat_tokens: [&str; 4] = [""; 4];
    let (mut turn_token, mut throws_token) = (None, None);
    for tok in tokens {
        let (key, value) =
            tok.split_once('=').ok_or_else(|| err(tok, "expected key=value (a seat, turn= or throws=)"))?;
        match key {
            "turn" => {
                let mut chars = value.chars();
                let seat = match (chars.next().and_then(Seat::from_letter), chars.next()) {
                    (Some(s), None) => s,
                    _ => return Err(err(tok, "turn must be one of S, W, N, E")),
                };
                if turn_token.replace(tok).is_some() {
                    return Err(err(tok, "turn is given twice"));
                }
                setup.turn = seat;
            }
            "throws" => {
                if throws_token.replace(tok).is_some() {
                    return Err(err(tok, "throws are given twice"));
                }
                setup.throws = parse_throws(tok, value)?;
            }
            "twins-return" => match (variant, value) {
                (Variant::Francais, "singles") => setup.ruleset.twins_return_singles = true,
                (Variant::Francais, "twins") => setup.ruleset.twins_return_singles = false,
                (Variant::Francais, _) => return Err(err(tok, "twins-return is `singles` or `twins`")),
                _ => return Err(err(tok, "twins-return is an option of francais only")),
            },
            _ => {
                let (seat, entered) = parse_seat_key(tok, key)?;
                if entered {
                    setup.entered.insert(seat);
                }
                if !seat_tokens[seat.index()].is_empty() {
                    return Err(err(tok, format!("seat {seat} is given twice")));
                }
                seat_tokens[seat.index()] = tok;
                let units = value
                    .split(',')
                    .map(|p| {
                        parse_unit(p)
                            .ok_or_else(|| err(tok, format!("`{p}` is not a piece (x, o, to, a step 0–24 or tN)")))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let pieces: usize = units.iter().map(|u| usize::from(u.pieces())).sum();
                if pieces != 4 {
                    return Err(err(tok, format!("{pieces} pieces for {seat}, expected exactly 4")));
                }
                setup.armies[seat.index()] = Some(units);
            }
        }
    }
    let turn_tok = turn_token.ok_or_else(|| err(line.trim(), "missing turn=<seat>"))?;
    setup.validate().map_err(|e| {
        let token = match &e {
            SetupError::Seating(_) => {
                seat_tokens.iter().filter(|t| !t.is_empty()).copied().collect::<Vec<_>>().join(" ")
            }
            SetupError::PieceCount { seat, .. }
            | SetupError::StepOutOfRange { seat, .. }
            | SetupError::TwinsStep { seat, .. }
            | SetupError::TwinsOffNotAllowed { seat }
            | SetupError::NoTwins { seat }
            | SetupError::SingleStep { seat, .. }
            | SetupError::EnteredNotUsed { seat }
            | SetupError::NotEntered { seat } => seat_tokens[seat.index()].to_string(),
            SetupError::TurnNotSeated(_) => turn_tok.to_string(),
            SetupError::Throw(_) | SetupError::TooManyThrows(_) | SetupError::ThrowsAfterWin(_) => {
                throws_token.unwrap_or_default().to_string()
            }
            SetupError::EnemiesShare { a, b, .. } => format!("{} {}", seat_tokens[a.index()], seat_tokens[b.index()]),
        };
        err(&token, e.to_string())
    })
}

/// A seat key: `S`, or `S+` for a seat that has entered a piece.
fn parse_seat_key(tok: &str, key: &str) -> Result<(Seat, bool), TpnError> {
    let mut chars = key.chars();
    match (chars.next().and_then(Seat::from_letter), chars.next(), chars.next()) {
        (Some(s), None, _) => Ok((s, false)),
        (Some(s), Some('+'), None) => Ok((s, true)),
        _ => Err(err(tok, format!("unknown seat or key `{key}` (seats are S, W, N, E)"))),
    }
}

fn parse_throws(tok: &str, value: &str) -> Result<Vec<Throw>, TpnError> {
    if value.is_empty() {
        return Ok(Vec::new());
    }
    value
        .split(',')
        .map(|t| Throw::from_token(t).ok_or_else(|| err(tok, format!("`{t}` is not a throw (0–6, 8, or s for Sonal)"))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_round_trips() {
        let line = "bell S=t8,3,o N=x,24,o,o turn=S throws=1,4,2";
        assert_eq!(format_tpn(&parse_tpn(line).unwrap(), true), line);
        // RULES.md's own example gives South only three pieces (t8 = 2, 3 = 1).
        let e = parse_tpn("bell S=t8,3 N=x,24,o,o turn=S throws=1,4,2").unwrap_err();
        assert_eq!(e.token, "S=t8,3");
    }

    #[test]
    fn canonical_order_is_written() {
        let p = parse_tpn("bell S=o,x,t8 N=o,o,o,24 turn=N").unwrap();
        assert_eq!(format_tpn(&p, true), "bell S=x,t8,o N=24,o,o,o turn=N");
    }

    #[test]
    fn errors_name_the_token() {
        let e = parse_tpn("bell S=1,2,3,4,5 N=o,o,o,o turn=S").unwrap_err();
        assert_eq!(e.token, "S=1,2,3,4,5");
        assert!(e.reason.contains("5 pieces"), "{e}");
        let e = parse_tpn("bell S=25,o,o,o N=o,o,o,o turn=S").unwrap_err();
        assert_eq!(e.token, "S=25,o,o,o");
        assert!(e.reason.contains("step 25"), "{e}");
        let e = parse_tpn("bell S=o,o,o,o Q=o,o,o,o turn=S").unwrap_err();
        assert_eq!(e.token, "Q=o,o,o,o");
        let e = parse_tpn("bell S=t3,o,o N=o,o,o,o turn=S").unwrap_err();
        assert_eq!(e.token, "S=t3,o,o");
        assert!(e.reason.contains("twins on step 3"), "{e}");
        let e = parse_tpn("bell S=o,o,o,o N=o,o,o,o turn=W").unwrap_err();
        assert_eq!(e.token, "turn=W");
        let e = parse_tpn("bell S=o,o,o,o N=o,o,o,o turn=S throws=1,5").unwrap_err();
        assert_eq!(e.token, "throws=1,5");
        let e = parse_tpn("chess S=o,o,o,o turn=S").unwrap_err();
        assert_eq!(e.token, "chess");
        let e = parse_tpn("bell S=to,o,o N=o,o,o,o turn=S").unwrap_err();
        assert!(e.reason.contains("francais"), "{e}");
    }
}

#[cfg(test)]
mod tayam_sonalu_tests {
    use super::*;

    #[test]
    fn entered_seats_are_marked_and_round_trip() {
        let line = "tayam-sonalu S+=40,3,o,o N=o,o,o,o turn=S throws=s,5,2";
        let p = parse_tpn(line).unwrap();
        assert!(p.army(Seat::S).entered());
        assert_eq!(format_tpn(&p, true), line);
    }

    #[test]
    fn tayam_sonalu_errors_name_the_token() {
        let e = parse_tpn("tayam-sonalu S=40,o,o,o N=o,o,o,o turn=S").unwrap_err();
        assert_eq!(e.token, "S=40,o,o,o");
        assert!(e.reason.contains("S+="), "{e}");
        let e = parse_tpn("tayam-sonalu S+=t40,o,o N=o,o,o,o turn=S").unwrap_err();
        assert!(e.reason.contains("no twins") || e.reason.contains("has none"), "{e}");
        let e = parse_tpn("tayam-sonalu S+=84,o,o,o N=o,o,o,o turn=S").unwrap_err();
        assert_eq!(e.token, "S+=84,o,o,o");
        let e = parse_tpn("tayam-sonalu S+=85,o,o,o N=o,o,o,o turn=S").unwrap_err();
        assert!(e.reason.contains("step 85"), "{e}");
        let e = parse_tpn("bell S+=3,o,o,o N=o,o,o,o turn=S").unwrap_err();
        assert_eq!(e.token, "S+=3,o,o,o");
        let e = parse_tpn("bell S=3,o,o,o N=o,o,o,o turn=S throws=s,2").unwrap_err();
        assert_eq!(e.token, "throws=s,2");
    }
}
