//! What a shell completes: the ids of the embedded books (books, charts and their aliases,
//! segments, ordering rules, `--set` keys) reported as the possible values of the arguments
//! that take them, so that clap's generated scripts offer them; any other word is still
//! accepted (a player's own books and charts), and `--help` does not list them.

use crate::library::{self, Book};
use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use std::collections::BTreeMap;
use std::ffi::OsStr;

/// Plain dice `roll` takes besides chart ids, offered first.
const DICE: &[(&str, &str)] = &[
    ("d6", "one six-sided die"),
    ("d10", "one ten-sided die"),
    ("2d6", "two six-sided dice, added"),
];

/// Which ids an argument takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ids {
    /// Book ids, for `--book`.
    Books,
    /// Chart ids and aliases, for `chart`.
    Charts,
    /// Chart ids and aliases, and plain dice, for `roll`.
    Targets,
    /// Segment ids of the turn sequences, for `play --goto`.
    Segments,
    /// Ordering rule ids, for `order`.
    Rules,
    /// Chart input keys as `KEY=`, for `--set`.
    Keys,
}

/// A value parser that takes any UTF-8 word and reports the embedded ids as its possible values.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Known(pub(crate) Ids);

impl TypedValueParser for Known {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            ids(self.0)
                .into_iter()
                .map(|(id, help)| PossibleValue::new(id).help(plain(&help))),
        ))
    }
}

/// A help text safe in every generated script: `clap_complete`'s fish script puts it between
/// double quotes unescaped, where `$` would start a variable ("Ba$tard$ Inc.").
fn plain(help: &str) -> String {
    help.replace('$', "S").replace(['"', '`', '\\'], "'")
}

/// The embedded books, each opened without the player's folders: completion scripts are the
/// same on every machine.
fn books() -> Vec<Book> {
    library::list_books(None)
        .into_iter()
        .filter_map(|b| Book::load(&b.id, None).ok())
        .collect()
}

/// The ids of one kind with a short help each, sorted; an id two books share is listed once,
/// with the first book's help.
pub(crate) fn ids(kind: Ids) -> Vec<(String, String)> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    let mut add = |id: &str, help: String| {
        out.entry(id.to_string()).or_insert(help);
    };
    let books = books();
    let of = |book: &Book, what: &str| {
        if book.id == library::DEFAULT_BOOK {
            what.to_string()
        } else {
            format!("{what} ({})", book.id)
        }
    };
    match kind {
        Ids::Books => {
            for b in &books {
                add(&b.id, b.title.clone());
            }
        }
        Ids::Charts | Ids::Targets => {
            for b in &books {
                for e in &b.entries {
                    for name in e.names() {
                        add(name, of(b, &e.title));
                    }
                }
            }
        }
        Ids::Segments => {
            for b in &books {
                for s in b.sequence().map(|s| s.segments).unwrap_or_default() {
                    add(&s.id, of(b, &s.title));
                }
            }
        }
        Ids::Rules => {
            for b in &books {
                for r in b.orders().unwrap_or_default() {
                    add(&r.id, of(b, &r.title));
                }
            }
        }
        Ids::Keys => {
            for b in &books {
                for e in &b.entries {
                    for i in e.chart().map(|c| c.inputs).unwrap_or_default() {
                        add(
                            &format!("{}=", i.key),
                            of(b, i.label.as_deref().unwrap_or(&i.ask)),
                        );
                    }
                }
            }
        }
    }
    let mut list: Vec<(String, String)> = out.into_iter().collect();
    if kind == Ids::Targets {
        let dice = DICE
            .iter()
            .map(|(d, h)| ((*d).to_string(), (*h).to_string()));
        list = dice.chain(list).collect();
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(kind: Ids) -> Vec<String> {
        ids(kind).into_iter().map(|(id, _)| id).collect()
    }

    #[test]
    fn each_kind_knows_the_embedded_ids() {
        assert!(names(Ids::Books).contains(&"mr-president".to_string()));
        assert!(names(Ids::Charts).contains(&"sotu".to_string()));
        assert!(names(Ids::Targets).starts_with(&["d6".into(), "d10".into(), "2d6".into()]));
        assert!(names(Ids::Segments).contains(&"fni".to_string()));
        assert!(names(Ids::Rules).contains(&"initiative".to_string()));
        assert!(names(Ids::Keys).contains(&"approval=".to_string()));
    }

    #[test]
    fn any_word_is_still_accepted() {
        let cmd = clap::Command::new("t");
        let got = Known(Ids::Charts).parse_ref(&cmd, None, OsStr::new("my-own-chart"));
        assert_eq!(got.unwrap(), "my-own-chart");
    }
}
