//! Converts the plain [`Message`] of the presenter into serenity builders:
//! interaction responses, new channel messages and edits. Mentions are
//! limited to the users the message names, never @everyone or roles.

use crate::discord::view::message::{Button, Message, Row, Select, Style};
use crate::discord::view::picture::BOARD_FILE;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateEmbed,
    CreateEmbedFooter, CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditAttachments, EditMessage, UserId,
};

/// The board picture of a message, if one was drawn.
pub(crate) type Png = Option<Vec<u8>>;

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
    CreateAllowedMentions::new().users(m.mentions.iter().map(|&u| UserId::new(u.max(1))))
}

/// An interaction response (reply or update). An update replaces the
/// message's attachments with the new board (Discord drops them otherwise).
pub(crate) fn response(m: &Message, ephemeral: bool, png: Png) -> CreateInteractionResponseMessage {
    let with_image = m.board_image && png.is_some();
    let r = CreateInteractionResponseMessage::new()
        .content(m.content.clone())
        .embeds(embeds(m, with_image.then_some(BOARD_FILE)))
        .components(rows(m))
        .allowed_mentions(mentions(m))
        .ephemeral(ephemeral);
    match png.filter(|_| m.board_image) {
        Some(png) => r.files([attachment(png, m)]),
        None => r.files([]),
    }
}

/// A new channel message.
pub(crate) fn create(m: &Message, png: Png) -> CreateMessage {
    let with_image = m.board_image && png.is_some();
    let c = CreateMessage::new()
        .content(m.content.clone())
        .embeds(embeds(m, with_image.then_some(BOARD_FILE)))
        .components(rows(m))
        .allowed_mentions(mentions(m));
    match png.filter(|_| m.board_image) {
        Some(png) => c.add_file(attachment(png, m)),
        None => c,
    }
}

/// An edit of an existing message; the old picture is replaced.
pub(crate) fn edit(m: &Message, png: Png) -> EditMessage {
    let with_image = m.board_image && png.is_some();
    let files = match png.filter(|_| m.board_image) {
        Some(png) => EditAttachments::new().add(attachment(png, m)),
        None => EditAttachments::new(),
    };
    EditMessage::new()
        .content(m.content.clone())
        .embeds(embeds(m, with_image.then_some(BOARD_FILE)))
        .components(rows(m))
        .allowed_mentions(mentions(m))
        .attachments(files)
}
