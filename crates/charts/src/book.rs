//! `book.yaml`: what a book is, and the optional rules it declares.

use serde::{Deserialize, Serialize};

/// A book's `book.yaml`: what the book is, where it comes from, and its optional rules.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookMeta {
    /// The book's id, also its folder's name (`mr-president`).
    pub id: String,
    /// The book's title, as `flipbook books` lists it.
    pub title: String,
    /// The game and its publisher, as a player would name it.
    pub game: String,
    /// Which source text the book was written from.
    pub source: String,
    /// What the book covers, in a sentence or two.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Optional rules a player may turn on (`--new-player`), each a DRM on the rolls it names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<BookOption>,
    /// The re-roll rule: which charts' rolls a player may roll again once, at what cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reroll: Option<Reroll>,
    /// Notes shown with the book.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The book this one amends (`amend.yaml`, and charts of its own added or replacing), by id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
}

/// A book's re-roll rule: a roll on one of `charts` may be rolled again once, for `cost`; the
/// second roll is final.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reroll {
    /// The word for it, as play says it ("re-roll", "push").
    #[serde(default = "re_roll")]
    pub label: String,
    /// What it costs, in the game's words, if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    /// The charts (ids) whose rolls may be rolled again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charts: Vec<String>,
    /// Charts whose rolls may be rolled again only in some segments (ids), by chart: a War
    /// Progress roll made for a Military Action, not the War Progress segment's.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub segments: std::collections::BTreeMap<String, Vec<String>>,
}

fn re_roll() -> String {
    "re-roll".into()
}

impl Default for Reroll {
    fn default() -> Reroll {
        Reroll {
            label: re_roll(),
            cost: None,
            charts: Vec::new(),
            segments: std::collections::BTreeMap::new(),
        }
    }
}

impl Reroll {
    /// The rule as play announces a re-roll: "Push for 2 gold", or "Re-roll".
    #[must_use]
    pub fn announced(&self) -> String {
        let mut chars = self.label.chars();
        let word: String = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        match &self.cost {
            Some(c) => format!("{word} for {c}"),
            None => word,
        }
    }

    /// The rule in a few words: "push (2 gold)", or "re-roll" when it costs nothing said.
    #[must_use]
    pub fn words(&self) -> String {
        match &self.cost {
            Some(c) => format!("{} ({c})", self.label),
            None => self.label.clone(),
        }
    }
}

/// A book id is a plain name: letters, digits, `-` and `_` — it names a folder.
#[must_use]
pub fn plain_name(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// An optional rule of a book: a DRM added after the cap to the rolls of the charts that name
/// it (`options: [ID]` in a chart), and to plain dice when `plain_dice` says so; never to a
/// selection roll.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookOption {
    /// Also the flag that turns it on: `new-player` is `--new-player`.
    pub id: String,
    /// The modifier's source, as a roll shows it.
    pub label: String,
    /// The modifier added to each roll the option applies to.
    pub drm: i64,
    /// The difficulty it belongs to, as the settings name it (`easier`): a warning when the
    /// settings say another.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
    /// It applies to plain dice (`flipbook roll d10`) too: the player's own rolls.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub plain_dice: bool,
    /// Where the rule is printed.
    pub printed: String,
}
