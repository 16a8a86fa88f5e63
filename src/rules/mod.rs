//! The rules engine: input values and conditions, modifiers, reading a table, dice and their
//! odds, ordering rules. Pure: no terminal and no files; it asks the player only through the
//! [`Prompter`] port.

mod ask;
mod dice;
mod modifiers;
mod odds;
mod order;
mod outcome;
mod roller;
mod scope;
mod table;
mod values;
mod view;

pub(crate) use ask::{NoPrompt, Prompter};
pub(crate) use dice::{Dicer, SideNatural, Spread, distribution};
pub(crate) use modifiers::{EXTRA, MAX_DRM, Modifier, Modifiers, Options, refuse_drm};
pub(crate) use odds::{Odds, face_odds, row_odds, row_odds_decided};
pub(crate) use order::{Ordered, Player, apply as order, parse_player};
pub(crate) use outcome::{Outcome, SideRoll, Winner};
pub(crate) use roller::{Charts, DICE_DECIDE, Roller, look_up_by_hand, look_up_only, roll_plain};
pub(crate) use scope::Scope;
pub(crate) use table::{
    Fill, by_value, choose_column, in_column, limit, ratio_below, row_result, shifts_read_dice,
    spans, value,
};
pub(crate) use values::{Value, Values, from_sets, parse_value};
pub(crate) use view::{ChartView, ColumnView, view as chart_view};
