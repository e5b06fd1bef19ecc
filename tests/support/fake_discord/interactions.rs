//! Building INTERACTION_CREATE payloads the way a real client would: a slash
//! command must match a registered command and its options; a click or a
//! selection must name a live, enabled component of a message the user sees.

use super::payloads::{self, FakeRole, FakeUser, Place};
use super::state::{Inner, StoredMessage, id_of};
use serde_json::{Value, json};

/// A slash command option value.
#[derive(Clone, Debug)]
pub enum Opt {
    Str(String, String),
    Int(String, i64),
    Bool(String, bool),
    User(String, FakeUser),
    Role(String, FakeRole),
}

impl Opt {
    pub fn str(name: &str, v: &str) -> Opt {
        Opt::Str(name.into(), v.into())
    }
    pub fn int(name: &str, v: i64) -> Opt {
        Opt::Int(name.into(), v)
    }
    pub fn bool(name: &str, v: bool) -> Opt {
        Opt::Bool(name.into(), v)
    }
    pub fn user(name: &str, u: &FakeUser) -> Opt {
        Opt::User(name.into(), u.clone())
    }
    pub fn role(name: &str, r: &FakeRole) -> Opt {
        Opt::Role(name.into(), r.clone())
    }

    fn name(&self) -> &str {
        match self {
            Opt::Str(n, _) | Opt::Int(n, _) | Opt::Bool(n, _) | Opt::User(n, _) | Opt::Role(n, _) => n,
        }
    }

    /// Discord's option type number.
    fn kind(&self) -> u64 {
        match self {
            Opt::Str(..) => 3,
            Opt::Int(..) => 4,
            Opt::Bool(..) => 5,
            Opt::User(..) => 6,
            Opt::Role(..) => 8,
        }
    }

    fn json(&self) -> Value {
        let value = match self {
            Opt::Str(_, v) => json!(v),
            Opt::Int(_, v) => json!(v),
            Opt::Bool(_, v) => json!(v),
            Opt::User(_, u) => json!(u.id.to_string()),
            Opt::Role(_, r) => json!(r.id.to_string()),
        };
        json!({"name": self.name(), "type": self.kind(), "value": value})
    }
}

/// Whether a client offers registered command `cmd` (`global` or a server's)
/// in `place`, as application-commands.mdx ("Contexts") says: server
/// commands only in their server; a global command where its `contexts`
/// (default all, `[0,1,2]`) include the place's context; in the bot's DM
/// not when `dm_permission` is false; in a group DM or a DM between other
/// people (PRIVATE_CHANNEL) only if its `integration_types` (default
/// `[0]`, GUILD_INSTALL) include 1 (USER_INSTALL). Ok: whether the command
/// supports the server install (`integration_types` has 0).
pub fn offered(cmd: &Value, global: bool, place: Place) -> Result<bool, String> {
    let list = |key: &str, default: &[u64]| {
        cmd[key].as_array().map_or_else(|| default.to_vec(), |a| a.iter().filter_map(Value::as_u64).collect())
    };
    let (contexts, installs) = (list("contexts", &[0, 1, 2]), list("integration_types", &[0]));
    let (context, name) = (place.context(), &cmd["name"]);
    if !global && place.is_private() {
        return Err(format!(
            "/{name} is a server command: clients offer it only in its server, not in context {context}"
        ));
    }
    if global && !contexts.contains(&context) {
        return Err(format!("/{name} is registered for contexts {contexts:?}, not {context}"));
    }
    if context == 1 && cmd["dm_permission"] == false {
        return Err(format!("/{name} has dm_permission false: not offered in the bot's DM"));
    }
    if context == 2 && !installs.contains(&1) {
        return Err(format!(
            "/{name} has integration_types {installs:?}: without 1 (user install) no client offers it in a group DM or a DM"
        ));
    }
    Ok(installs.contains(&0))
}

/// The `data` of a slash command interaction, checked against the registered
/// commands, and whether the command supports the server install (see
/// [`offered`]). `as_client`: also check what a real client enforces
/// (values among the declared choices and inside the declared ranges); a
/// forged interaction skips that, but still names a registered command,
/// offered in `place`, and its options.
pub fn slash_data(
    inner: &Inner,
    guild: u64,
    place: Place,
    command: &str,
    sub: &str,
    options: &[Opt],
    as_client: bool,
) -> Result<(Value, bool), String> {
    let guild_cmds = inner.guild_commands.iter().map(|c| (c, false));
    let mut named =
        guild_cmds.chain(inner.global_commands.iter().map(|c| (c, true))).filter(|(c, _)| c["name"] == command);
    let first = named.next().ok_or_else(|| format!("/{command} is not registered"))?;
    let (cmd, guild_install) = std::iter::once(first)
        .chain(named)
        .map(|(c, global)| offered(c, global, place).map(|g| (c, g)))
        .reduce(|a, b| a.or(b))
        .unwrap_or_else(|| Err(format!("/{command} is not registered")))?;
    // `sub` is a subcommand (`new`), or a group's subcommand (`tournament new`).
    let (group, sub) = match sub.split_once(' ') {
        Some((group, sub)) => (Some(group), sub),
        None => (None, sub),
    };
    let mut subs = cmd["options"].as_array().cloned().unwrap_or_default();
    if let Some(group) = group {
        let g = subs.iter().find(|o| o["name"] == group && o["type"] == 2);
        let g = g.ok_or_else(|| format!("/{command} has no subcommand group {group:?}"))?;
        subs = g["options"].as_array().cloned().unwrap_or_default();
    }
    let decl = subs
        .iter()
        .find(|o| o["name"] == sub && o["type"] == 1)
        .ok_or_else(|| format!("/{command} has no subcommand {sub:?}"))?;
    let declared = decl["options"].as_array().cloned().unwrap_or_default();
    for o in options {
        let d = declared.iter().find(|d| d["name"] == o.name());
        let d = d.ok_or_else(|| format!("/{command} {sub} has no option {:?}", o.name()))?;
        if d["type"] != o.kind() {
            return Err(format!("option {:?} is declared as type {}, given {}", o.name(), d["type"], o.kind()));
        }
        if as_client {
            client_checks(d, o)?;
        }
    }
    for d in declared.iter().filter(|d| d["required"] == true) {
        if !options.iter().any(|o| d["name"] == o.name()) {
            return Err(format!("/{command} {sub} requires option {}", d["name"]));
        }
    }
    // The objects the options name (openapi.json, ResolvedObjectsResponse):
    // a user with her member in a server, a role (only servers have them).
    let mut resolved = json!({});
    for o in options {
        match o {
            Opt::User(_, u) => {
                resolved["users"][u.id.to_string()] = payloads::user(u);
                if !place.is_private() {
                    resolved["members"][u.id.to_string()] = payloads::member(u, false);
                }
            }
            Opt::Role(..) if place.is_private() => {
                return Err(format!("option {:?} names a role outside a server", o.name()));
            }
            Opt::Role(_, r) => resolved["roles"][r.id.to_string()] = payloads::role(r),
            _ => {}
        }
    }
    let opts: Vec<Value> = options.iter().map(Opt::json).collect();
    let mut chosen = json!({"name": sub, "type": 1, "options": opts});
    if let Some(group) = group {
        chosen = json!({"name": group, "type": 2, "options": [chosen]});
    }
    let mut data = json!({
        "id": cmd["id"], "name": command, "type": 1, "resolved": resolved,
        "options": [chosen]
    });
    if !place.is_private() {
        data["guild_id"] = json!(guild.to_string());
    }
    Ok((data, guild_install))
}

/// What a real client enforces on an option value: its declared choices,
/// `min_value`/`max_value` for numbers, `min_length`/`max_length` for text.
fn client_checks(declared: &Value, o: &Opt) -> Result<(), String> {
    let v = o.json()["value"].clone();
    if let Some(choices) = declared["choices"].as_array().filter(|c| !c.is_empty())
        && !choices.iter().any(|c| c["value"] == v)
    {
        return Err(format!("option {:?} = {v} is not one of its choices", o.name()));
    }
    if let Some(x) = v.as_f64() {
        let below = declared["min_value"].as_f64().is_some_and(|min| x < min);
        let above = declared["max_value"].as_f64().is_some_and(|max| x > max);
        if below || above {
            return Err(format!("option {:?} = {v} is outside its declared range", o.name()));
        }
    }
    if let Some(text) = v.as_str() {
        let n = text.chars().count() as u64;
        let short = declared["min_length"].as_u64().is_some_and(|min| n < min);
        let long = declared["max_length"].as_u64().is_some_and(|max| n > max);
        if short || long {
            return Err(format!("option {:?} has a length outside its declared range", o.name()));
        }
    }
    Ok(())
}

/// The component with `custom_id` on a message, if any.
pub fn find_component<'a>(msg: &'a StoredMessage, custom_id: &str) -> Option<&'a Value> {
    msg.json["components"]
        .as_array()?
        .iter()
        .flat_map(|row| row["components"].as_array().map(Vec::as_slice).unwrap_or(&[]))
        .find(|c| c["custom_id"] == custom_id)
}

/// The URLs of a message's link buttons (style 5), in order: a browser
/// opens them, Discord sends the bot nothing.
pub fn link_urls(msg: &StoredMessage) -> Vec<String> {
    msg.json["components"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[])
        .iter()
        .flat_map(|row| row["components"].as_array().map(Vec::as_slice).unwrap_or(&[]))
        .filter(|c| c["type"] == 2 && c["style"] == 5)
        .filter_map(|c| c["url"].as_str().map(str::to_string))
        .collect()
}

/// The message a user can interact with, or why not.
fn visible<'a>(inner: &'a Inner, user: &FakeUser, channel: u64, message: u64) -> Result<&'a StoredMessage, String> {
    let msg = inner.message(message).ok_or_else(|| format!("message {message} does not exist"))?;
    if msg.deleted || msg.channel_id != channel {
        return Err(format!("message {message} is deleted or not in channel {channel}"));
    }
    if msg.ephemeral_for.is_some_and(|u| u != user.id) {
        return Err(format!("message {message} is ephemeral for someone else"));
    }
    Ok(msg)
}

/// The `data` and `message` of a forged button click: any custom_id on any
/// stored message (the message need not have such a button).
pub fn forged_data(inner: &Inner, message: u64, custom_id: &str) -> Result<(Value, Value), String> {
    let msg = inner.message(message).ok_or_else(|| format!("message {message} does not exist"))?;
    Ok((json!({"custom_id": custom_id, "component_type": 2}), msg.json.clone()))
}

/// The `data` of a button click (`values` None) or a select choice.
pub fn component_data(
    inner: &Inner,
    user: &FakeUser,
    channel: u64,
    message: u64,
    custom_id: &str,
    values: Option<&[&str]>,
) -> Result<(Value, Value), String> {
    let msg = visible(inner, user, channel, message)?;
    let c =
        find_component(msg, custom_id).ok_or_else(|| format!("message {message} has no component {custom_id:?}"))?;
    if c["disabled"] == true {
        return Err(format!("component {custom_id:?} is disabled"));
    }
    let data = match (c["type"].as_u64(), values) {
        (Some(2), None) => json!({"custom_id": custom_id, "component_type": 2}),
        (Some(3), Some(values)) => {
            check_choice(c, values)?;
            json!({"custom_id": custom_id, "component_type": 3, "values": values})
        }
        (t, v) => return Err(format!("component {custom_id:?} has type {t:?}; values given: {}", v.is_some())),
    };
    Ok((data, msg.json.clone()))
}

fn check_choice(select: &Value, values: &[&str]) -> Result<(), String> {
    let min = select["min_values"].as_u64().unwrap_or(1) as usize;
    let max = select["max_values"].as_u64().unwrap_or(1) as usize;
    if values.len() < min || values.len() > max {
        return Err(format!("{} values chosen, the select allows {min}–{max}", values.len()));
    }
    let options = select["options"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    for v in values {
        if !options.iter().any(|o| o["value"] == *v) {
            return Err(format!("{v:?} is not an option of select {}", select["custom_id"]));
        }
    }
    Ok(())
}

/// The id of the component message an interaction payload carries.
pub fn message_id(interaction: &Value) -> Option<u64> {
    id_of(&interaction["message"]["id"])
}
