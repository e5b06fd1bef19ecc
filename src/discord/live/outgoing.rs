//! Converts the plain [`Message`] of the presenter into serenity builders:
//! interaction responses and follow-ups, new channel messages and edits. Mentions are
//! limited to the users the message names, never @everyone or roles. A
//! board picture the message shows already is kept, not uploaded again:
//! an edit without an `attachments` field leaves the message's files.

use crate::discord::view::message::{Button, Message, Row, Select, Style};
use crate::discord::view::picture::BOARD_FILE;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ComponentInteraction, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateEmbedFooter, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    EditAttachments, EditMessage, Http,
};

/// The board picture of a message.
#[derive(Clone, Debug)]
pub(crate) enum Picture {
    /// Drawn anew: uploaded with the message.
    Drawn { key: u64, png: Vec<u8> },
    /// The board message shows this picture already: its file is kept
    /// (only an update or edit of that message can keep it).
    Kept { key: u64 },
}

impl Picture {
    /// What the picture shows, hashed (see `pictures`).
    pub(crate) fn key(&self) -> u64 {
        match self {
            Picture::Drawn { key, .. } | Picture::Kept { key } => *key,
        }
    }
}

/// The board picture of a message, if it shows one.
pub(crate) type Png = Option<Picture>;

/// The bytes to upload with a new message or an answer: a picture drawn
/// anew, when the message shows one (a kept picture cannot be uploaded).
fn drawn(m: &Message, png: Png) -> Option<Vec<u8>> {
    match png {
        Some(Picture::Drawn { png, .. }) if m.board_image => Some(png),
        _ => None,
    }
}

/// The board picture, with its description for screen readers.
fn attachment(png: Vec<u8>, m: &Message) -> CreateAttachment {
    let a = CreateAttachment::bytes(png, BOARD_FILE);
    if m.alt.is_empty() { a } else { a.description(m.alt.clone()) }
}

fn button(b: &Button) -> CreateButton {
    let style = match b.style {
        Style::Primary => ButtonStyle::Primary,
        Style::Secondary => ButtonStyle::Secondary,
        Style::Success => ButtonStyle::Success,
        Style::Danger => ButtonStyle::Danger,
    };
    CreateButton::new(b.id.clone()).label(b.label.clone()).style(style).disabled(b.disabled)
}

fn select(s: &Select) -> CreateSelectMenu {
    let options = s
        .options
        .iter()
        .map(|o| {
            let opt = CreateSelectMenuOption::new(o.label.clone(), o.value.clone());
            if o.description.is_empty() { opt } else { opt.description(o.description.clone()) }
        })
        .collect();
    CreateSelectMenu::new(s.id.clone(), CreateSelectMenuKind::String { options })
        .placeholder(s.placeholder.clone())
        .min_values(s.min)
        .max_values(s.max)
}

/// The component rows.
pub(crate) fn rows(m: &Message) -> Vec<CreateActionRow> {
    m.rows
        .iter()
        .map(|r| match r {
            Row::Buttons(bs) => CreateActionRow::Buttons(bs.iter().map(button).collect()),
            Row::Select(s) => CreateActionRow::SelectMenu(select(s)),
            Row::Links(ls) => CreateActionRow::Buttons(
                ls.iter().map(|l| CreateButton::new_link(l.url.clone()).label(l.label.clone())).collect(),
            ),
        })
        .collect()
}

/// The embeds (zero or one), showing the board picture when attached.
pub(crate) fn embeds(m: &Message, image: Option<&str>) -> Vec<CreateEmbed> {
    let Some(e) = &m.embed else { return Vec::new() };
    let mut embed = CreateEmbed::new().title(e.title.clone()).colour(e.colour);
    if !e.description.is_empty() {
        embed = embed.description(e.description.clone());
    }
    for (name, value) in &e.fields {
        embed = embed.field(name.clone(), value.clone(), true);
    }
    if !e.footer.is_empty() {
        embed = embed.footer(CreateEmbedFooter::new(e.footer.clone()));
    }
    if let Some(file) = image {
        embed = embed.attachment(file);
    }
    vec![embed]
}

/// Only the named users may be pinged.
pub(crate) fn mentions(m: &Message) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(m.mentions.iter().map(|&u| super::ids::user(u)))
}

/// An interaction response (reply or update). An update replaces the
/// message's attachments with the new board (serenity always sends the
/// `attachments` field: an empty one removes the picture); a kept picture
/// is shown only through [`update`].
pub(crate) fn response(m: &Message, ephemeral: bool, png: Png) -> CreateInteractionResponseMessage {
    let png = drawn(m, png);
    let r = response_text(m, ephemeral, png.is_some());
    match png {
        Some(png) => r.files([attachment(png, m)]),
        None => r.files([]),
    }
}

/// A response without files: the text, embed (showing `board.png` if
/// `image`), controls and allowed mentions.
fn response_text(m: &Message, ephemeral: bool, image: bool) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(m.content.clone())
        .embeds(embeds(m, image.then_some(BOARD_FILE)))
        .components(rows(m))
        .allowed_mentions(mentions(m))
        .ephemeral(ephemeral)
}

/// Answers a click by updating the clicked message. A kept picture is
/// sent without the `attachments` field, so that Discord keeps the
/// message's file (serenity's builder always sends the field).
pub(crate) async fn update(http: &Http, click: &ComponentInteraction, m: &Message, png: &Png) -> serenity::Result<()> {
    if !(m.board_image && matches!(png, Some(Picture::Kept { .. }))) {
        let update = CreateInteractionResponse::UpdateMessage(response(m, false, png.clone()));
        return click.create_response(http, update).await;
    }
    let update = CreateInteractionResponse::UpdateMessage(response_text(m, false, true));
    let mut body = serde_json::to_value(&update)?;
    if let Some(data) = body.get_mut("data").and_then(serde_json::Value::as_object_mut) {
        data.remove("attachments");
    }
    http.create_interaction_response(click.id, &click.token, &body, Vec::new()).await
}

/// A new channel message (a kept picture cannot be: it is left out).
pub(crate) fn create(m: &Message, png: Png) -> CreateMessage {
    let png = drawn(m, png);
    let c = CreateMessage::new()
        .content(m.content.clone())
        .embeds(embeds(m, png.is_some().then_some(BOARD_FILE)))
        .components(rows(m))
        .allowed_mentions(mentions(m));
    match png {
        Some(png) => c.add_file(attachment(png, m)),
        None => c,
    }
}

/// A follow-up to an interaction: a new message (it notifies whom it
/// names), the way a game the bot reaches only through interactions posts
/// a new board.
pub(crate) fn followup(m: &Message, png: Png) -> CreateInteractionResponseFollowup {
    let png = drawn(m, png);
    let f = CreateInteractionResponseFollowup::new()
        .content(m.content.clone())
        .embeds(embeds(m, png.is_some().then_some(BOARD_FILE)))
        .components(rows(m))
        .allowed_mentions(mentions(m));
    match png {
        Some(png) => f.add_file(attachment(png, m)),
        None => f,
    }
}

/// An edit of an existing message: a new picture replaces the old one, a
/// kept one stays (no `attachments` field), none removes it.
pub(crate) fn edit(m: &Message, png: Png) -> EditMessage {
    let png = png.filter(|_| m.board_image);
    let e = EditMessage::new()
        .content(m.content.clone())
        .embeds(embeds(m, png.is_some().then_some(BOARD_FILE)))
        .components(rows(m))
        .allowed_mentions(mentions(m));
    match png {
        Some(Picture::Drawn { png, .. }) => e.attachments(EditAttachments::new().add(attachment(png, m))),
        Some(Picture::Kept { .. }) => e,
        None => e.attachments(EditAttachments::new()),
    }
}
