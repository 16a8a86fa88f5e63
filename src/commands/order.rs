//! `order`: players put in order by a rule of the book.

use super::{Body, Report};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::library::{did_you_mean, suggest};
use crate::rules::{Ordered, Player, order, parse_player};
use flipbook_charts::OrderRule;
use serde::Serialize;

#[derive(Serialize)]
pub(crate) struct OrderReport {
    #[serde(flatten)]
    pub(crate) ordered: Ordered,
    /// The rule, for the text's heading and notes.
    #[serde(skip)]
    pub(crate) rule: OrderRule,
}

pub(super) fn execute(
    cfg: &Config,
    id: &str,
    players: &[String],
    set: &[String],
) -> Result<Report> {
    let book = cfg.open()?.book;
    let rules = book.orders()?;
    let Some(rule) = rules.iter().find(|r| r.id.eq_ignore_ascii_case(id)) else {
        let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
        let near = suggest(id, ids.iter().copied());
        return Err(Error::usage(if ids.is_empty() {
            format!("book {} has no ordering rules", book.id)
        } else {
            format!(
                "unknown order '{id}' in {}{}; orders: {}",
                book.id,
                did_you_mean(&near),
                ids.join(", ")
            )
        }));
    };
    let players: Vec<Player> = players
        .iter()
        .map(|p| parse_player(p))
        .collect::<Result<_>>()?;
    let holder = token_holder(rule, set)?;
    let ordered = order(rule, &players, holder.as_deref())?;
    Ok(Body::Order(Box::new(OrderReport {
        ordered,
        rule: rule.clone(),
    }))
    .into())
}

/// `--set TOKEN=PLAYER`: who holds the rule's token.
fn token_holder(rule: &OrderRule, set: &[String]) -> Result<Option<String>> {
    let mut holder = None;
    for s in set {
        let (k, v) = s
            .split_once('=')
            .ok_or_else(|| Error::usage(format!("--set takes TOKEN=PLAYER, not '{s}'")))?;
        match &rule.token {
            Some(t) if t.key.eq_ignore_ascii_case(k.trim()) => holder = Some(v.trim().to_string()),
            _ => {
                return Err(Error::usage(format!(
                    "{} has no token '{}'{}",
                    rule.id,
                    k.trim(),
                    rule.token
                        .as_ref()
                        .map(|t| format!(" (its token: {})", t.key))
                        .unwrap_or_default()
                )));
            }
        }
    }
    Ok(holder)
}
