//! The book format's third version at the chart level (issue 29): rules that read the dice
//! themselves, a natural that decides the row whatever the total; each worked by hand, each
//! misuse refused by `check` with its place.

use crate::common;
use common::Env;
use std::fmt::Write as _;

const BOOK: &str =
    "id: fire\ntitle: Fire Fight\ngame: Fire Fight (a test game)\nsource: tests/format3.rs\n";

/// 2d6 minus the firepower: low is good for the firer; an original 12 always fails; the sniper
/// fires on a natural equal to the scenario's number; doubles cower; a 1 on either die among
/// the pins hits the leader.
const FIRE: &str = r#"id: fire
title: Infantry Fire
printed: Rulebook p12
die: 2d6
inputs:
  - {key: firepower, label: Firepower, ask: Firepower of the firing squads?, type: number, min: 0, max: 6}
  - {key: sniper, label: Sniper number, ask: The scenario's sniper number?, type: number, min: 2, max: 12}
drms:
  - {label: Firepower, value: -1, per: firepower}
rows:
  - {row: "3 or less", result: "The target breaks"}
  - row: "4-7"
    result: "The target is pinned"
    alt: [{when: {die: 1}, result: "The target is pinned, and its leader is hit"}]
  - {row: "8+", result: "No effect"}
on_natural:
  - {naturals: [12], row: "8+", text: "An original 12 always fails"}
  - {when: {natural: sniper}, text: "The sniper fires"}
  - {when: {doubles: true}, text: "Doubles: the firers cower"}
"#;

fn env() -> Env {
    let env = Env::new();
    env.write_config("books/fire/book.yaml", BOOK);
    env.write_config("books/fire/fire.yaml", FIRE);
    env
}

fn fire(env: &Env, sets: &[&str], dice: [&str; 2]) -> serde_json::Value {
    let mut args = vec!["--book", "fire", "roll", "fire"];
    for s in sets {
        args.extend(["--set", s]);
    }
    args.extend(["--roll", dice[0], "--roll", dice[1]]);
    env.json(&args)
}

#[test]
fn an_original_12_decides_the_row_whatever_the_total() {
    let env = env();
    // 12 - 6 = 6 would read 4-7; the natural 12 reads 8+.
    let v = fire(&env, &["firepower=6", "sniper=7"], ["6", "6"]);
    assert_eq!(v["total"], 6);
    assert_eq!(v["row"], "8+");
    assert_eq!(v["clamped"], false);
    assert_eq!(
        v["result"],
        "No effect; An original 12 always fails; Doubles: the firers cower"
    );
    // 11 - 6 = 5 reads 4-7 as any total (no 1 on the dice: no leader hit).
    let v = fire(&env, &["firepower=6", "sniper=7"], ["5", "6"]);
    assert_eq!(v["row"], "4-7");
    assert_eq!(v["result"], "The target is pinned");
}

#[test]
fn conditions_read_the_single_dice_and_the_natural_against_an_input() {
    let env = env();
    // 1 + 6 = 7, no firepower: 4-7, and a die shows 1; 7 is the sniper number.
    let v = fire(&env, &["firepower=0", "sniper=7"], ["1", "6"]);
    assert_eq!(v["row"], "4-7");
    assert_eq!(
        v["result"],
        "The target is pinned, and its leader is hit; The sniper fires"
    );
    assert_eq!(v["dice"], serde_json::json!([1, 6]));
    // 3 + 3: doubles, not the sniper number (5), no 1.
    let v = fire(&env, &["firepower=0", "sniper=5"], ["3", "3"]);
    assert_eq!(
        v["result"],
        "The target is pinned; Doubles: the firers cower"
    );
    // 2 + 3 = 5 is the sniper number; 5 - 2 = 3 breaks.
    let v = fire(&env, &["firepower=2", "sniper=5"], ["2", "3"]);
    assert_eq!(v["result"], "The target breaks; The sniper fires");
}

#[test]
fn the_odds_count_the_row_the_dice_decide() {
    let env = env();
    let v = env.json(&[
        "--book",
        "fire",
        "chart",
        "fire",
        "--set",
        "firepower=6",
        "--set",
        "sniper=7",
    ]);
    let rows = &v["columns"][0]["rows"];
    // Naturals 2-9 break (30 of 36), 10 and 11 pin (5), 12 fails whatever the total (1).
    let ways: Vec<u64> = (0..3).map(|i| rows[i]["ways"].as_u64().unwrap()).collect();
    assert_eq!(ways, [30, 5, 1]);
    assert_eq!(rows[0]["out_of"], 36);
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("On a natural 12: row 8+ whatever the total: An original 12 always fails"),
        "{notes}"
    );
    assert!(
        notes.contains("a natural equal to Sniper number"),
        "{notes}"
    );
    assert!(notes.contains("Row 4-7, on a die showing 1"), "{notes}");
    // Doubles deciding a row are counted die by die: 6 of the 36 pairs.
    env.write_config(
        "books/fire/fire.yaml",
        &FIRE.replace(
            "{when: {doubles: true}, text: \"Doubles: the firers cower\"}",
            "{when: {doubles: true}, row: \"3 or less\"}",
        ),
    );
    let v = env.json(&[
        "--book",
        "fire",
        "chart",
        "fire",
        "--set",
        "firepower=0",
        "--set",
        "sniper=7",
    ]);
    let rows = &v["columns"][0]["rows"];
    let ways: Vec<u64> = (0..3).map(|i| rows[i]["ways"].as_u64().unwrap()).collect();
    // Without the doubles: 2-3 break (3), 4-7 pin (18), 8-12 fail (15). The doubles 4, 6, 8,
    // 10 and 12 move to 3 or less (the 12 decides first: it fails, and 2 already broke).
    assert_eq!(ways, [3 + 4, 18 - 2, 15 - 2]);
    assert_eq!(rows[0]["out_of"], 36);
    let v = fire(&env, &["firepower=0", "sniper=7"], ["4", "4"]);
    assert_eq!(v["row"], "3 or less");
}

#[test]
fn check_refuses_dice_read_where_they_are_not_rolled() {
    let env = env();
    let dir = env.config().join("books/fire");
    let broken = |text: &str, says: &str, line: usize| {
        env.write_config("books/fire/fire.yaml", text);
        let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}");
        assert!(err.contains(says), "'{says}' not in {err}");
        assert!(
            err.contains(&format!("fire.yaml:{line}:")),
            "line {line}: {err}"
        );
    };
    broken(
        &FIRE.replace(
            "drms:",
            "limits: [{when: {doubles: true}, max: 4, note: Cowering}]\ndrms:",
        ),
        "a condition in limits reads the dice",
        8,
    );
    broken(
        &FIRE.replace(
            "drms:",
            "gates:\n  - {when: {natural: 2}, result: No fire}\ndrms:",
        ),
        "a condition in gates reads the dice",
        9,
    );
    broken(
        &FIRE.replace("die: 2d6", "die: d6").replace("[12]", "[6]"),
        "doubles need two dice or more",
        19,
    );
    broken(
        &FIRE.replace("row: \"8+\", text", "row: \"9+\", text"),
        "on_natural's row '9+' is not a row of the chart (rows: 3 or less, 4-7, 8+)",
        17,
    );
    broken(
        &FIRE.replace("{natural: sniper}", "{natural: snipers}"),
        "'natural: snipers': 'snipers' is not a number input of this chart",
        18,
    );
    broken(
        &FIRE.replace("{die: 1}", "{die: 7}"),
        "'die: 7' never holds: 7 is not a face of 2d6",
        14,
    );
    broken(
        &FIRE.replace("{doubles: true}", "{doubles: 2}"),
        "the test on the dice' 'doubles' takes true or false",
        19,
    );
    broken(
        &FIRE.replace(", text: \"The sniper fires\"", ""),
        "an on_natural needs a `text` (a note) or a `row` (the row read)",
        18,
    );
    broken(
        &FIRE
            .replace("key: sniper", "key: natural")
            .replace("natural: sniper", "natural: 7"),
        "'natural' is a word of the conditions on the dice",
        7,
    );
}

/// Close combat on odds columns: the attackers' strength to the defenders', rounded down (in
/// the defenders' favour); a leader shifts one column right, woods one left; below 1:2 there is
/// no attack at all.
const MELEE: &str = r#"id: melee
title: Close Combat
printed: Rulebook p14
die: d6
inputs:
  - {key: attack, label: Attack strength, ask: The attackers' strength?, type: number, min: 0, max: 30}
  - {key: defence, label: Defence strength, ask: The defenders' strength?, type: number, min: 1, max: 30}
  - {key: leader, label: Leader, ask: Does a leader lead the attack?, type: yesno}
  - {key: woods, label: Woods, ask: Are the defenders in woods?, type: yesno}
column_by: {ratio: [attack, defence], title: Odds, round: down, below: "Too weak to attack: no effect"}
columns: ["1:2", "1:1", "2:1", "3:1"]
shifts:
  - {label: Leader, value: 1, when: {leader: true}}
  - {label: Woods, value: -1, when: {woods: true}}
rows:
  - {row: "1-2", results: [Attackers eliminated, Attackers retreat, Both lose a step, Defenders retreat]}
  - {row: "3-4", results: [Attackers retreat, Both lose a step, Defenders retreat, Defenders eliminated]}
  - {row: "5-6", results: [Both lose a step, Defenders retreat, Defenders eliminated, Defenders eliminated]}
"#;

/// The strengths, with neither leader nor woods.
fn with<'a>(a: &'a str, d: &'a str) -> [&'a str; 4] {
    [a, d, "leader=no", "woods=no"]
}

fn melee(env: &Env, sets: &[&str], die: &str) -> serde_json::Value {
    let mut args = vec!["--book", "fire", "roll", "melee", "--roll", die];
    for s in sets {
        args.extend(["--set", s]);
    }
    env.json(&args)
}

#[test]
fn odds_columns_read_the_ratio_by_the_named_rounding() {
    let env = env();
    env.write_config("books/fire/melee.yaml", MELEE);
    // 7:3 lies between 2:1 and 3:1: down to 2:1.
    let v = melee(&env, &with("attack=7", "defence=3"), "3");
    assert_eq!(v["column"], "2:1");
    assert_eq!(v["result"], "Defenders retreat");
    assert!(
        v["notes"][0]
            .as_str()
            .unwrap()
            .contains("Odds 7:3, rounded down to 2:1"),
        "{v}"
    );
    // Exactly 1:2.
    let v = melee(&env, &with("attack=3", "defence=6"), "1");
    assert_eq!(v["column"], "1:2");
    assert_eq!(v["notes"][0], "Odds 3:6 is 1:2");
    // 9:2 is above the last column: 3:1, said.
    let v = melee(&env, &with("attack=9", "defence=2"), "1");
    assert_eq!(v["column"], "3:1");
    assert!(
        v["notes"][0]
            .as_str()
            .unwrap()
            .contains("above the last column"),
        "{v}"
    );
    // 1:3 is below 1:2: the book's answer, no roll, nothing more asked; the die given is
    // said unused, not refused.
    let (code, out, err) = env.run(&[
        "--book",
        "fire",
        "roll",
        "melee",
        "--set",
        "attack=1",
        "--set",
        "defence=3",
        "--roll",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Too weak to attack: no effect"), "{out}");
    assert!(err.contains("not used: 4 (no roll was made)"), "{err}");
    // The chart says so too, and shows no column chosen.
    let (_, out, _) = env.run(&[
        "--book",
        "fire",
        "chart",
        "melee",
        "--set",
        "attack=1",
        "--set",
        "defence=3",
    ]);
    assert!(
        out.contains("Columns: Odds: below the first column, no roll\n"),
        "{out}"
    );
    assert!(out.contains("Too weak to attack: no effect"), "{out}");
    // Rounded up instead: 7:3 reads 3:1.
    env.write_config(
        "books/fire/melee.yaml",
        &MELEE.replace("round: down", "round: up"),
    );
    let v = melee(&env, &with("attack=7", "defence=3"), "3");
    assert_eq!(v["column"], "3:1");
    assert!(
        v["notes"][0]
            .as_str()
            .unwrap()
            .contains("rounded up to 3:1"),
        "{v}"
    );
}

#[test]
fn column_shifts_move_the_column_within_the_table() {
    let env = env();
    env.write_config("books/fire/melee.yaml", MELEE);
    // 7:3 reads 2:1; the leader moves it to 3:1.
    let v = melee(
        &env,
        &["attack=7", "defence=3", "leader=yes", "woods=no"],
        "3",
    );
    assert_eq!(v["column"], "3:1");
    assert_eq!(v["result"], "Defenders eliminated");
    assert_eq!(
        v["notes"][0],
        "Odds 7:3, rounded down to 2:1; column shift +1 (Leader +1)"
    );
    assert_eq!(v["total"], 3, "a shift leaves the total alone");
    assert_eq!(
        v["shifts"],
        serde_json::json!([{"source": "Leader", "value": 1}])
    );
    // Leader and woods cancel out.
    let v = melee(
        &env,
        &["attack=7", "defence=3", "leader=yes", "woods=yes"],
        "3",
    );
    assert_eq!(v["column"], "2:1");
    // Woods at 1:2: held at the table's edge.
    let v = melee(
        &env,
        &["attack=3", "defence=6", "leader=no", "woods=yes"],
        "3",
    );
    assert_eq!(v["column"], "1:2");
    assert!(
        v["notes"][0]
            .as_str()
            .unwrap()
            .ends_with("column shift -1 (Woods -1), held at the table's edge"),
        "{v}"
    );
    // The chart shows the shifted column chosen, with its odds (a d6: two faces a row).
    let c = env.json(&[
        "--book",
        "fire",
        "chart",
        "melee",
        "--set",
        "attack=7",
        "--set",
        "defence=3",
        "--set",
        "leader=yes",
        "--set",
        "woods=no",
    ]);
    assert_eq!(c["column"], "3:1");
    assert_eq!(c["columns"][3]["chosen"], true);
    assert_eq!(c["columns"][3]["rows"][1]["ways"], 2);
    assert_eq!(c["columns"][3]["rows"][1]["out_of"], 6);
    assert!(
        c["notes"].to_string().contains(
            "Column shifts (when they hold; held at the table's edges): Leader +1, Woods -1"
        ),
        "{c}"
    );
}

#[test]
fn check_refuses_odds_columns_and_shifts_misused() {
    let env = env();
    let dir = env.config().join("books/fire");
    let broken = |text: &str, says: &str, line: usize| {
        env.write_config("books/fire/melee.yaml", text);
        let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}");
        assert!(err.contains(says), "'{says}' not in {err}");
        assert!(
            err.contains(&format!("melee.yaml:{line}:")),
            "line {line}: {err}"
        );
    };
    broken(
        &MELEE.replace("\"2:1\"", "\"2 to 1\""),
        "column '2 to 1' is not a ratio as printed",
        11,
    );
    broken(
        &MELEE.replace("\"1:1\", \"2:1\"", "\"2:1\", \"1:1\""),
        "odds columns run from the lowest ratio up: '1:1' is not above '2:1'",
        11,
    );
    broken(
        &MELEE.replace("ratio: [attack, defence]", "ratio: [attack, leader]"),
        "'leader' is not a number input",
        10,
    );
    broken(
        &MELEE.replace("ratio: [attack, defence]", "input: woods"),
        "`round` and `below` are for odds columns",
        10,
    );
    // A shift on the dice needs one roll of dice, whose outcomes can be counted one by one.
    broken(
        &MELEE
            .replace("when: {woods: true}", "when: {doubles: true}")
            .replace("die: d6", "die: 7d6"),
        "a column shift reads the dice: 7d6 has too many outcomes",
        12,
    );
    broken(
        &MELEE
            .replace("when: {woods: true}", "when: {die: 6}")
            .replace("die: d6", "die: d6\nopposed: [Attacker, Defender]"),
        "a condition on the dice needs one roll of a die",
        15,
    );
    broken(
        &MELEE.replace("value: -1, when: {woods", "value: 0, when: {woods"),
        "a shift moves the column by 1 to 100 columns",
        14,
    );
}

/// A gate that forbids the roll answers even when dice were given with --roll (issue 29: it
/// exited 2 with "not used" and never showed the gate's reason).
#[test]
fn a_gated_roll_with_dice_given_shows_the_gate() {
    let env = env();
    env.write_config(
        "books/fire/rally.yaml",
        "id: rally\ntitle: Rally\nprinted: p3\ndie: d6\ninputs:\n  - {key: broken, ask: Is the unit broken?, type: yesno}\ngates:\n  - {when: {broken: false}, result: \"Only a broken unit rallies\"}\nrows:\n  - {row: \"1-3\", result: Rallies}\n  - {row: \"4+\", result: Stays broken}\n",
    );
    let (code, out, err) = env.run(&[
        "--book",
        "fire",
        "roll",
        "rally",
        "--set",
        "broken=no",
        "--roll",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Only a broken unit rallies"), "{out}");
    assert!(err.contains("not used: 2"), "{err}");
    // A roll made uses its die.
    let v = env.json(&[
        "--book",
        "fire",
        "roll",
        "rally",
        "--set",
        "broken=yes",
        "--roll",
        "2",
    ]);
    assert_eq!(v["result"], "Rallies");
}

/// An ambush: each side rolls a d6, the lower total wins, a tie goes to the defender.
const AMBUSH: &str = r#"id: ambush
title: Ambush
printed: Rulebook p16
die: d6
opposed: [Attacker, Defender]
wins: lower
tie: Defender
inputs:
  - {key: concealed, label: Concealed, ask: Is the attacker concealed?, type: yesno}
drms:
  - {label: Concealed, value: -2, when: {concealed: true}, side: Attacker}
rows:
  - {row: "-3 or less", result: "The attacker ambushes, by {margin}"}
  - {row: "-2-2", result: "A firefight: {winner} fires first"}
  - {row: "3+", result: "The defender ambushes, by {margin}"}
"#;

#[test]
fn the_winner_of_an_opposed_roll_follows_the_book() {
    let env = env();
    env.write_config("books/fire/ambush.yaml", AMBUSH);
    let args = |c: &'static str, a: &'static str, d: &'static str| {
        vec![
            "--book", "fire", "roll", "ambush", "--set", c, "--roll", a, "--roll", d,
        ]
    };
    // 1 - 2 = -1 against 5: the attacker's lower total wins, on the row that says so.
    let (code, out, err) = env.run(&args("concealed=yes", "1", "5"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("winner: Attacker, by 6\n"), "{out}");
    assert!(out.contains("The attacker ambushes, by 6"), "{out}");
    let v = env.json(&args("concealed=yes", "1", "5"));
    assert_eq!(v["winner"], "Attacker");
    assert_eq!(v["total"], -6);
    // A tie: the book gives it to the defender.
    let (_, out, _) = env.run(&args("concealed=no", "3", "3"));
    assert!(out.contains("winner: Defender, on a tie"), "{out}");
    assert!(out.contains("A firefight: Defender fires first"), "{out}");
    assert_eq!(
        env.json(&args("concealed=no", "3", "3"))["winner"],
        "Defender"
    );
    // The higher total wins where the book says nothing.
    env.write_config(
        "books/fire/ambush.yaml",
        &AMBUSH.replace("wins: lower\n", ""),
    );
    assert_eq!(
        env.json(&args("concealed=yes", "1", "5"))["winner"],
        "Defender"
    );
    // The line can be turned off; the JSON keeps the winner.
    env.write_config(
        "books/fire/ambush.yaml",
        &AMBUSH.replace("wins: lower", "wins: lower\nshow_winner: false"),
    );
    let (_, out, _) = env.run(&args("concealed=yes", "1", "5"));
    assert!(!out.contains("winner:"), "{out}");
    assert!(out.contains("The attacker ambushes, by 6"), "{out}");
    assert_eq!(
        env.json(&args("concealed=yes", "1", "5"))["winner"],
        "Attacker"
    );
    // The chart says which total wins and who takes a tie.
    let c = env.json(&["--book", "fire", "chart", "ambush", "--set", "concealed=no"]);
    assert!(
        c["notes"][0]
            .as_str()
            .unwrap()
            .ends_with("the lower total wins; Defender wins a tie"),
        "{c}"
    );
    // Only an opposed roll has a winner.
    env.write_config(
        "books/fire/fire.yaml",
        &FIRE.replace("die: 2d6", "die: 2d6\nwins: lower"),
    );
    let dir = env.config().join("books/fire");
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("fire.yaml:5:")
            && err.contains("only an opposed roll (`opposed: [A, B]`) has a winner"),
        "{err}"
    );
}

/// A morale check: 2d6 at most the squad's morale passes; the margin in the results; a natural 2
/// always passes.
const MORALE: &str = r#"id: morale
title: Morale Check
printed: Rulebook p18
die: 2d6
against: morale
inputs:
  - {key: morale, label: Morale, ask: The squad's morale?, type: number, min: 4, max: 10}
  - {key: leader, label: Leader, ask: Is a leader with the squad?, type: yesno}
drms:
  - {label: Leader, value: -1, when: {leader: true}}
rows:
  - {row: "0 or less", result: "Passes, by {margin}"}
  - {row: "1-2", result: "Fails by {margin}: the squad is broken"}
  - {row: "3+", result: "Fails by more than 2: the squad routs"}
on_natural:
  - {naturals: [2], row: "0 or less", text: "A natural 2 always passes"}
"#;

#[test]
fn a_roll_against_an_input_passes_or_fails_by_a_margin() {
    let env = env();
    env.write_config("books/fire/morale.yaml", MORALE);
    let roll = |leader: &str, a: &str, b: &str| {
        let (code, out, err) = env.run(&[
            "--book", "fire", "roll", "morale", "--set", "morale=7", "--set", leader, "--roll", a,
            "--roll", b,
        ]);
        assert_eq!(code, 0, "{err}");
        out
    };
    // 9 against 7: fails by 2.
    let out = roll("leader=no", "4", "5");
    assert!(out.contains("total 9 - Morale 7 = 2 → row 1-2"), "{out}");
    assert!(out.contains("Fails by 2: the squad is broken"), "{out}");
    // 12 - 1 = 11 against 7: fails by more than 2.
    assert!(roll("leader=yes", "6", "6").contains("the squad routs"));
    // 7 exactly: at most the morale, passes by 0.
    assert!(roll("leader=no", "3", "4").contains("Passes, by 0"));
    let v = env.json(&[
        "--book",
        "fire",
        "roll",
        "morale",
        "--set",
        "morale=7",
        "--set",
        "leader=yes",
        "--roll",
        "3",
        "--roll",
        "2",
    ]);
    assert_eq!(v["total"], 4);
    assert_eq!(v["read"], -3);
    assert_eq!(v["margin"], 3);
    assert_eq!(v["result"], "Passes, by 3");
    // The odds: at most 7 on 2d6 is 21 of 36, 8-9 is 9, 10+ is 6.
    let c = env.json(&[
        "--book",
        "fire",
        "chart",
        "morale",
        "--set",
        "morale=7",
        "--set",
        "leader=no",
    ]);
    let rows = &c["columns"][0]["rows"];
    let ways: Vec<u64> = (0..3).map(|i| rows[i]["ways"].as_u64().unwrap()).collect();
    assert_eq!(ways, [21, 9, 6]);
    assert!(
        c["notes"]
            .to_string()
            .contains("Against Morale: the rows read the total minus Morale")
    );
    // The rows must cover every natural against every morale: 2 - 10 to 12 - 4.
    let dir = env.config().join("books/fire");
    let broken = |text: &str, says: &str, line: usize| {
        env.write_config("books/fire/morale.yaml", text);
        let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}");
        assert!(err.contains(says), "'{says}' not in {err}");
        assert!(
            err.contains(&format!("morale.yaml:{line}:")),
            "line {line}: {err}"
        );
    };
    broken(
        &MORALE
            .replace("\"0 or less\"", "\"-7-0\"")
            .replace("row: \"0 or less\", text", "row: \"-7-0\", text"),
        "rows start at '-7-0' but -8 is possible",
        12,
    );
    broken(
        &MORALE.replace("against: morale", "against: leader"),
        "against 'leader': the rows read the total against a number input, and 'leader' is not one",
        5,
    );
}

/// Of a row's alternatives the first that holds is read: `check` refuses one an earlier one
/// always takes first.
#[test]
fn check_refuses_an_alternative_never_read() {
    let env = env();
    let dir = env.config().join("books/fire");
    let shadowed = FIRE.replace(
        "alt: [{when: {die: 1}, result: \"The target is pinned, and its leader is hit\"}]",
        "alt:\n      - {when: {die: 1}, result: \"Leader hit\"}\n      - {when: {die: 1, sniper: 7}, result: \"Leader hit by the sniper\"}",
    );
    env.write_config("books/fire/fire.yaml", &shadowed);
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("fire.yaml:16:")
            && err.contains("the alt \"Leader hit by the sniper\" is never read: the alt before it (\"Leader hit\")"),
        "{err}"
    );
    // The narrower one first is read when it holds, the wider one otherwise.
    let ordered = FIRE.replace(
        "alt: [{when: {die: 1}, result: \"The target is pinned, and its leader is hit\"}]",
        "alt:\n      - {when: {die: 1, sniper: 7}, result: \"Leader hit by the sniper\"}\n      - {when: {die: 1}, result: \"Leader hit\"}",
    );
    env.write_config("books/fire/fire.yaml", &ordered);
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        fire(&env, &["firepower=0", "sniper=7"], ["1", "6"])["result"],
        "Leader hit by the sniper; The sniper fires"
    );
    assert_eq!(
        fire(&env, &["firepower=0", "sniper=5"], ["1", "6"])["result"],
        "Leader hit"
    );
}

/// A DRM on the dice themselves: doubles make the firers cower, +2, counted once the dice are
/// rolled and in the odds die by die.
#[test]
fn a_drm_reads_the_dice_once_they_are_rolled() {
    let env = env();
    env.write_config(
        "books/fire/fire.yaml",
        &FIRE.replace(
            "per: firepower}",
            "per: firepower}\n  - {label: Cowering, value: 2, when: {doubles: true}}",
        ),
    );
    // 3 + 3 = 6, doubles: +2, 8 reads 8+.
    let v = fire(&env, &["firepower=0", "sniper=7"], ["3", "3"]);
    assert_eq!(v["total"], 8);
    assert_eq!(v["row"], "8+");
    assert_eq!(v["modifiers"][0]["source"], "Cowering");
    assert_eq!(v["modifiers"][0]["value"], 2);
    // 2 + 4 = 6, no doubles: 6 reads 4-7, no Cowering.
    let v = fire(&env, &["firepower=0", "sniper=7"], ["2", "4"]);
    assert_eq!(v["total"], 6);
    assert_eq!(v["modifiers"], serde_json::json!([]));
    // The odds: 1+1 (2 → 4) leaves 3 or less for 4-7, 3+3 (6 → 8) leaves 4-7 for 8+.
    let c = env.json(&[
        "--book",
        "fire",
        "chart",
        "fire",
        "--set",
        "firepower=0",
        "--set",
        "sniper=7",
    ]);
    let rows = &c["columns"][0]["rows"];
    let ways: Vec<u64> = (0..3).map(|i| rows[i]["ways"].as_u64().unwrap()).collect();
    assert_eq!(ways, [3 - 1, 18 + 1 - 1, 15 + 1]);
    assert!(
        c["notes"]
            .to_string()
            .contains("On doubles: Cowering +2 (counted once the dice are rolled)"),
        "{c}"
    );
    assert_eq!(c["pending"], serde_json::json!([]));
    // Counted die by die only where that stays quick: 7d6 is 279,936 outcomes.
    env.write_config(
        "books/fire/fire.yaml",
        &FIRE.replace("die: 2d6", "die: 7d6").replace(
            "per: firepower}",
            "per: firepower}\n  - {label: Cowering, value: 2, when: {doubles: true}}",
        ),
    );
    let dir = env.config().join("books/fire");
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("fire.yaml:8:")
            && err.contains("a DRM reads the dice: 7d6 has too many outcomes to count each die's (at most 100000)"),
        "{err}"
    );
}

/// Both sides' dice of an opposed roll on one `--roll` (issue 29: "2 5" was refused).
#[test]
fn dice_given_on_one_line_for_an_opposed_roll() {
    let env = env();
    env.write_config("books/fire/ambush.yaml", AMBUSH);
    let v = env.json(&[
        "--book",
        "fire",
        "roll",
        "ambush",
        "--set",
        "concealed=no",
        "--roll",
        "2 5",
    ]);
    assert_eq!(v["sides"][0]["natural"], 2);
    assert_eq!(v["sides"][1]["natural"], 5);
    assert_eq!(v["total"], -3);
    // Two dice of one roll too; a die beyond the die is refused as before.
    let v = env.json(&["roll", "2d6", "--roll", "3 4"]);
    assert_eq!(v["dice"], serde_json::json!([3, 4]));
    env.bad(&["roll", "2d6", "--roll", "3 9"], "--roll 9 cannot be");
}

/// Dice typed by hand for an opposed roll: every side's dice on one line ("2 5"), a number a
/// die; the first side's alone, then the next asked; one number never split among the sides
/// (issue 29: "2 5" was refused at the hand prompt).
#[test]
fn an_opposed_roll_by_hand_takes_every_sides_dice_on_one_line() {
    let env = env();
    env.write_config("books/fire/ambush.yaml", AMBUSH);
    env.write_config(
        "books/fire/sequence.yaml",
        "title: Ambush turn\nturns: 1\nphases:\n  - {id: main, title: Main, segments: [fight]}\nsegments:\n  - {id: fight, title: Fight, steps: [{text: Ambush, chart: ambush}]}\n",
    );
    env.write_config("settings.yaml", "dice: hand\n");
    let play = |lines: &str| {
        let out = env
            .cmd(&["--book", "fire", "play"])
            .write_stdin(lines)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = play("roll ambush\nno\n2 5\nquit\n");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("The attacker ambushes, by 3"), "{out}");
    // The first side's die alone: the second is asked on its own line.
    let (code, out, err) = play("roll ambush\nno\n6\n1\nquit\n");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("The defender ambushes, by 5"), "{out}");
    // "25" is no d6: one number is never taken apart into dice.
    let (code, out, err) = play("roll ambush\nno\n25\nquit\n");
    assert_ne!(code, 0, "{out}");
    assert!(err.contains("25 is not a d6"), "{err}");
}

/// `report` after `play on` tells the end the game met and played past, and an opposed roll's
/// naturals side by side (issue 29: `"over": null`, and the naturals lost).
#[test]
fn report_keeps_the_end_played_past_and_the_sides_naturals() {
    let env = env();
    env.write_config("books/fire/ambush.yaml", AMBUSH);
    env.write_config(
        "books/fire/sequence.yaml",
        "title: Ambush turn\nturns: 2\nphases:\n  - {id: main, title: Main, segments: [fight]}\nsegments:\n  - id: fight\n    title: Fight\n    steps:\n      - {text: Ambush, chart: ambush}\n      - {text: Look at the losses, game_over: {ask: Is a side destroyed?, text: A side is destroyed}}\n",
    );
    env.write_config("settings.yaml", "dice: hand\n");
    let out = env
        .cmd(&["--book", "fire", "play"])
        .write_stdin("yes\nplay on\nroll ambush\nno\n2 5\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("The game is over: A side is destroyed"),
        "{text}"
    );
    assert!(text.contains("The attacker ambushes, by 3"), "{text}");
    let v = env.json(&["--book", "fire", "report"]);
    assert!(v["end"]["over"].is_null(), "{v}");
    assert_eq!(
        v["end"]["played_past"],
        serde_json::json!([{"turn": 1, "why": "The game is over: A side is destroyed"}]),
        "{v}"
    );
    let roll = &v["turns"][0]["rolls"][0];
    assert_eq!(
        roll["sides"],
        serde_json::json!([{"name": "Attacker", "natural": 2}, {"name": "Defender", "natural": 5}]),
        "{v}"
    );
    let (code, text, err) = env.run(&["--book", "fire", "report"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("Ambush rolled Attacker 2, Defender 5, total -3"),
        "{text}"
    );
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("played on past the end on turn 1: The game is over: A side is destroyed"),
        "{text}"
    );
}

/// A tactical fire table: 11 firepower columns of 2d6 rows, short results ("2MC", "K/2") and
/// one long one.
fn wide_fire_table() -> String {
    let cols = [
        "1", "2-3", "4-5", "6-7", "8-11", "12-15", "16-19", "20-23", "24-29", "30-35", "36+",
    ];
    let mut y = String::from(
        "id: ift\ntitle: Infantry Fire Table\nprinted: Rulebook p20\ndie: 2d6\ninputs:\n  - {key: fp, label: Firepower, ask: The firepower?, type: number, min: 1, max: 60}\ncolumn_by: {sum: [fp], title: Firepower}\n",
    );
    let _ = writeln!(
        y,
        "columns: [{}]\nrows:",
        cols.map(|c| format!("\"{c}\"")).join(", ")
    );
    for (i, total) in (2..=12).enumerate() {
        let row = match total {
            2 => "2 or less".to_string(),
            12 => "12+".to_string(),
            t => t.to_string(),
        };
        let results: Vec<String> = (0..cols.len())
            .map(|j| {
                let effect = i as i64 - j as i64;
                let r = match effect {
                    _ if i == 0 && j == cols.len() - 1 => {
                        "The target is eliminated and its leader wounded"
                    }
                    ..=-3 => "KIA",
                    -2 => "K/2",
                    -1 => "3MC",
                    0 => "2MC",
                    1 => "1MC",
                    2 => "NMC",
                    3 => "PTC",
                    _ => "No effect",
                };
                format!("\"{r}\"")
            })
            .collect();
        let _ = writeln!(
            y,
            "  - {{row: \"{row}\", results: [{}]}}",
            results.join(", ")
        );
    }
    y
}

/// A wide chart fits the terminal as a grid: the results too wide for a cell are marks with a
/// legend, the columns paged if need be, never stacked row by row; once the inputs choose the
/// column, that column alone (issue 29: 337 lines at 80 columns).
#[test]
fn a_wide_chart_is_a_grid_and_the_chosen_column_stands_alone() {
    let env = env();
    env.write_config("books/fire/ift.yaml", &wide_fire_table());
    let (code, out, err) = env.run(&["check", env.config().join("books/fire").to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    for width in [80usize, 60] {
        let out = env
            .cmd(&["--book", "fire", "chart", "ift"])
            .env("COLUMNS", width.to_string())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(
            text.lines()
                .all(|l| console::measure_text_width(l) <= width),
            "{width}:\n{text}"
        );
        // Two pages of columns at 80, three at 60.
        let most = if width == 80 { 35 } else { 50 };
        assert!(text.lines().count() < most, "{width}:\n{text}");
        // Never a row stacked with its columns under it.
        assert!(!text.contains("2d6 2 or less"), "{width}:\n{text}");
        let heads: Vec<&str> = text.lines().filter(|l| l.starts_with("2d6 ")).collect();
        for col in ["1", "2-3", "12-15", "36+"] {
            assert!(
                heads.iter().any(|h| h.split_whitespace().any(|w| w == col)),
                "{width}: {col}\n{text}"
            );
        }
        // Every row of every column is in a grid: the short results as they are, the long one
        // a mark with its legend.
        assert!(
            text.contains("(a) The target is eliminated and its leader wounded"),
            "{width}:\n{text}"
        );
        assert!(text.contains("No effect"), "{width}:\n{text}");
        let row12: Vec<&str> = text.lines().filter(|l| l.starts_with("12+ ")).collect();
        assert!(
            row12.iter().any(|l| l.ends_with(" 2MC")),
            "{width}:\n{text}"
        );
    }
    // 13 firepower chooses the 12-15 column: that column alone, with its odds.
    let out = env
        .cmd(&["--book", "fire", "chart", "ift", "--set", "fp=13"])
        .env("COLUMNS", "80")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("Columns: Firepower = 13 → 12-15"), "{text}");
    let head = text.lines().find(|l| l.starts_with("2d6 ")).unwrap();
    assert!(
        head.contains("[12-15]") && !head.contains("16-19"),
        "{text}"
    );
    assert!(text.contains("Column 12-15 of 11"), "{text}");
    assert!(text.lines().count() < 25, "{text}");
    // The JSON keeps every column.
    let v = env.json(&["--book", "fire", "chart", "ift", "--set", "fp=13"]);
    assert_eq!(v["columns"].as_array().unwrap().len(), 11);
}

/// A column shift on the dice: doubles make the firers cower, one column left, read once the
/// dice are rolled; `chart` counts it die by die (issue 29).
const VOLLEY: &str = r#"id: volley
title: Volley Fire
printed: Rulebook p13
die: 2d6
inputs:
  - {key: strength, label: Strength, ask: How strong is the volley?, type: choice, options: [light, heavy, massed]}
  - {key: leader, label: Leader, ask: Does a leader direct it?, type: yesno}
column_by: {input: strength, title: Strength}
columns:
  - {label: Light, value: light}
  - {label: Heavy, value: heavy}
  - {label: Massed, value: massed}
shifts:
  - {label: Leader, value: 1, when: {leader: true}}
  - {label: Cowering, value: -1, when: {doubles: true}}
drms:
  - {label: Massed fire, value: -1, columns: [Massed]}
rows:
  - {row: "2-4", results: [Pinned, Broken, Eliminated]}
  - {row: "5-8", results: [No effect, Pinned, Broken]}
  - {row: "9-12", results: [No effect, No effect, Pinned]}
"#;

fn volley(env: &Env, sets: &[&str], dice: [&str; 2]) -> serde_json::Value {
    let mut args = vec!["--book", "fire", "roll", "volley"];
    for s in sets {
        args.extend(["--set", s]);
    }
    args.extend(["--roll", dice[0], "--roll", dice[1]]);
    env.json(&args)
}

#[test]
fn a_column_shift_reads_the_dice_once_they_are_rolled() {
    let env = env();
    env.write_config("books/fire/volley.yaml", VOLLEY);
    // Doubles: Heavy moves to Light.
    let v = volley(&env, &["strength=heavy", "leader=no"], ["2", "2"]);
    assert_eq!(v["column"], "Light");
    assert_eq!(v["result"], "Pinned");
    assert_eq!(v["notes"][0], "column shift -1 (Cowering -1)");
    assert_eq!(
        v["shifts"],
        serde_json::json!([{"source": "Cowering", "value": -1}])
    );
    // No doubles: no shift, nothing said.
    let v = volley(&env, &["strength=heavy", "leader=no"], ["2", "3"]);
    assert_eq!(v["column"], "Heavy");
    assert_eq!(v["result"], "Pinned");
    assert!(v.get("shifts").is_none(), "{v}");
    // The leader and the cowering cancel out; the column's own DRM is the one read in.
    let v = volley(&env, &["strength=heavy", "leader=yes"], ["5", "5"]);
    assert_eq!(v["column"], "Heavy");
    assert_eq!(v["total"], 10);
    assert_eq!(v["notes"][0], "column shift +0 (Leader +1, Cowering -1)");
    // Massed and a leader: past the edge, and the doubles count from there (4 - 1 = 3, held
    // at 2): still Massed, with its -1.
    let v = volley(&env, &["strength=massed", "leader=yes"], ["4", "4"]);
    assert_eq!(v["column"], "Massed");
    assert_eq!(v["total"], 7);
    // Moved into Massed from Heavy? Cowering only moves left; from Massed with doubles: Heavy,
    // and Massed's DRM no longer counts.
    let v = volley(&env, &["strength=massed", "leader=no"], ["4", "4"]);
    assert_eq!(v["column"], "Heavy");
    assert_eq!(v["total"], 8);
    assert_eq!(v["modifiers"], serde_json::json!([]));
    // The odds: of Massed's 36 rolls, the 30 without doubles read Massed at -1, the six
    // doubles Heavy at +0.
    let c = env.json(&[
        "--book",
        "fire",
        "chart",
        "volley",
        "--set",
        "strength=massed",
        "--set",
        "leader=no",
    ]);
    let col = &c["columns"][2];
    assert_eq!(col["chosen"], true);
    let ways: Vec<u64> = (0..3)
        .map(|i| col["rows"][i]["ways"].as_u64().unwrap())
        .collect();
    // Natural 3..5 without doubles (2 + 2 + 4 = 8) read 2-4 at -1; 6..9 (4 + 6 + 4 + 4 = 18)
    // read 5-8; 10..12 (2 + 2 + 0 = 4) read 9-12.
    assert_eq!(ways, [8, 18, 4]);
    let moved = col["moved"].as_array().unwrap();
    let cells: Vec<(String, String, u64)> = moved
        .iter()
        .map(|m| {
            (
                m["column"].as_str().unwrap().to_string(),
                m["row"].as_str().unwrap().to_string(),
                m["ways"].as_u64().unwrap(),
            )
        })
        .collect();
    // Doubles 2, 4 read 2-4; 6, 8 read 5-8; 10, 12 read 9-12, in Heavy.
    assert_eq!(
        cells,
        [
            ("Heavy".into(), "2-4".into(), 2),
            ("Heavy".into(), "5-8".into(), 2),
            ("Heavy".into(), "9-12".into(), 2)
        ]
    );
    let odds: f64 = (0..3)
        .map(|i| col["rows"][i]["odds"].as_f64().unwrap())
        .chain(moved.iter().map(|m| m["odds"].as_f64().unwrap()))
        .sum();
    assert!((odds - 100.0).abs() < 1e-9, "{odds}");
    let (_, out, _) = env.run(&[
        "--book",
        "fire",
        "chart",
        "volley",
        "--set",
        "strength=massed",
        "--set",
        "leader=no",
    ]);
    assert!(
        out.contains("5.6% moved by the dice to column Heavy, row 2-4: Broken"),
        "{out}"
    );
    assert!(
        out.contains("On doubles: column shift Cowering -1 (counted once the dice are rolled)"),
        "{out}"
    );
    // `play`'s odds at the roll say the same.
    env.write_config(
        "books/fire/sequence.yaml",
        "title: T\nturns: 1\nphases:\n  - {id: a, title: A, segments: [v]}\nsegments:\n  - {id: v, title: Volley, steps: [{text: Fire, chart: volley}]}\n",
    );
    let out = env
        .cmd(&["--book", "fire", "--seed", "1", "play"])
        .write_stdin("roll\nmassed\nno\nodds volley\n")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.contains("5.6% moved by the dice to column Heavy, row 2-4: Broken"),
        "{out}"
    );
}

/// Fails by more than another input: a panic check routs a squad that fails by more than its
/// experience rating; `fails_by` names the value the rows read (issue 29).
const PANIC: &str = r#"id: panic
title: Panic Check
printed: Rulebook p19
die: 2d6
against: morale
inputs:
  - {key: morale, label: Morale, ask: The squad's morale?, type: number, min: 4, max: 10}
  - {key: experience, label: Experience, ask: The squad's experience rating?, type: number, min: 0, max: 4}
rows:
  - {row: "0 or less", result: "Holds"}
  - row: "1+"
    result: "Fails by {margin}: the squad is pinned"
    alt:
      - when: {fails_by: {above: experience}}
        result: "Fails by {margin}, {margin - experience} past its experience: the squad routs"
    then: [{chart: rout, when: {fails_by: {min: 3}}}]
---
id: rout
title: Rout
printed: Rulebook p20
die: d6
selection: true
rows:
  - {row: "1-6", result: "Runs for cover"}
"#;

#[test]
fn a_roll_fails_by_more_than_another_input() {
    let env = env();
    env.write_config("books/fire/panic.yaml", PANIC);
    // The third die is the rout's, when one is rolled (`--seed` otherwise unused).
    let panic = |exp: &str, a: &str, b: &str| {
        let mut args = vec!["--book", "fire", "--seed", "4", "roll", "panic"];
        args.extend(["--set", "morale=7", "--set", exp, "--roll", a, "--roll", b]);
        env.json(&args)
    };
    // 8 against 7 fails by 1: not more than an experience of 1.
    let v = panic("experience=1", "3", "5");
    assert_eq!(v["result"], "Fails by 1: the squad is pinned");
    // 9: by 2, more than 1, and by 2 exactly no rout roll.
    let v = panic("experience=1", "4", "5");
    assert_eq!(
        v["result"],
        "Fails by 2, 1 past its experience: the squad routs"
    );
    assert!(
        v.get("then").is_none_or(|t| t == &serde_json::json!([])),
        "{v}"
    );
    // By 2 is not more than 2.
    let v = panic("experience=2", "4", "5");
    assert_eq!(v["result"], "Fails by 2: the squad is pinned");
    // 10: by 3, more than 2, and the rout rolled (a follow-up's `when` reads it too).
    let v = panic("experience=2", "5", "5");
    assert_eq!(
        v["result"],
        "Fails by 3, 1 past its experience: the squad routs"
    );
    assert_eq!(v["then"][0]["chart"], "rout");
    // A pass is never "more than" anything: 5 against 7 reads -2.
    let v = panic("experience=0", "2", "3");
    assert_eq!(v["result"], "Holds");
}

#[test]
fn the_chart_names_failing_by_more_than_an_input_with_its_share() {
    let env = env();
    env.write_config("books/fire/panic.yaml", PANIC);
    // The chart names the alternative.
    let (_, out, _) = env.run(&[
        "--book",
        "fire",
        "chart",
        "panic",
        "--set",
        "morale=7",
        "--set",
        "experience=1",
    ]);
    assert!(
        out.contains("Row 1+, on failing by more than Experience: Fails by"),
        "{out}"
    );
    // Its share: a total of 9 or more against 7, 10 of 36 rolls; with a leader's -1 (a DRM)
    // 10 or more, 6 of 36.
    assert!(
        out.contains("Row 1+, on failing by more than Experience: 27.8% of the rolls"),
        "{out}"
    );
    env.write_config(
        "books/fire/panic.yaml",
        &PANIC.replace(
            "rows:\n  - {row: \"0 or less\"",
            "drms:\n  - {label: Steady, value: -1}\nrows:\n  - {row: \"0 or less\"",
        ),
    );
    let (_, out, _) = env.run(&[
        "--book",
        "fire",
        "chart",
        "panic",
        "--set",
        "morale=7",
        "--set",
        "experience=1",
    ]);
    assert!(
        out.contains("Row 1+, on failing by more than Experience: 16.7% of the rolls"),
        "{out}"
    );
}

#[test]
fn fails_by_misused_is_refused_on_its_line() {
    let env = env();
    // Misused: without `against`, against a yes/no, before the row is read, as an input's key.
    let dir = env.config().join("books/fire");
    let broken = |text: &str, says: &str, line: usize| {
        env.write_config("books/fire/panic.yaml", text);
        let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}");
        assert!(err.contains(says), "'{says}' not in {err}");
        assert!(
            err.contains(&format!("panic.yaml:{line}:")),
            "line {line}: {err}"
        );
    };
    broken(
        &PANIC
            .replace("against: morale\n", "")
            .replace("Fails by {margin}", "Fails")
            .replace(", {margin - experience} past its experience", ""),
        "'fails_by' reads a roll `against` an input",
        13,
    );
    broken(
        &PANIC
            .replace(
                "type: number, min: 0, max: 4}",
                "type: number, min: 0, max: 4}\n  - {key: green, ask: Green?, type: yesno}",
            )
            .replace("above: experience", "above: green"),
        "'fails_by' is compared with 'green', which is not a number input",
        15,
    );
    broken(
        &PANIC.replace(
            "rows:\n  - {row: \"0 or less\"",
            "drms:\n  - {label: Shaken, value: 1, when: {fails_by: 1}}\nrows:\n  - {row: \"0 or less\"",
        ),
        "a condition in drms reads 'fails_by', which is known only once the row is read",
        10,
    );
    broken(
        &PANIC.replace("key: experience", "key: fails_by"),
        "'fails_by' is the word of a roll against an input",
        8,
    );
}

/// A follow-up that carries a number (`set`): a 6 calls the morale check at +1, the check's
/// `penalty` is given for that follow-up only; a second check after it reads the board's again.
const RIFLE: &str = r#"id: fire
title: Rifle Fire
printed: p10
die: d6
rows:
  - {row: "1-5", result: "No effect"}
  - {row: "6", result: "Morale check at +1, then another", then: [{chart: mc, set: {penalty: 1}}, {chart: mc}]}
"#;

const MC: &str = r#"id: mc
title: Morale Check
printed: p11
die: 2d6
against: morale
inputs:
  - {key: morale, label: Morale, ask: The unit's morale?, type: number, min: 4, max: 10}
  - {key: penalty, label: Penalty, ask: The check's penalty?, type: number, min: 0, max: 3}
  - {key: leader, label: Leader, ask: A leader with it?, type: yesno}
  - {key: state, ask: Its state?, type: choice, options: [good, disrupted]}
drms:
  - {label: Penalty, value: 1, per: penalty}
rows:
  - {row: "0 or less", result: "Passes"}
  - {row: "1+", result: "Fails by {margin}"}
"#;

fn rifle() -> Env {
    let env = Env::new();
    env.write_config(
        "books/rifle/book.yaml",
        "id: rifle\ntitle: Rifle\ngame: Rifle (a test game)\nsource: tests/format3.rs\n",
    );
    env.write_config("books/rifle/fire.yaml", RIFLE);
    env.write_config("books/rifle/mc.yaml", MC);
    env
}

#[test]
fn a_follow_up_carries_a_number_for_itself_alone() {
    let env = rifle();
    let v = env.json(&[
        "--book",
        "rifle",
        "roll",
        "fire",
        "--set",
        "morale=7",
        "--set",
        "penalty=0",
        "--set",
        "leader=no",
        "--set",
        "state=good",
        "--roll",
        "6",
        "--roll",
        "4",
        "--roll",
        "3",
        "--roll",
        "4",
        "--roll",
        "3",
    ]);
    let then = v["then"].as_array().unwrap();
    assert_eq!(then.len(), 2, "{v}");
    // 7 + 1 = 8 against 7: fails by 1; the second check reads the given penalty 0 again.
    assert_eq!(then[0]["inputs"]["penalty"], 1, "{v}");
    assert_eq!(then[0]["total"], 8);
    assert_eq!(then[0]["result"], "Fails by 1");
    assert_eq!(then[1]["inputs"]["penalty"], 0, "{v}");
    assert_eq!(then[1]["total"], 7);
    assert_eq!(then[1]["result"], "Passes");
    // `chart` says what the follow-up gives.
    let (code, out, err) = env.run(&["--book", "rifle", "chart", "fire"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("→ roll mc (penalty 1) → roll mc"), "{out}");
}

#[test]
fn check_refuses_a_follow_up_setting_what_its_chart_does_not_take() {
    let env = rifle();
    let dir = env.config().join("books/rifle");
    for (set, says) in [
        (
            "{lead: 1}",
            "sets 'lead' on 'mc', which asks no such input (it asks morale, penalty, leader, state)",
        ),
        (
            "{penalty: 4}",
            "sets 'penalty' to '4' on 'mc', which takes 0 to 3 there",
        ),
        (
            "{penalty: yes}",
            "sets 'penalty' to 'yes' on 'mc', which takes a number there",
        ),
        (
            "{leader: 1}",
            "sets 'leader' to '1' on 'mc', which takes true or false there",
        ),
        (
            "{state: broken}",
            "sets 'state' to 'broken' on 'mc', which takes one of good, disrupted there",
        ),
    ] {
        env.write_config(
            "books/rifle/fire.yaml",
            &RIFLE.replace("set: {penalty: 1}", &format!("set: {set}")),
        );
        let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
        assert_eq!(code, 1, "{set}: {err}");
        assert!(err.contains(says), "'{says}' not in {err}");
        assert!(err.contains("fire.yaml:7:"), "{err}");
        assert!(err.contains("row 6"), "{err}");
    }
    env.write_config(
        "books/rifle/fire.yaml",
        &RIFLE.replace(
            "set: {penalty: 1}",
            "set: {penalty: 1, leader: true, state: good}",
        ),
    );
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}

/// A row that rolls its own chart again says what to write: the naturals to roll again on.
#[test]
fn check_says_what_to_write_for_a_row_rolling_its_own_chart() {
    let env = rifle();
    let dir = env.config().join("books/rifle");
    env.write_config(
        "books/rifle/fire.yaml",
        &RIFLE
            .replace(
                r#"{row: "1-5", result: "No effect"}"#,
                r#"{row: "1-5", result: "No effect"}
  - {row: "0", result: "Again", then: [{chart: fire}]}"#,
            )
            .replace("1-5", "1-4")
            .replace(r#"row: "0""#, r#"row: "5""#),
    );
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "row 5 rolls on its own chart again and could land on row 5 again, without end: \
             roll again on those naturals, `reroll: [5]` in its `then`"
        ),
        "{err}"
    );
}

/// `--roll` values that run out part-way through a roll's dice are refused, not made up: one
/// `--roll` on a 2d6 chart (or plain 2d6) is a typo. A die out of range names each die a d6.
#[test]
fn one_roll_on_two_dice_is_refused_not_made_up() {
    let env = rifle();
    env.bad(
        &["roll", "2d6", "--roll", "3"],
        "2d6: give both dice, e.g. --roll 3 --roll 4",
    );
    env.bad(
        &["roll", "3d6", "--roll", "3", "--roll", "5"],
        "3d6: give all 3 dice, e.g. --roll 3 --roll 4 --roll 5",
    );
    let mc = [
        "--book",
        "rifle",
        "roll",
        "mc",
        "--set",
        "morale=7",
        "--set",
        "penalty=0",
        "--set",
        "leader=no",
        "--set",
        "state=good",
    ];
    env.bad(
        &[&mc[..], &["--roll", "3"]].concat(),
        "Morale Check rolls 2d6: give both dice, e.g. --roll 3 --roll 4",
    );
    env.bad(
        &[&mc[..], &["--roll", "3", "--roll", "7"]].concat(),
        "--roll 7 cannot be: Morale Check rolls 2d6: each die is a d6 (1 to 6)",
    );
    env.bad(
        &["roll", "2d6", "--roll", "3", "--roll", "9"],
        "--roll 9 cannot be: 2d6: each die is a d6, 1 to 6",
    );
    // Both given: read as typed.
    let v = env.json(&[&mc[..], &["--roll", "3", "--roll", "4"]].concat());
    assert_eq!(v["dice"], serde_json::json!([3, 4]));
}

/// A follow-up rolled after the `--roll` values ran out says the dice are flipbook's: the first
/// roll's dice were the player's, the follow-up's are not.
#[test]
fn a_follow_up_past_the_given_dice_says_they_are_flipbooks() {
    let env = rifle();
    let args = [
        "--book",
        "rifle",
        "roll",
        "fire",
        "--set",
        "morale=7",
        "--set",
        "leader=no",
        "--set",
        "state=good",
        "--set",
        "penalty=0",
        "--roll",
        "6",
    ];
    let (code, out, err) = env.run(&args);
    assert_eq!(code, 0, "{err}");
    let note = "flipbook's dice: the --roll values ran out before this roll";
    let (fire, mc) = out.split_once("Morale Check (mc)").unwrap();
    assert!(!fire.contains(note) && mc.contains(note), "{out}");
    let v = env.json(&args);
    assert_eq!(v["then"][0]["notes"][0], note, "{v}");
    assert_eq!(v["then"][1]["notes"][0], note, "{v}");
    // Every die given: no note.
    let all = [
        &args[..],
        &["--roll", "3", "--roll", "4", "--roll", "3", "--roll", "4"],
    ]
    .concat();
    let (code, out, err) = env.run(&all);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains(note), "{out}");
}

/// Where the dice decide the row against an input, `{margin}` claims no fail (or pass) the
/// total does not show: 0 on the other side of the input, the total's own on its side.
#[test]
fn the_margin_of_a_row_the_dice_decide_is_what_the_total_shows() {
    let env = rifle();
    env.write_config(
        "books/rifle/forced.yaml",
        r#"id: forced
title: Forced Morale
printed: p12
die: 2d6
against: morale
inputs:
  - {key: morale, label: Morale, ask: Morale?, type: number, min: 3, max: 10}
  - {key: penalty, label: Penalty, ask: Penalty?, type: number, min: -3, max: 3}
drms:
  - {label: Penalty, value: 1, per: penalty}
rows:
  - {row: "0 or less", result: "Passes by {margin}"}
  - {row: "1-3", result: "Fails by {margin}"}
  - {row: "4+", result: "Fails by {margin}, more than 3"}
on_natural:
  - {naturals: [12], row: "1-3", text: "A natural 12 always fails"}
  - {naturals: [2], row: "0 or less", text: "A natural 2 always passes"}
"#,
    );
    let roll = |morale: &str, penalty: &str, die: &str| {
        env.json(&[
            "--book", "rifle", "roll", "forced", "--set", morale, "--set", penalty, "--roll", die,
            "--roll", die,
        ])
    };
    // 12 - 3 = 9 against 10: one under, the 12 fails it by nothing.
    let v = roll("morale=10", "penalty=-3", "6");
    assert_eq!(
        (v["read"].as_i64(), v["row"].as_str()),
        (Some(-1), Some("1-3"))
    );
    assert_eq!(v["margin"], 0);
    assert!(
        v["result"].as_str().unwrap().starts_with("Fails by 0;"),
        "{v}"
    );
    // 2 + 2 = 4 against 3: one over, the 2 passes it by nothing.
    let v = roll("morale=3", "penalty=2", "1");
    assert_eq!(v["margin"], 0);
    assert!(
        v["result"].as_str().unwrap().starts_with("Passes by 0;"),
        "{v}"
    );
    // 12 + 2 = 14 against 3: the 12 reads 1-3, the total fails by 11, as it shows.
    let v = roll("morale=3", "penalty=2", "6");
    assert_eq!(v["margin"], 11);
}

/// An opposed roll: `chart` shows each side's DRM with its own sign and what they come to on
/// the rows; a tie's line says the chart's `tie` text, as `{winner}` does.
#[test]
fn an_opposed_chart_shows_each_sides_drms_and_a_tie_says_its_text() {
    let env = rifle();
    env.write_config(
        "books/rifle/ini.yaml",
        r#"id: ini
title: Initiative
printed: p4
die: d6
opposed: [Allied, Axis]
tie: "Nobody (roll again)"
inputs:
  - {key: allied, label: Allied rating, ask: Allied rating?, type: number, min: 0, max: 3}
  - {key: axis, label: Axis rating, ask: Axis rating?, type: number, min: 0, max: 3}
drms:
  - {label: Allied rating, value: 1, per: allied, side: Allied}
  - {label: Axis rating, value: 1, per: axis, side: Axis}
rows:
  - {row: "-1 or less", result: "{winner} first"}
  - {row: "0", result: "{winner}"}
  - {row: "1+", result: "{winner} first"}
"#,
    );
    let (code, out, err) = env.run(&[
        "--book", "rifle", "chart", "ini", "--set", "allied=1", "--set", "axis=2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "DRMs: Allied: Allied rating +1 · Axis: Axis rating +2 (Allied's minus Axis's: -1)"
        ),
        "{out}"
    );
    let (code, out, err) = env.run(&[
        "--book", "rifle", "roll", "ini", "--set", "allied=1", "--set", "axis=1", "--roll", "3",
        "--roll", "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  a tie: Nobody (roll again)\n"), "{out}");
    assert!(out.contains("  Nobody (roll again)\n"), "{out}");
}

/// A `--set` answer whose question its `ask_if` skips is said in a warning, not dropped
/// silently; one a chart reads says nothing.
#[test]
fn a_set_answer_skipped_by_its_ask_if_is_warned_of() {
    let env = rifle();
    env.write_config(
        "books/rifle/cover.yaml",
        r#"id: cover
title: Cover
printed: p5
die: d6
inputs:
  - {key: terrain, ask: Terrain?, type: choice, options: [clear, woods]}
  - {key: moved, ask: Did the target move in the open?, type: yesno, ask_if: {terrain: clear}}
drms:
  - {label: Moved, value: 1, when: {moved: true}}
rows:
  - {row: "1-6", result: "Done"}
"#,
    );
    let roll = |terrain: &str| {
        env.run(&[
            "--book",
            "rifle",
            "roll",
            "cover",
            "--set",
            terrain,
            "--set",
            "moved=yes",
            "--roll",
            "3",
        ])
    };
    let (code, out, err) = roll("terrain=woods");
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("Moved"), "{out}");
    assert!(
        err.contains(
            "--set moved=yes not used: \"Did the target move in the open?\" is not asked with \
             the other answers (its ask_if)"
        ),
        "{err}"
    );
    let (code, out, err) = roll("terrain=clear");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Moved"), "{out}");
    assert!(!err.contains("not used"), "{err}");
}

/// `check` says the parser's type words as a book's writer says them, and what to do with an
/// alt's result written as a map.
#[test]
fn check_says_types_in_plain_words() {
    let env = rifle();
    let dir = env.config().join("books/rifle");
    env.write_config(
        "books/rifle/fire.yaml",
        &RIFLE.replace("{chart: mc}]", "{chart: mc, times: units}]"),
    );
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("times: invalid type: string \"units\", expected a whole number, 0 or more"),
        "{err}"
    );
    env.write_config(
        "books/rifle/fire.yaml",
        &RIFLE.replace(
            r#"{row: "1-5", result: "No effect"}"#,
            r#"{row: "1-5", result: "No effect", alt: [{when: {natural: 1}, result: {a: b}}]}"#,
        ),
    );
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "rows[0].alt[0].result: invalid type: map, expected a text (an alt's result is one \
             text, not a map by `result_by`: give one alt per value)"
        ),
        "{err}"
    );
}
