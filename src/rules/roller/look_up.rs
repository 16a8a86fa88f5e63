//! A chart printed elsewhere (a stub): the roll's result says where to read it; a look-up-only
//! roll, that the tool adds nothing to, made with the player's own dice.

use super::super::Values;
use super::super::modifiers::Options;
use super::super::outcome::Outcome;
use super::super::table::{Fill, with_notes};
use super::DRMS_THERE;
use flipbook_charts::{Chart, Stub};

/// Whether a roll on `chart` is a look-up only: a chart printed elsewhere (a `stub` read as
/// "look up the total there"), that the tool adds nothing to: no question, no DRM, no gate, no
/// note on a natural, no limit, one side, no book option or extra DRM that applies (nor a re-roll
/// the book's rule offers: its caller asks the book). Derived from the data alone, for any book.
pub(crate) fn look_up_only(chart: &Chart, opts: &Options) -> bool {
    chart.stub.as_ref().is_some_and(|s| s.read.is_none())
        && chart.die.dice().is_some()
        && chart.inputs.is_empty()
        && chart.drms.is_empty()
        && chart.groups.is_empty()
        && chart.cap.is_none()
        && chart.gates.is_empty()
        && chart.on_natural.is_empty()
        && chart.limits.is_empty()
        && chart.divide.is_none()
        && chart.columns.is_empty()
        && !chart.is_opposed()
        && opts.extra.is_empty()
        && opts.on_chart(chart).next().is_none()
}

/// A look-up-only roll (`look_up_only`) made with the player's own dice: no die is typed in,
/// for the tool would only say where to read it. The result says which dice to roll and where
/// to read them (and the naturals rolled again, `again`); it is made by hand.
pub(crate) fn look_up_by_hand(chart: &Chart, again: &[i64]) -> Outcome {
    let dice = match chart.die.dice() {
        Some(d) if d.count == 1 => format!("a {d}"),
        _ => chart.die.to_string(),
    };
    let read = match &chart.stub {
        Some(s) => format!("{} ({}) in the {}", s.code, s.table, s.booklet),
        None => chart.title.clone(),
    };
    let again = match again {
        [] => String::new(),
        naturals => {
            let n: Vec<String> = naturals.iter().map(ToString::to_string).collect();
            format!("; roll again on a {}", n.join(" or "))
        }
    };
    Outcome {
        result: Some(format!("Roll {dice}, read {read}{again}")),
        hand: true,
        ..Outcome::of(chart, &Values::new())
    }
}

/// The result of a roll on a chart printed elsewhere (a stub), with the notes on its natural:
/// the stub's own reading; where its DRMs are printed there, the natural, never a total that
/// claims to be final; else where to look the total up.
pub(super) fn read_there(
    stub: &Stub,
    fill: &Fill,
    out: &mut Outcome,
    total: i64,
    natural_notes: &[String],
) {
    let natural = out.natural.unwrap_or(total);
    out.result = Some(match &stub.read {
        Some(read) => fill.text(read),
        // Its DRMs are printed there: the natural, never a total that claims to be final.
        None if stub.drms_printed => {
            out.notes.push(DRMS_THERE.to_string());
            let with = if out.modifiers.is_empty() {
                String::new()
            } else {
                format!(" ({total} with the modifiers above)")
            };
            format!(
                "Natural {natural}{with}: add the DRMs printed on {} ({}) in the {}, and read the sum there",
                stub.code, stub.table, stub.booklet
            )
        }
        None => format!(
            "Look up {total} on {} ({}) in the {}",
            stub.code, stub.table, stub.booklet
        ),
    });
    with_notes(&mut out.result, natural_notes);
}
