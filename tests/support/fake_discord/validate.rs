//! Discord's documented limits (`docs/discord-platform.md`), checked on every message
//! payload the bot sends; each breach is a violation that fails the test.

use super::payloads::png_size;
use serde_json::Value;
use std::collections::HashSet;

/// A file the bot uploaded (multipart `files[n]`).
#[derive(Clone, Debug)]
pub struct Upload {
    pub index: usize,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

const MIB: usize = 1024 * 1024;

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

fn check_len(out: &mut Vec<String>, what: &str, v: &Value, max: usize) {
    let n = chars(v);
    if n > max {
        out.push(format!("{what} has {n} characters (limit {max})"));
    }
}

/// All problems with a message payload (create, edit or interaction response data).
/// `creating` also requires the message not to be empty.
pub fn message(payload: &Value, uploads: &[Upload], creating: bool) -> Vec<String> {
    let mut out = Vec::new();
    check_len(&mut out, "content", &payload["content"], 2000);
    components(&mut out, &payload["components"]);
    embeds(&mut out, &payload["embeds"]);
    files(&mut out, uploads);
    for a in payload["attachments"].as_array().map(Vec::as_slice).unwrap_or(&[]) {
        check_len(&mut out, "attachment description", &a["description"], 1024);
    }
    if creating {
        let empty = |k: &str| payload[k].as_array().is_none_or(Vec::is_empty);
        if chars(&payload["content"]) == 0 && empty("embeds") && empty("components") && uploads.is_empty() {
            out.push("cannot send an empty message (50006)".into());
        }
    }
    out
}

fn components(out: &mut Vec<String>, rows: &Value) {
    let Some(rows) = rows.as_array() else { return };
    if rows.len() > 5 {
        out.push(format!("{} action rows (limit 5)", rows.len()));
    }
    let mut ids = HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        if row["type"] != 1 {
            out.push(format!("row {r} is not an action row (type {})", row["type"]));
            continue;
        }
        let items = row["components"].as_array().map(Vec::as_slice).unwrap_or(&[]);
        let buttons = items.iter().filter(|c| c["type"] == 2).count();
        let selects = items.len() - buttons;
        if items.is_empty() {
            out.push(format!("row {r} is empty"));
        } else if selects > 0 && items.len() > 1 {
            out.push(format!("row {r} mixes a select with other components"));
        } else if buttons > 5 {
            out.push(format!("row {r} has {buttons} buttons (limit 5)"));
        }
        for c in items {
            component(out, c, &mut ids);
        }
    }
}

fn component(out: &mut Vec<String>, c: &Value, ids: &mut HashSet<String>) {
    let link = c["type"] == 2 && c["style"] == 5;
    if link {
        // A link button (style 5): a `url` (at most 512 characters, an
        // http(s) URI) and no `custom_id`; it starts no interaction.
        match c["url"].as_str() {
            None => out.push("a link button without a url".into()),
            Some(url) => {
                if url.chars().count() > 512 {
                    out.push(format!("link url has {} characters (limit 512)", url.chars().count()));
                }
                let scheme = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
                if scheme.is_none_or(|rest| rest.is_empty() || rest.contains(char::is_whitespace)) {
                    out.push(format!("link url {url:?} is not an http(s) URI"));
                }
            }
        }
        if !c["custom_id"].is_null() {
            out.push("a link button with a custom_id".into());
        }
    } else if c["type"] == 2 && !c["url"].is_null() {
        out.push(format!("a button of style {} with a url (only links have one)", c["style"]));
    }
    if !link {
        let id = c["custom_id"].as_str().unwrap_or("");
        let n = id.chars().count();
        if !(1..=100).contains(&n) {
            out.push(format!("custom_id {id:?} has {n} characters (1–100)"));
        }
        if !ids.insert(id.to_string()) {
            out.push(format!("custom_id {id:?} is not unique in the message"));
        }
    }
    match c["type"].as_u64() {
        Some(2) => check_len(out, "button label", &c["label"], 80),
        Some(3) => select(out, c),
        Some(5..=8) => {}
        other => out.push(format!("unknown component type {other:?}")),
    }
}

fn select(out: &mut Vec<String>, c: &Value) {
    let id = c["custom_id"].as_str().unwrap_or("");
    let options = c["options"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    if options.is_empty() || options.len() > 25 {
        out.push(format!("select {id:?} has {} options (1–25)", options.len()));
    }
    check_len(out, "select placeholder", &c["placeholder"], 150);
    let min = c["min_values"].as_u64().unwrap_or(1);
    let max = c["max_values"].as_u64().unwrap_or(1);
    if min > 25 || !(1..=25).contains(&max) || min > max {
        out.push(format!("select {id:?} has min_values {min}, max_values {max}"));
    }
    if max as usize > options.len() && !options.is_empty() {
        out.push(format!("select {id:?} max_values {max} exceeds its {} options", options.len()));
    }
    let mut values = HashSet::new();
    for o in options {
        for key in ["label", "value"] {
            let n = chars(&o[key]);
            if !(1..=100).contains(&n) {
                out.push(format!("select {id:?} option {key} has {n} characters (1–100)"));
            }
        }
        check_len(out, "select option description", &o["description"], 100);
        if !values.insert(o["value"].to_string()) {
            out.push(format!("select {id:?} repeats option value {}", o["value"]));
        }
    }
}

fn embeds(out: &mut Vec<String>, embeds: &Value) {
    let Some(embeds) = embeds.as_array() else { return };
    if embeds.len() > 10 {
        out.push(format!("{} embeds (limit 10)", embeds.len()));
    }
    let mut total = 0;
    for e in embeds {
        let parts = [
            ("embed title", &e["title"], 256),
            ("embed description", &e["description"], 4096),
            ("embed footer", &e["footer"]["text"], 2048),
            ("embed author", &e["author"]["name"], 256),
        ];
        for (what, v, max) in parts {
            check_len(out, what, v, max);
            total += chars(v);
        }
        let fields = e["fields"].as_array().map(Vec::as_slice).unwrap_or(&[]);
        if fields.len() > 25 {
            out.push(format!("embed has {} fields (limit 25)", fields.len()));
        }
        for f in fields {
            check_len(out, "embed field name", &f["name"], 256);
            check_len(out, "embed field value", &f["value"], 1024);
            total += chars(&f["name"]) + chars(&f["value"]);
        }
    }
    if total > 6000 {
        out.push(format!("embeds total {total} characters (limit 6000)"));
    }
}

fn files(out: &mut Vec<String>, uploads: &[Upload]) {
    if uploads.len() > 10 {
        out.push(format!("{} files (limit 10)", uploads.len()));
    }
    let total: usize = uploads.iter().map(|u| u.bytes.len()).sum();
    if total > 25 * MIB {
        out.push(format!("request carries {total} bytes of files (limit 25 MiB, 40005)"));
    }
    for u in uploads {
        if u.bytes.len() > 10 * MIB {
            out.push(format!("file {} is {} bytes (limit 10 MiB, 40005)", u.filename, u.bytes.len()));
        }
        let says_png =
            u.filename.to_ascii_lowercase().ends_with(".png") || u.content_type.as_deref() == Some("image/png");
        if says_png && png_size(&u.bytes).is_none() {
            out.push(format!("file {} claims to be a PNG but lacks the PNG signature/IHDR", u.filename));
        }
    }
}

/// Problems with the slash commands the bot registers.
pub fn commands(list: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let Some(list) = list.as_array() else {
        return vec!["command registration is not a JSON array".into()];
    };
    for c in list {
        command_like(&mut out, c, "command", true);
    }
    out
}

fn command_like(out: &mut Vec<String>, c: &Value, what: &str, top: bool) {
    let name = c["name"].as_str().unwrap_or("");
    let ok_name = (1..=32).contains(&name.chars().count())
        && name.chars().all(|ch| ch.is_lowercase() || ch.is_ascii_digit() || ch == '-' || ch == '_');
    if !ok_name {
        out.push(format!("{what} name {name:?} is not 1–32 lower-case characters"));
    }
    let needs_description = !top || c.get("type").is_none_or(|t| t == 1);
    let desc = chars(&c["description"]);
    if needs_description && !(1..=100).contains(&desc) {
        out.push(format!("{what} {name:?} description has {desc} characters (1–100)"));
    }
    let options = c["options"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    if options.len() > 25 {
        out.push(format!("{what} {name:?} has {} options (limit 25)", options.len()));
    }
    if c["choices"].as_array().is_some_and(|ch| ch.len() > 25) {
        out.push(format!("{what} {name:?} has more than 25 choices"));
    }
    for o in options {
        command_like(out, o, "option", false);
    }
    nesting(out, c, name, options);
    for (key, max) in [("name_localizations", 32), ("description_localizations", 100)] {
        for (locale, v) in c[key].as_object().into_iter().flatten() {
            if !(1..=max).contains(&chars(v)) {
                out.push(format!("{what} {name:?} {key}[{locale}] has {} characters (1–{max})", chars(v)));
            }
        }
    }
}

/// How options nest (the API description's `ApplicationCommandSubcommandGroupOption`
/// holds only `ApplicationCommandSubcommandOption`s, which hold only value
/// options; application-commands.mdx, "Subcommands and Subcommand
/// Groups": a command's options are all subcommands and groups or none;
/// "Required options must be listed before optional options").
fn nesting(out: &mut Vec<String>, c: &Value, name: &str, options: &[Value]) {
    let kind = |o: &Value| o["type"].as_u64().unwrap_or(0);
    let subs = options.iter().filter(|o| matches!(kind(o), 1 | 2)).count();
    match kind(c) {
        2 if subs != options.len() || options.iter().any(|o| kind(o) != 1) => {
            out.push(format!("group {name:?} holds options that are not subcommands"))
        }
        1 if subs > 0 => out.push(format!("subcommand {name:?} holds a subcommand or group")),
        _ if subs > 0 && subs != options.len() => {
            out.push(format!("command {name:?} mixes subcommands and value options"))
        }
        _ => {}
    }
    let required = options.iter().map(|o| o["required"] == true);
    if required.clone().zip(required.skip(1)).any(|(a, b)| !a && b) {
        out.push(format!("{name:?} lists a required option after an optional one"));
    }
}
