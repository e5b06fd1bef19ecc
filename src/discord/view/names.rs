//! The subcommands of `/thaayam` and their options, by their own (English)
//! names. What each language's Discord client shows of them is in that
//! language's `discord.ftl` (`slash-<command>`, `slash-<command>-<option>`;
//! a language Discord does not offer, such as Tamil, uses the English
//! file: its readers' clients show the English names). Discord shows a
//! command under the name it has for the client's locale, else under its
//! own name.
//!
//! This one table feeds both sides, so a text names a command as its
//! reader's client shows it: the registration (`commands::thaayam`) and the
//! texts (each language's Fluent bundle gets one term per name, see
//! [`fluent_terms`]: a text writes `{ -cmd-new }` for "/thaayam nouvelle"
//! in French and "/thaayam new" in English and Tamil, and
//! `{ -opt-new-practice }:true` for an option).

/// A subcommand of `/thaayam` with its options.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Command {
    pub(crate) name: &'static str,
    pub(crate) options: &'static [&'static str],
}

/// Every subcommand, with every option, in the order of the help.
pub(crate) const COMMANDS: &[Command] = &[
    Command { name: "new", options: &["variant", "players", "timeout", "practice"] },
    Command { name: "board", options: &[] },
    Command { name: "resign", options: &[] },
    Command { name: "end", options: &[] },
    Command { name: "kick", options: &["user"] },
    Command { name: "hint", options: &[] },
    Command { name: "help", options: &[] },
    Command { name: "rules", options: &["variant"] },
    Command { name: "leaderboard", options: &["variant", "period", "season"] },
    Command { name: "stats", options: &["user", "against"] },
    Command { name: "history", options: &[] },
    Command { name: "replay", options: &["game"] },
    Command { name: "analyse", options: &["game"] },
    Command { name: "verify", options: &["game"] },
    Command {
        name: "settings",
        options: &[
            "variant",
            "turn_timeout",
            "end_permission",
            "language",
            "pages",
            "time_zone",
            "podium",
            "away_days",
            "organiser_role",
            "clear_organiser_role",
        ],
    },
    Command { name: "games", options: &[] },
    Command { name: "notify", options: &["switch"] },
    Command { name: "tutor", options: &["switch"] },
    Command { name: "away", options: &["length"] },
    Command { name: "tournament", options: &[] },
];

/// A subcommand group of `/thaayam` (`/thaayam tournament new`): its
/// name (listed in [`COMMANDS`] too, without options) and its subcommands.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Group {
    pub(crate) name: &'static str,
    pub(crate) commands: &'static [Command],
}

/// Every subcommand group, with its subcommands and their options.
pub(crate) const GROUPS: &[Group] = &[Group {
    name: "tournament",
    commands: &[
        Command {
            name: "new",
            options: &[
                "name",
                "variant",
                "format",
                "table_size",
                "rounds",
                "length",
                "turn_time",
                "start",
                "late_join",
                "streak_bonus",
            ],
        },
        Command { name: "show", options: &[] },
        Command { name: "cancel", options: &["tournament"] },
        Command { name: "withdraw", options: &["tournament"] },
    ],
}];

/// The Fluent terms of the names, the same in every language: each refers
/// to the language's message of the name. `-cmd-<command>` is the whole
/// command ("/thaayam nouvelle"), `-opt-<command>-<option>` an option's
/// name ("entraînement"). (Terms and messages share one namespace in a
/// bundle: the prefixes keep them apart from the messages' ids.) A
/// group's subcommand is `-cmd-<group>-<command>` ("/thaayam tournoi
/// nouveau"), its options `-opt-<group>-<command>-<option>`.
pub(crate) fn fluent_terms() -> String {
    let mut out = String::new();
    for c in COMMANDS {
        out.push_str(&format!("-cmd-{0} = /thaayam {{ slash-{0} }}\n", c.name));
        for o in c.options {
            out.push_str(&format!("-opt-{0}-{1} = {{ slash-{0}-{1} }}\n", c.name, o));
        }
    }
    for g in GROUPS {
        for c in g.commands {
            out.push_str(&format!("-cmd-{0}-{1} = /thaayam {{ slash-{0} }} {{ slash-{0}-{1} }}\n", g.name, c.name));
            for o in c.options {
                out.push_str(&format!("-opt-{0}-{1}-{2} = {{ slash-{0}-{1}-{2} }}\n", g.name, c.name, o));
            }
        }
    }
    out
}
