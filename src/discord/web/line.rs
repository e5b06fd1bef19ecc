//! A line of the channel's words (a note of the story, a status line) in
//! HTML or plain text, read once from left to right: mentions (`<@id>`)
//! become the players' names, Discord's bold (`**`) and strike-through
//! (`~~`) become `<strong>` and `<s>`, everything else is escaped. A name
//! is data: put in once and written as text, never read again for
//! mentions, marks or HTML, so no name can make a line longer than its
//! pieces or its reading slower than linear.

use crate::discord::game::ids::UserId;
use crate::discord::game::table::Table;

/// Text made safe for HTML, written at the end of `out`: the line's own
/// escaping, as it is cut into pieces (the pages' other text is escaped by
/// maud's `html!`, [`super::page`]).
fn esc_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// A line of the channel's words in HTML: escaped, with Discord's bold
/// (`**`) and strike-through (`~~`) as `<strong>` and `<s>`, and mentions
/// (`<@id>`) as the player's name when the table knows it.
pub(crate) fn line_html(t: &Table, line: &str) -> String {
    line_html_with(t, line, &[])
}

/// The first of the private-use characters that stand for the names put
/// into a line by [`line_html_with`] (U+E000, U+E001, …).
const INSERT: u32 = 0xE000;

/// What stands for the `i`-th name of [`line_html_with`] in a template's
/// words (a name given to Fluent as this, put in after the words are read).
pub(crate) fn insert(i: u8) -> String {
    char::from_u32(INSERT + u32::from(i)).map(String::from).unwrap_or_default()
}

/// One piece of a line, read once from left to right.
enum Piece<'a> {
    /// The line's own text.
    Text(&'a str),
    /// A name, in place of a mention or an [`insert`]: written as text,
    /// never read for marks or mentions.
    Name(&'a str),
    /// `**` (0) or `~~` (1).
    Mark(usize),
}

/// Discord's marks: as written, and their HTML.
const MARKS: [(&str, &str, &str); 2] = [("**", "<strong>", "</strong>"), ("~~", "<s>", "</s>")];

/// A line cut into its pieces in one pass, left to right, and whether each
/// kind of mark comes in pairs (a mark without its pair is left as written,
/// with all of its kind). `names[i]` stands where [`insert`]`(i)` is.
fn pieces<'a>(t: &'a Table, line: &'a str, names: &[&'a str]) -> (Vec<Piece<'a>>, [bool; 2]) {
    let mut pieces = Vec::new();
    let mut marks = [0usize; 2];
    let (mut rest, mut text) = (line, 0);
    while let Some(c) = rest[text..].chars().next() {
        let here = &rest[text..];
        let found = if let Some(after) = here.strip_prefix("<@") {
            let digits = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
            (digits > 0 && after[digits..].starts_with('>')).then(|| {
                let id: Option<u64> = after[..digits].parse().ok();
                let name = id.and_then(|u| t.names.get(&UserId(u))).map_or("@", String::as_str);
                (Piece::Name(name), digits + 3)
            })
        } else if let Some(k) = MARKS.iter().position(|(m, ..)| here.starts_with(m)) {
            marks[k] += 1;
            Some((Piece::Mark(k), 2))
        } else {
            let i = u32::from(c).checked_sub(INSERT).and_then(|i| usize::try_from(i).ok());
            i.and_then(|i| names.get(i)).map(|n| (Piece::Name(n), c.len_utf8()))
        };
        match found {
            Some((piece, len)) => {
                pieces.push(Piece::Text(&rest[..text]));
                pieces.push(piece);
                rest = &rest[text + len..];
                text = 0;
            }
            None => text += c.len_utf8(),
        }
    }
    pieces.push(Piece::Text(rest));
    (pieces, marks.map(|n| n % 2 == 0))
}

/// [`line_html`] of a line whose [`insert`]`(i)` stand for `names[i]`
/// (the status lines: the seats' names put into the game's words). The
/// line is read once, left to right: a name put in is written as text and
/// never read again, so a name that looks like a mention (`<@her own id>`),
/// like Discord's marks or like HTML shows as it is written, and the work
/// is linear in the line and the names.
pub(crate) fn line_html_with(t: &Table, line: &str, names: &[&str]) -> String {
    let (pieces, paired) = pieces(t, line, names);
    let mut open = [false; 2];
    let mut out = String::with_capacity(line.len() + line.len() / 4);
    for piece in pieces {
        match piece {
            Piece::Text(s) | Piece::Name(s) => esc_into(&mut out, s),
            Piece::Mark(k) if paired[k] => {
                out.push_str(if open[k] { MARKS[k].2 } else { MARKS[k].1 });
                open[k] = !open[k];
            }
            Piece::Mark(k) => out.push_str(MARKS[k].0),
        }
    }
    out
}

/// A line of the channel's words as plain text (a picture's text
/// alternative): mentions as names, Discord's paired marks left out, read
/// once as [`line_html`] reads it.
pub(crate) fn line_text(t: &Table, line: &str) -> String {
    let (pieces, paired) = pieces(t, line, &[]);
    let mut out = String::with_capacity(line.len());
    for piece in pieces {
        match piece {
            Piece::Text(s) | Piece::Name(s) => out.push_str(s),
            Piece::Mark(k) if paired[k] => {}
            Piece::Mark(k) => out.push_str(MARKS[k].0),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    fn table() -> Table {
        crate::discord::game::table::kit::lobby(2, crate::engine::Variant::Bell)
    }

    #[test]
    fn html_is_escaped_and_discord_markup_becomes_html() {
        let mut t = table();
        assert_eq!(line_html(&t, "<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
        assert_eq!(
            line_html(&t, "**South** threw ~~2~~ · 1 <b>"),
            "<strong>South</strong> threw <s>2</s> · 1 &lt;b&gt;"
        );
        assert_eq!(line_html(&t, "a ** b"), "a ** b", "an unpaired mark is left alone");
        t.names.insert(UserId(7), "Priya <3".into());
        assert_eq!(line_html(&t, "<@7> joined."), "Priya &lt;3 joined.");
        assert_eq!(line_html(&t, "<@8> joined."), "@ joined.", "a mention of nobody known");
        assert_eq!(line_html(&t, "<@> <@x> <@7"), "&lt;@&gt; &lt;@x&gt; &lt;@7", "not mentions");
        assert_eq!(line_text(&t, "**<@7>** threw ~~2~~ *"), "Priya <3 threw 2 *");
    }

    #[test]
    fn a_name_that_mentions_herself_is_shown_as_written() {
        let mut t = table();
        t.names.insert(UserId(7), "<@7>".into());
        assert_eq!(line_html(&t, "<@7> joined."), "&lt;@7&gt; joined.");
        assert_eq!(line_text(&t, "<@7> joined."), "<@7> joined.");
    }

    #[test]
    fn two_names_that_mention_each_other_are_shown_as_written() {
        let mut t = table();
        t.names.insert(UserId(7), "<@8>".into());
        t.names.insert(UserId(8), "<@7>".into());
        assert_eq!(line_html(&t, "<@7> and <@8>"), "&lt;@8&gt; and &lt;@7&gt;");
    }

    #[test]
    fn marks_and_html_in_names_are_text_and_never_pair_with_the_lines() {
        let mut t = table();
        t.names.insert(UserId(7), "**<script>x</script>~~".into());
        t.names.insert(UserId(8), "**".into());
        assert_eq!(
            line_html(&t, "**South** (<@7>) took <@8>"),
            "<strong>South</strong> (**&lt;script&gt;x&lt;/script&gt;~~) took **"
        );
        assert_eq!(line_html(&t, "<@8>a**"), "**a**", "a name's mark does not pair with the line's");
        let names = ["~~", "<@7>"];
        assert_eq!(line_html_with(&t, &format!("~~{}~~ {}", insert(0), insert(1)), &names), "<s>~~</s> &lt;@7&gt;");
        assert_eq!(line_html_with(&t, &insert(5), &names), insert(5), "an insert without a name is text");
    }

    /// Whether `html` is escaped text with only the marks' tags in it.
    fn escaped(html: &str) -> bool {
        let mut rest = html.to_string();
        for tag in ["<strong>", "</strong>", "<s>", "</s>"] {
            rest = rest.replace(tag, "");
        }
        let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"];
        !rest.contains(['<', '>', '"', '\''])
            && rest.match_indices('&').all(|(i, _)| entities.iter().any(|e| rest[i..].starts_with(e)))
    }

    #[test]
    fn any_line_with_any_names_is_read_in_linear_work_and_comes_out_escaped() {
        const BITS: [&str; 14] = ["<@", "7", "8", ">", "**", "~~", "*", "~", "<", "&", "\"", "'", "a", "\u{E000}"];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(54);
        let random = |rng: &mut rand_chacha::ChaCha8Rng, most: usize| -> String {
            let n = rng.random_range(0..=most);
            (0..n).map(|_| BITS[rng.random_range(0..BITS.len())]).collect()
        };
        for _ in 0..2_000 {
            let mut t = table();
            let seven = random(&mut rng, 12);
            let eight = random(&mut rng, 12);
            t.names.insert(UserId(7), seven.clone());
            t.names.insert(UserId(8), eight.clone());
            let line = random(&mut rng, 60);
            let insert_name = random(&mut rng, 12);
            let longest = seven.len().max(eight.len()).max(insert_name.len()).max(1);
            let out = line_html_with(&t, &line, &[&insert_name]);
            // Every piece of the line is written once: its text escaped (at
            // most 6 bytes a byte), a mark as a tag (at most 9), a name
            // escaped in place of its mention.
            let names_in = line.matches("<@").count() + line.matches('\u{E000}').count();
            assert!(out.len() <= 6 * line.len() + names_in * 6 * longest, "{line:?} -> {out:?}");
            assert!(escaped(&out), "{line:?} with {seven:?}, {eight:?} -> {out:?}");
            let (pieces, _) = pieces(&t, &line, &[&insert_name]);
            assert!(pieces.len() <= 2 * line.chars().count() + 1, "a piece at most per character read");
        }
        // A long line of mentions of a name that mentions itself.
        let mut t = table();
        t.names.insert(UserId(7), "<@7><@7>".into());
        let line = "<@7>".repeat(10_000);
        let out = line_html(&t, &line);
        assert_eq!(out, "&lt;@7&gt;&lt;@7&gt;".repeat(10_000));
    }
}
