//! Ordering rules as data: turn order by a value (ties keep the order given), initiative by the
//! lowest card, placement turns around the table and back.

use crate::error::{Error, Result};
use flipbook_charts::{Combine, OrderKind, OrderRule, Span};
use serde::Serialize;

/// One player as given on the command line, in seat (or current turn) order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Player {
    pub(crate) name: String,
    pub(crate) values: Vec<i64>,
}

/// `NAME` or `NAME=4` or `NAME=3,8`.
pub(crate) fn parse_player(text: &str) -> Result<Player> {
    let (name, values) = match text.split_once('=') {
        Some((n, v)) => (n.trim(), Some(v)),
        None => (text.trim(), None),
    };
    if name.is_empty() {
        return Err(Error::usage(format!(
            "--player takes NAME or NAME=VALUES, not '{text}'"
        )));
    }
    let values = match values {
        None => vec![],
        Some(v) => v
            .split(',')
            .map(|x| {
                x.trim()
                    .parse::<i64>()
                    .map_err(|_| Error::usage(format!("{name}: '{}' is not a number", x.trim())))
            })
            .collect::<Result<_>>()?,
    };
    Ok(Player {
        name: name.to_string(),
        values,
    })
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Placed {
    pub(crate) player: String,
    /// The value that counted (after the token and the lowest or highest card).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) value: Option<i64>,
    /// Its name ("Politics"), if the rule names values.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) label: Option<String>,
    /// For placement turns: `one` VP, or `all` that are left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) places: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Ordered {
    pub(crate) rule: String,
    /// The players' names in order.
    pub(crate) order: Vec<String>,
    pub(crate) players: Vec<Placed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) game_over: Option<bool>,
}

/// How many values each player gives under `rule` with `n` players.
fn values_wanted(rule: &OrderRule, n: usize) -> usize {
    if rule.value.is_none() {
        return 0;
    }
    rule.values_per_player
        .iter()
        .find(|p| Span::parse(&p.players).is_some_and(|s| s.contains(n as i64)))
        .map_or(1, |p| p.values as usize)
}

/// Put the players in order under the rule. `token_holder` holds the rule's token, if any.
pub(crate) fn apply(
    rule: &OrderRule,
    players: &[Player],
    token_holder: Option<&str>,
) -> Result<Ordered> {
    check_players(rule, players)?;
    let holder = match (token_holder, &rule.token) {
        (Some(h), Some(_)) => Some(
            players
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(h))
                .ok_or_else(|| {
                    Error::usage(format!("the token holder '{h}' is not one of the players"))
                })?,
        ),
        (Some(_), None) => return Err(Error::usage(format!("{} has no token", rule.id))),
        (None, _) => None,
    };
    let placed = place(rule, players, holder);
    let game_over = rule
        .ends_at
        .map(|end| placed.iter().any(|p| p.value.is_some_and(|v| v >= end)));
    Ok(Ordered {
        rule: rule.id.clone(),
        order: placed.iter().map(|p| p.player.clone()).collect(),
        players: placed,
        game_over,
    })
}

/// The players fit the rule: named once each, as many as it takes, each with the values it
/// asks for, within their range, none held twice where values are unique.
fn check_players(rule: &OrderRule, players: &[Player]) -> Result<()> {
    if players.is_empty() {
        return Err(Error::usage(
            "give the players in their current order: --player NAME[=VALUES] ...",
        ));
    }
    for (i, p) in players.iter().enumerate() {
        if players[..i]
            .iter()
            .any(|q| q.name.eq_ignore_ascii_case(&p.name))
        {
            return Err(Error::usage(format!("player '{}' is given twice", p.name)));
        }
    }
    if let Some(span) = rule.players.as_deref().and_then(Span::parse)
        && !span.contains(players.len() as i64)
    {
        return Err(Error::usage(format!(
            "{} is for {} players, not {}",
            rule.title,
            rule.players.as_deref().unwrap_or_default(),
            players.len()
        )));
    }
    let want = values_wanted(rule, players.len());
    for p in players {
        if p.values.len() != want {
            let what = rule.value.as_ref().map_or("value", |v| v.name.as_str());
            return Err(Error::usage(match want {
                0 => format!("{} takes no values: --player {}", rule.id, p.name),
                1 if p.values.is_empty() => {
                    format!("{} has no {what} (--player {}=N)", p.name, p.name)
                }
                n => format!(
                    "{} gives {} {what}(s) but {} are needed with {} players",
                    p.name,
                    p.values.len(),
                    n,
                    players.len()
                ),
            }));
        }
        if let Some(v) = &rule.value {
            for x in &p.values {
                if !(v.min..=v.max).contains(x) {
                    return Err(Error::usage(format!(
                        "{}: {} {x} is outside {}-{}",
                        p.name, v.name, v.min, v.max
                    )));
                }
            }
        }
    }
    if rule.unique {
        let mut seen: Vec<(i64, &str)> = Vec::new();
        for p in players {
            for x in &p.values {
                if let Some((_, other)) = seen.iter().find(|(y, _)| y == x) {
                    let what = rule.value.as_ref().map_or("value", |v| v.name.as_str());
                    return Err(Error::usage(format!(
                        "{what} {x} is held by both {other} and {}",
                        p.name
                    )));
                }
                seen.push((*x, &p.name));
            }
        }
    }
    Ok(())
}

/// The players in order, each with the value that counted; `holder` holds the token.
fn place(rule: &OrderRule, players: &[Player], holder: Option<usize>) -> Vec<Placed> {
    let key = |i: usize| -> Option<i64> {
        if holder == Some(i) {
            return rule.token.as_ref().map(|t| t.value);
        }
        let v = &players[i].values;
        match rule.combine {
            Some(Combine::Max) => v.iter().max().copied(),
            _ => v.iter().min().copied(),
        }
    };
    let label = |k: Option<i64>| -> Option<String> {
        let k = k?;
        if holder.is_some() && rule.token.as_ref().is_some_and(|t| t.value == k) {
            return rule.token.as_ref().map(|t| t.name.clone());
        }
        rule.value.as_ref().and_then(|v| v.labels.get(&k).cloned())
    };
    let mut placed: Vec<Placed> = Vec::new();
    match rule.kind {
        OrderKind::Snake => {
            for (i, p) in players.iter().enumerate() {
                placed.push(Placed {
                    player: p.name.clone(),
                    value: key(i),
                    label: None,
                    places: Some("one".into()),
                });
            }
            for (i, p) in players.iter().enumerate().rev() {
                placed.push(Placed {
                    player: p.name.clone(),
                    value: key(i),
                    label: None,
                    places: Some("all".into()),
                });
            }
        }
        OrderKind::Descending | OrderKind::Ascending => {
            let mut idx: Vec<usize> = (0..players.len()).collect();
            // A stable sort: a player passes only those he exceeds, so ties keep the order given.
            if rule.kind == OrderKind::Descending {
                idx.sort_by_key(|&i| std::cmp::Reverse(key(i)));
            } else {
                idx.sort_by_key(|&i| key(i));
            }
            for i in idx {
                placed.push(Placed {
                    player: players[i].name.clone(),
                    value: key(i),
                    label: label(key(i)),
                    places: None,
                });
            }
        }
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(yaml: &str) -> OrderRule {
        serde_yaml::from_str(yaml).unwrap()
    }

    fn players(list: &[&str]) -> Vec<Player> {
        list.iter().map(|p| parse_player(p).unwrap()).collect()
    }

    const IDEOLOGY: &str = "{id: turn-order, title: Turn Order, printed: p, kind: descending, value: {name: Global Influence, min: 0, max: 99}, ends_at: 12}";

    #[test]
    fn ties_keep_the_order_given() {
        let r = rule(IDEOLOGY);
        let o = apply(
            &r,
            &players(&[
                "Imperialist=3",
                "Capitalist=4",
                "Fascist=3",
                "Communist=4",
                "Fundamentalist=3",
            ]),
            None,
        )
        .unwrap();
        assert_eq!(
            o.order,
            [
                "Capitalist",
                "Communist",
                "Imperialist",
                "Fascist",
                "Fundamentalist"
            ]
        );
        assert_eq!(o.game_over, Some(false));
        let o = apply(&r, &players(&["A=5", "B=12"]), None).unwrap();
        assert_eq!(o.order, ["B", "A"]);
        assert_eq!(o.game_over, Some(true));
    }

    #[test]
    fn bad_players_are_refused() {
        let r = rule(IDEOLOGY);
        assert!(
            apply(&r, &players(&["A=1", "a=2"]), None)
                .unwrap_err()
                .to_string()
                .contains("given twice")
        );
        assert!(
            apply(&r, &players(&["A"]), None)
                .unwrap_err()
                .to_string()
                .contains("A has no Global Influence")
        );
        assert!(parse_player("A=x").is_err());
        assert!(parse_player("=3").is_err());
    }
}
