//! Reading a stored message as a test sees it: its text, embeds,
//! buttons, menus and the alt text of its files.

use super::state::StoredMessage;
use serde_json::Value;

impl StoredMessage {
    /// The message text.
    pub fn content(&self) -> &str {
        self.json["content"].as_str().unwrap_or("")
    }

    /// Every component (buttons and selects) of every row.
    pub fn components(&self) -> Vec<Value> {
        self.component_refs().cloned().collect()
    }

    /// Every component of every row, borrowed (no copy of the message's JSON).
    pub fn component_refs(&self) -> impl Iterator<Item = &Value> {
        let rows = self.json["components"].as_array().map(Vec::as_slice).unwrap_or_default();
        rows.iter().flat_map(|r| r["components"].as_array().map(Vec::as_slice).unwrap_or_default())
    }

    /// Whether the message has any component.
    pub fn has_components(&self) -> bool {
        self.component_refs().next().is_some()
    }

    /// Buttons as (custom_id, label, disabled).
    pub fn buttons(&self) -> Vec<(String, String, bool)> {
        let s = |v: &Value| v.as_str().unwrap_or("").to_string();
        let list = self.component_refs().filter(|c| c["type"] == 2);
        list.map(|c| (s(&c["custom_id"]), s(&c["label"]), c["disabled"] == true)).collect()
    }

    /// The custom_id of the enabled button of a control (`join`, `ok`,
    /// `throw`…, as its custom_id names it), in any language.
    pub fn control(&self, control: &str) -> Option<String> {
        let part = format!(":{control}:");
        let enabled = self.component_refs().filter(|c| c["type"] == 2 && c["disabled"] != true);
        let mut ids = enabled.filter_map(|c| c["custom_id"].as_str());
        ids.find(|id| id.contains(&part)).map(str::to_string)
    }

    /// The custom_id of the enabled button whose label contains `label`.
    pub fn button(&self, label: &str) -> Option<String> {
        self.buttons().into_iter().find(|(_, l, d)| !d && l.contains(label)).map(|(id, _, _)| id)
    }

    /// Select menus (type 3) as JSON.
    pub fn selects(&self) -> Vec<Value> {
        self.component_refs().filter(|c| c["type"] == 3).cloned().collect()
    }

    /// Titles, descriptions and fields of the embeds, as one text.
    pub fn embed_text(&self) -> String {
        let embeds = self.json["embeds"].as_array().cloned().unwrap_or_default();
        let mut out = String::new();
        for e in embeds {
            for part in [&e["title"], &e["description"], &e["footer"]["text"]] {
                out.push_str(part.as_str().unwrap_or(""));
                out.push('\n');
            }
            for f in e["fields"].as_array().cloned().unwrap_or_default() {
                out.push_str(&format!("{}: {}\n", f["name"].as_str().unwrap_or(""), f["value"].as_str().unwrap_or("")));
            }
        }
        out
    }

    /// Content and embeds together.
    pub fn text(&self) -> String {
        format!("{}\n{}", self.content(), self.embed_text())
    }

    /// The descriptions (alt text) of its attached files, in order.
    pub fn image_descriptions(&self) -> Vec<Option<String>> {
        self.files.iter().map(|f| f.description.clone()).collect()
    }

    /// Whether a user other than `user` cannot see it.
    pub fn is_ephemeral(&self) -> bool {
        self.ephemeral_for.is_some()
    }
}
