//! A Discord message as plain data (content, one embed, component rows, an
//! optional board image), independent of serenity so presenters can be
//! unit-tested, and the check of every documented Discord limit on it.

use crate::discord::game::ids::UserId;

/// Discord's documented limits (API v10), see `docs/discord-platform.md`
/// (the product uses some; the checks of the tests and the workbench all).
#[cfg_attr(not(any(test, feature = "lab")), allow(dead_code))]
pub(crate) mod limits {
    pub(crate) const CONTENT: usize = 2000;
    pub(crate) const ROWS: usize = 5;
    pub(crate) const BUTTONS_PER_ROW: usize = 5;
    pub(crate) const CUSTOM_ID: usize = 100;
    pub(crate) const BUTTON_LABEL: usize = 80;
    pub(crate) const SELECT_OPTIONS: usize = 25;
    pub(crate) const OPTION_TEXT: usize = 100;
    pub(crate) const PLACEHOLDER: usize = 150;
    pub(crate) const EMBED_TITLE: usize = 256;
    pub(crate) const EMBED_DESCRIPTION: usize = 4096;
    pub(crate) const EMBED_FIELDS: usize = 25;
    pub(crate) const FIELD_NAME: usize = 256;
    pub(crate) const FIELD_VALUE: usize = 1024;
    pub(crate) const FOOTER: usize = 2048;
    pub(crate) const EMBED_TOTAL: usize = 6000;
    /// An attachment's description (its alt text).
    pub(crate) const ATTACHMENT_DESCRIPTION: usize = 1024;
    /// A link button's URL.
    pub(crate) const LINK_URL: usize = 512;
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Button {
    pub(crate) id: String,
    pub(crate) label: String,
    pub(crate) style: Style,
    pub(crate) disabled: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SelectOption {
    pub(crate) label: String,
    pub(crate) value: String,
    pub(crate) description: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Select {
    pub(crate) id: String,
    pub(crate) placeholder: String,
    pub(crate) options: Vec<SelectOption>,
    pub(crate) min: u8,
    pub(crate) max: u8,
}

/// A link button (Discord's style 5): opens its URL in a browser and
/// starts no interaction (no custom id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) label: String,
    pub(crate) url: String,
}

/// One action row: up to five buttons, one select, or up to five links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Row {
    Buttons(Vec<Button>),
    Select(Select),
    Links(Vec<Link>),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Embed {
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) fields: Vec<(String, String)>,
    pub(crate) footer: String,
    pub(crate) colour: u32,
}

/// Everything one bot message holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Message {
    pub(crate) content: String,
    pub(crate) embed: Option<Embed>,
    pub(crate) rows: Vec<Row>,
    /// Attach the current board picture (and show it in the embed).
    pub(crate) board_image: bool,
    /// The board picture's description, read by screen readers.
    pub(crate) alt: String,
    /// The only users this message may ping.
    pub(crate) mentions: Vec<UserId>,
}

#[cfg(any(test, feature = "lab"))]
fn chars(s: &str) -> usize {
    s.chars().count()
}

#[cfg(any(test, feature = "lab"))]
fn at_most(what: &str, s: &str, max: usize) -> Result<(), String> {
    if chars(s) > max { Err(format!("{what} has {} characters (max {max}): {s:?}", chars(s))) } else { Ok(()) }
}

#[cfg(any(test, feature = "lab"))]
/// Checks a message against every limit Discord enforces; the error names
/// the first violation.
pub(crate) fn check(m: &Message) -> Result<(), String> {
    use limits::*;
    at_most("content", &m.content, CONTENT)?;
    at_most("image description", &m.alt, ATTACHMENT_DESCRIPTION)?;
    if m.rows.len() > ROWS {
        return Err(format!("{} action rows (max {ROWS})", m.rows.len()));
    }
    let mut ids = Vec::new();
    for row in &m.rows {
        check_row(row, &mut ids)?;
    }
    if let Some(e) = &m.embed {
        check_embed(e)?;
    }
    Ok(())
}

#[cfg(any(test, feature = "lab"))]
fn check_id(id: &str, ids: &mut Vec<String>) -> Result<(), String> {
    if id.is_empty() || chars(id) > limits::CUSTOM_ID {
        return Err(format!("custom_id {id:?} is not 1–100 characters"));
    }
    if ids.iter().any(|i| i == id) {
        return Err(format!("custom_id {id:?} is used twice"));
    }
    ids.push(id.to_string());
    Ok(())
}

#[cfg(any(test, feature = "lab"))]
fn check_row(row: &Row, ids: &mut Vec<String>) -> Result<(), String> {
    use limits::*;
    match row {
        Row::Buttons(buttons) => {
            if buttons.is_empty() || buttons.len() > BUTTONS_PER_ROW {
                return Err(format!("a row of {} buttons", buttons.len()));
            }
            for b in buttons {
                check_id(&b.id, ids)?;
                at_most("button label", &b.label, BUTTON_LABEL)?;
            }
        }
        Row::Links(links) => {
            if links.is_empty() || links.len() > BUTTONS_PER_ROW {
                return Err(format!("a row of {} links", links.len()));
            }
            for l in links {
                at_most("button label", &l.label, BUTTON_LABEL)?;
                at_most("link url", &l.url, LINK_URL)?;
                if !(l.url.starts_with("https://") || l.url.starts_with("http://")) {
                    return Err(format!("link {:?} is not an http(s) URL", l.url));
                }
            }
        }
        Row::Select(s) => {
            check_id(&s.id, ids)?;
            at_most("placeholder", &s.placeholder, PLACEHOLDER)?;
            if s.options.is_empty() || s.options.len() > SELECT_OPTIONS {
                return Err(format!("a select with {} options", s.options.len()));
            }
            if s.min < 1 || usize::from(s.max) > s.options.len() || s.min > s.max {
                return Err(format!("select values {}–{} of {} options", s.min, s.max, s.options.len()));
            }
            let mut values = Vec::new();
            for o in &s.options {
                at_most("option label", &o.label, OPTION_TEXT)?;
                at_most("option value", &o.value, OPTION_TEXT)?;
                at_most("option description", &o.description, OPTION_TEXT)?;
                if o.label.is_empty() || o.value.is_empty() || values.contains(&&o.value) {
                    return Err(format!("option {o:?} is empty or repeated"));
                }
                values.push(&o.value);
            }
        }
    }
    Ok(())
}

#[cfg(any(test, feature = "lab"))]
fn check_embed(e: &Embed) -> Result<(), String> {
    use limits::*;
    at_most("embed title", &e.title, EMBED_TITLE)?;
    at_most("embed description", &e.description, EMBED_DESCRIPTION)?;
    at_most("embed footer", &e.footer, FOOTER)?;
    if e.fields.len() > EMBED_FIELDS {
        return Err(format!("{} embed fields", e.fields.len()));
    }
    for (name, value) in &e.fields {
        at_most("field name", name, FIELD_NAME)?;
        at_most("field value", value, FIELD_VALUE)?;
        if name.is_empty() || value.is_empty() {
            return Err("an empty embed field".into());
        }
    }
    let total = chars(&e.title)
        + chars(&e.description)
        + chars(&e.footer)
        + e.fields.iter().map(|(n, v)| chars(n) + chars(v)).sum::<usize>();
    if total > EMBED_TOTAL {
        return Err(format!("embed totals {total} characters (max {EMBED_TOTAL})"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(id: &str) -> Button {
        Button { id: id.into(), label: "x".into(), style: Style::Primary, disabled: false }
    }

    #[test]
    fn each_limit_is_caught() {
        let ok = Message { content: "hi".into(), rows: vec![Row::Buttons(vec![button("a")])], ..Default::default() };
        assert_eq!(check(&ok), Ok(()));
        let long = Message { content: "x".repeat(2001), ..Default::default() };
        assert!(check(&long).is_err());
        let rows = Message { rows: (0..6).map(|i| Row::Buttons(vec![button(&i.to_string())])).collect(), ..ok.clone() };
        assert!(check(&rows).is_err());
        let six = Message { rows: vec![Row::Buttons((0..6).map(|i| button(&i.to_string())).collect())], ..ok.clone() };
        assert!(check(&six).is_err());
        let dup = Message { rows: vec![Row::Buttons(vec![button("a"), button("a")])], ..ok.clone() };
        assert!(check(&dup).is_err());
        let option = |i: usize| SelectOption { label: i.to_string(), value: i.to_string(), description: String::new() };
        let select = Select {
            id: "s".into(),
            placeholder: String::new(),
            options: (0..26).map(option).collect(),
            min: 1,
            max: 1,
        };
        assert!(check(&Message { rows: vec![Row::Select(select)], ..ok.clone() }).is_err());
        let embed = Embed {
            description: "é".repeat(4000),
            fields: vec![("n".into(), "v".repeat(1024)); 2],
            ..Default::default()
        };
        assert!(check(&Message { embed: Some(embed), ..ok }).is_err());
    }
}
