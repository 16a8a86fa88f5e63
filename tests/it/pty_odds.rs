//! Odds at the roll in `play`: the `o` key in a pseudo-terminal shows each row's chance with
//! the answers given so far, and they are `flipbook chart ID --set …`'s to the tenth of a percent.
// Unix only: expectrl drives a pseudo-terminal (openpty), which Windows has not; the key mode
// on Windows is console's and dialoguer's, tested upstream on the Windows console.
#![cfg(unix)]

use crate::common;
use common::Env;
use expectrl::{Eof, Expect};

/// (row, percent) of each line under "Odds of" that shows a percentage.
fn odds_rows(screen: &str) -> Vec<(String, f64)> {
    let from = screen.rfind("Odds of").expect("an odds heading");
    screen[from..]
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let row = w.next()?.to_string();
            let pct = w.next()?.strip_suffix('%')?.parse().ok()?;
            Some((row, pct))
        })
        .collect()
}

#[test]
fn the_odds_key_shows_what_chart_shows() {
    let env = Env::new();
    env.keep(&["orator=yes"]);
    // At the State of the Union of turn 2, answers given to other rolls that nothing has moved
    // since (an Evaluation of "No impact", the Election's Prestige) are the odds' answers.
    let script = "goto state-of-the-union 2\nroll evaluation\n7\n6\n6\n3\n2\n0\n0\nroll election\nmidterm\n6\n0\nno\nquit\n";
    let out = env
        .cmd(&["--seed", "1", "play"])
        .write_stdin(script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let mut s = common::pty(&env, &["play"], 100);
    s.expect("o odds").unwrap();
    s.send("o").unwrap();
    s.expect("Odds of State of the Union (sotu), d10, column 24-27")
        .unwrap();
    let shown = s.expect("= flipbook chart sotu").unwrap();
    let tail = s.expect("prestige=6").unwrap();
    let screen = format!("Odds of{}", String::from_utf8_lossy(shown.before()));
    let sets = format!("sotu{}", String::from_utf8_lossy(tail.before()));
    s.send("q").unwrap();
    s.expect(Eof).unwrap();

    let rows = odds_rows(&screen);
    assert_eq!(rows.len(), 4, "{screen}");
    assert!(screen.contains("modifiers: Orator -2"), "{screen}");
    // The command shown, run: the chosen column's odds are the same.
    let mut args = vec!["chart".to_string()];
    args.extend(sets.split_whitespace().map(String::from));
    args.push("prestige=6".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let chart = env.json(&args);
    let column = chart["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["chosen"] == true)
        .expect("a chosen column");
    let want: Vec<(String, f64)> = column["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["row"].as_str().unwrap().to_string(),
                r["odds"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(rows, want);
    assert_eq!(
        want.iter().map(|r| r.1).collect::<Vec<_>>(),
        [40.0, 30.0, 30.0, 0.0]
    );
}

#[test]
fn odds_in_a_script_and_the_re_roll_offer_ranks_a_master_action() {
    let env = Env::new();
    let script = "goto any-3-actions 1 1\nodds sotu\nodds nonsense\nroll master-diplomatic\nquit\n";
    let out = env
        .cmd(&["--seed", "3", "play"])
        .write_stdin(script)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "the unknown chart is a rejected line: {err}"
    );
    assert!(err.contains("unknown chart 'nonsense'"), "{err}");
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "the column waits on: Public Approval, Relations with Congress, Media Relations, Presidential Prestige, Orator"
        ),
        "{text}"
    );
    // d10, no modifier: a natural n is bettered by n - 1 naturals, matched by one.
    let natural: u32 = text
        .split("Master Diplomatic Action Chart (master-diplomatic) · d10")
        .nth(1)
        .and_then(|t| t.split("natural ").nth(1))
        .and_then(|t| t.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("the natural rolled");
    let offer = format!(
        "A re-roll's total: lower (the better way on this chart) {:.1}%, the same 10.0%, higher {:.1}%;",
        f64::from(natural - 1) * 10.0,
        f64::from(10 - natural) * 10.0
    );
    assert!(words.contains(&offer), "{offer} in:\n{text}");
}

/// What a terminal of `rows` x `cols` shows once `until` is read, every byte read so far fed to
/// a terminal emulator.
fn screen_when(
    s: &mut expectrl::session::OsSession,
    term: &mut vt100::Parser,
    until: &str,
) -> String {
    let c = s.expect(expectrl::Regex(until)).unwrap();
    term.process(c.as_bytes());
    let (_, cols) = term.screen().size();
    term.screen()
        .rows(0, cols.get())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A cold player at 80x24 pressed `o` on a fresh segment and saw nothing: the odds were said
/// under the page, then the page was drawn again over them (as it is after the questions asked
/// on entering). What was asked for stays in view, as a result does; the dice switch too.
#[test]
fn at_80x24_the_odds_and_the_dice_switch_stay_in_view() {
    for (key, says) in [
        ("o", "Odds of Action Points at the Start of a Year"),
        ("d", "Dice: you roll them and type them in"),
    ] {
        let env = Env::new();
        let mut s = common::pty_sized(&env, &["--seed", "3", "play"], 80, 24);
        let n = |v: u16| std::num::NonZeroU16::new(v).expect("a size");
        let mut term = vt100::Parser::new(n(24), n(80), 0);
        screen_when(&mut s, &mut term, r"Keys: [\s\S]*?q quit");
        s.send(key).unwrap();
        let screen = screen_when(&mut s, &mut term, r"Keys: [\s\S]*?h help");
        let squeezed = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(squeezed.contains(says), "{key}: {says} in:\n{screen}");
        s.send("q").unwrap();
        s.expect(Eof).unwrap();
    }
}

/// The menu of all the commands (`m`) had no item for the odds: now it has, after the rolls.
#[test]
fn the_menu_has_the_odds() {
    let env = Env::new();
    let mut s = common::pty(&env, &["--seed", "3", "play"], 100);
    s.expect("q quit").unwrap();
    s.send("m").unwrap();
    s.expect("What now?").unwrap();
    s.expect("Odds of the roll, with the answers given so far")
        .unwrap();
    s.send("\u{1b}[B".repeat(4)).unwrap();
    s.send("\r").unwrap();
    s.expect("Odds of Action Points at the Start of a Year")
        .unwrap();
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
}
