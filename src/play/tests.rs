//! The turn engine, rule by rule, on the Mr. President book: no terminal, no files.

use super::answers::Prepared;
use super::events::{Action, Event, OpenItem, Undid};
use super::game::Game;
use super::nav::start;
use crate::library::Book;
use crate::rules::{Dicer, NoPrompt, Options, Outcome, Roller, Value};

fn book() -> Book {
    Book::load("mr-president", None).unwrap()
}

fn game(book: &Book) -> Game<'_> {
    let seq = book.sequence().unwrap();
    let mark = start(&seq, &book.id);
    Game::new(book, seq, mark).unwrap()
}

/// A roll on `chart` with this die (and more dice for follow-ups), the walker's values given,
/// and `sets` for the rest.
fn roll(g: &Game, chart: &str, dice: &[i64], sets: &[(&str, Value)]) -> Outcome {
    let chart = g.book.entry(chart).unwrap().chart().unwrap();
    let prepared = g.prepare(&chart).unwrap();
    let mut values = prepared.values;
    for (k, v) in sets {
        values.insert((*k).to_string(), v.clone());
    }
    let mut dicer = Dicer::new(Some(1), dice.to_vec(), false);
    let mut roller = Roller {
        charts: g.book,
        dicer: &mut dicer,
        prompter: &mut NoPrompt,
        opts: Options::default(),
        values,
        defaults: prepared.defaults,
        fresh: Vec::new(),
        rolls: 0,
    };
    roller.resolve(&chart).unwrap()
}

fn rolled(g: &mut Game, o: Outcome) -> Vec<Event> {
    g.apply(Action::Rolled {
        outcome: Box::new(o),
        reroll: false,
    })
    .unwrap()
}

fn goto(g: &mut Game, segment: &str, turn: u32, phase: &str) {
    g.apply(Action::Goto {
        segment: segment.into(),
        turn: Some(turn),
        phase: Some(phase.into()),
    })
    .unwrap();
}

fn at(g: &Game) -> (u32, String, String) {
    (g.mark.turn, g.mark.phase.clone(), g.mark.segment.clone())
}

fn answer(g: &mut Game, text: &str) -> Vec<Event> {
    g.apply(Action::Answer(text.into())).unwrap()
}

fn next(g: &mut Game) -> Vec<Event> {
    g.apply(Action::Next { force: false }).unwrap()
}

/// A required step's roll on one chart, open.
fn roll_of(chart: &str) -> OpenItem {
    OpenItem::Roll(vec![chart.to_string()])
}

/// Next, leaving whatever is open (the walk tests move on without rolling).
fn leave(g: &mut Game) -> Vec<Event> {
    g.apply(Action::Next { force: true }).unwrap()
}

#[test]
fn turn_1_skips_and_phase_3_has_its_extra_segment() {
    let b = book();
    let mut g = game(&b);
    assert_eq!(at(&g).2, "begin-turn");
    leave(&mut g);
    assert_eq!(
        at(&g).2,
        "strategic-capabilities",
        "turn 1 skips the State of the Union and US SoE Impact"
    );
    goto(&mut g, "any-4-actions", 2, "3");
    leave(&mut g);
    assert_eq!(at(&g), (2, "3".into(), "cabinet-actions".into()));
    goto(&mut g, "any-4-actions", 2, "1");
    leave(&mut g);
    assert_eq!(at(&g), (2, "2".into(), "draw-chits".into()));
}

#[test]
fn a_chit_is_resolved_before_its_plus_and_the_chain_stops_at_three() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "draw-chits", 1, "1");
    let (q, auto) = g.question().unwrap();
    assert!(auto && g.question_text(&q).contains("Crisis chit 1 of at most 3"));
    answer(&mut g, "domestic-crisis");
    // The (+) waits for the chit's roll; the chit's chart is open.
    assert!(!g.question().unwrap().1, "(+) is not asked before the roll");
    assert!(
        g.open_items().iter().any(
            |i| matches!(i, OpenItem::ChitRoll { chart, chit: 1 } if chart == "domestic-crisis")
        )
    );
    let o = roll(&g, "domestic-crisis", &[3], &[]);
    rolled(&mut g, o);
    let (q, auto) = g.question().unwrap();
    assert!(auto && g.question_text(&q).contains("(+)"));
    answer(&mut g, "yes");
    answer(&mut g, "cascading-2");
    answer(&mut g, "yes");
    answer(&mut g, "nsa-2");
    // The third chit ends the draw: no (+) is asked.
    assert!(g.question().is_none(), "{:?}", g.question());
    assert!(g.open_items().is_empty());
    // Each chit's chart stays rollable until the segment ends: all three are in the checklist.
    assert_eq!(g.items().len(), 3);
}

#[test]
fn a_chits_owed_roll_is_made_before_the_next_chit_is_drawn() {
    // Flipbook p9: a Random Regional Crisis that reaches MAJOR CRISIS rolls WD1 - the chit is
    // resolved - before a (+) draws the next chit.
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "draw-chits", 1, "1");
    answer(&mut g, "regional-crisis (+)");
    let o = roll(
        &g,
        "crisis-region",
        &[4],
        &[("major_crisis", Value::Bool(true))],
    );
    rolled(&mut g, o);
    let (q, auto) = g.question().unwrap();
    assert!(g.question_text(&q).contains("Crisis chit 2"));
    assert!(!auto, "the next chit is not asked while WD1 is owed");
    assert_eq!(g.next_named_roll(), Some("major-crisis"));
    // Drawn anyway, the WD1 still owed stays the roll named first.
    answer(&mut g, "domestic-crisis");
    assert_eq!(g.next_named_roll(), Some("major-crisis"));
    let o = roll(&g, "major-crisis", &[5], &[]);
    rolled(&mut g, o);
    assert_eq!(g.next_named_roll(), Some("domestic-crisis"));
    let o = roll(&g, "domestic-crisis", &[5], &[]);
    rolled(&mut g, o);
    // Both resolved: the (+) of chit 2 is asked by itself.
    let (q, auto) = g.question().unwrap();
    assert!(auto && g.question_text(&q).contains("(+)"));
}

#[test]
fn an_fni_roll_past_the_counters_held_is_not_taken_for_granted() {
    // Flipbook p13: a roll for each region with an FNI counter - two at most (p4, step 6).
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "fni", 1, "1");
    g.mark.memory.insert(
        "fni-counters".into(),
        super::state::Memo {
            turn: 1,
            value: "any".into(),
        },
    );
    let sets = [
        ("recon_higher", Value::Bool(false)),
        ("cyber_higher", Value::Bool(false)),
        ("peer_cyber_influence", Value::Bool(false)),
        ("share_un", Value::Bool(false)),
    ];
    let o = roll(&g, "fni", &[4], &sets);
    rolled(&mut g, o);
    assert!(
        g.rolled_already("fni").is_none(),
        "the second counter's roll"
    );
    let o = roll(&g, "fni", &[7], &sets);
    rolled(&mut g, o);
    assert!(g.open_items().is_empty(), "{:?}", g.open_items());
    // A third is past the two counters: asked first, never rolled by a slip.
    assert_eq!(g.rolled_already("fni").as_deref(), Some("6-8"));
}

/// GM p36-37: the capability rolls, then "one roll for each" DARPA/RC counter, as many as the
/// board's answer says.
fn capability_rolls(g: &mut Game, darpa_counters: &str) {
    goto(g, "strategic-capabilities", 1, "special");
    answer(g, "yes");
    let sets = [("secdef", Value::Num(2))];
    for die in [3, 4] {
        let o = roll(g, "capability", &[die], &sets);
        rolled(g, o);
    }
    let (q, _) = g.question().unwrap();
    assert!(g.question_text(&q).contains("DARPA"), "{q:?}");
    answer(g, darpa_counters);
}

#[test]
fn a_darpa_roll_past_the_counters_counted_is_not_taken_for_granted() {
    // A cold play-test: with the count met (no counter), the chart stayed the one rolled again
    // and again, and a digit rolled a third time without asking.
    let b = book();
    let mut g = game(&b);
    capability_rolls(&mut g, "0");
    assert!(g.open_items().is_empty(), "{:?}", g.open_items());
    assert!(
        g.rolled_already("capability").is_some(),
        "a third roll asks"
    );
    // One counter: its roll stays held, and is taken for granted until made.
    let mut g = game(&b);
    capability_rolls(&mut g, "1");
    assert!(
        g.rolled_already("capability").is_none(),
        "the counter's roll"
    );
    assert!(!g.open_items().is_empty(), "the counter's roll is open");
    let o = roll(&g, "capability", &[5], &[("darpa", Value::Bool(true))]);
    rolled(&mut g, o);
    assert!(g.open_items().is_empty(), "{:?}", g.open_items());
    assert!(
        g.rolled_already("capability").is_some(),
        "a fourth roll asks"
    );
}

#[test]
fn a_question_put_aside_stays_open_and_can_be_answered() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "draw-chit", 1, "1");
    g.apply(Action::Aside).unwrap();
    let (_, auto) = g.question().unwrap();
    assert!(!auto, "not asked by itself once put aside");
    assert!(
        matches!(next(&mut g)[0], Event::Open(_)),
        "leaving asks first"
    );
    assert_eq!(at(&g).2, "draw-chit");
    answer(&mut g, "good-times");
    assert!(g.question().is_none());
    assert!(!g.mark.state.aside);
}

#[test]
fn leaving_with_open_items_asks_and_force_leaves() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "draw-chits", 1, "1");
    let events = next(&mut g);
    assert!(matches!(&events[0], Event::Open(items) if items.len() == 1));
    assert_eq!(at(&g).2, "draw-chits");
    g.apply(Action::Next { force: true }).unwrap();
    assert_eq!(at(&g).2, "ally-rogue");
}

#[test]
fn undo_takes_back_the_last_step_and_marks_its_log_lines() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "russia-or-china", 1, "1");
    let o = roll(&g, "russia-or-china", &[9], &[]);
    let events = rolled(&mut g, o);
    let logged = events.iter().filter(|e| matches!(e, Event::Log(_))).count();
    assert_eq!(logged, 1);
    assert!(g.mark.memory.contains_key("peer"));
    let events = g.apply(Action::Undo).unwrap();
    assert!(matches!(
        events.last().unwrap(),
        Event::Undone { logged: 1, what: Undid::Roll(Some(c)), .. } if c == "russia-or-china"
    ));
    assert!(g.mark.state.rolled.is_empty());
    assert!(!g.mark.memory.contains_key("peer"));
    let events = g.apply(Action::Undo).unwrap();
    assert!(matches!(&events[0], Event::NothingToUndo));
}

#[test]
fn back_finds_a_segment_as_it_was_left_and_rolls_nothing_again() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "russia-or-china", 1, "1");
    let o = roll(&g, "russia-or-china", &[2], &[]);
    rolled(&mut g, o);
    g.apply(Action::Next { force: true }).unwrap();
    g.apply(Action::Back).unwrap();
    assert_eq!(at(&g).2, "russia-or-china");
    assert_eq!(g.mark.state.rolled.len(), 1, "kept, not rolled again");
    assert_eq!(g.mark.state.rolled[0].row.as_deref(), Some("1-5"));
    // Phase 3 recalls it.
    goto(&mut g, "russia-or-china", 1, "3");
    assert_eq!(g.mark.memory["peer"].value, "1-5");
}

#[test]
fn the_walker_answers_what_it_knows() {
    let b = book();
    let mut g = game(&b);
    g.difficulty = Some("easier".into());
    let aps = g.book.entry("aps").unwrap().chart().unwrap();
    let p = g.prepare(&aps).unwrap();
    assert_eq!(
        p.values.get("difficulty"),
        Some(&Value::Choice("easier".into()))
    );
    goto(&mut g, "evaluation", 3, "end");
    let ev = g.book.entry("evaluation").unwrap().chart().unwrap();
    assert_eq!(
        g.prepare(&ev).unwrap().values.get("turn"),
        Some(&Value::Num(3))
    );
    goto(&mut g, "midterms", 2, "end");
    let el = g.book.entry("election").unwrap().chart().unwrap();
    assert_eq!(
        g.prepare(&el).unwrap().values.get("kind"),
        Some(&Value::Choice("midterm".into()))
    );
    // FNI's comparisons come from the capability values given after Improve Strategic
    // Capabilities.
    let p = fni_after_counters(&mut g, [5, 4, 3, 4, 2, 1]);
    assert_eq!(p.values.get("cyber_higher"), Some(&Value::Bool(true)));
    assert_eq!(p.values.get("recon_higher"), Some(&Value::Bool(false)));
    // No peer's Cyber above the US's: FNI's +1 (a peer's influence there AND a better Cyber)
    // cannot apply, and is not asked.
    assert_eq!(
        p.values.get("peer_cyber_influence"),
        Some(&Value::Bool(false))
    );
}

/// The capability values (US, Russia, China: Cyber then Recon) given in the FNI segment, after
/// Improve Strategic Capabilities, then FNI's answers as the walker prepares them.
fn fni_after_counters(g: &mut Game, values: [i64; 6]) -> Prepared {
    goto(g, "fni", 2, "1");
    let keys = [
        "us_cyber",
        "us_recon",
        "russia_cyber",
        "russia_recon",
        "china_cyber",
        "china_recon",
    ];
    let given: Vec<(&str, Value)> = keys
        .iter()
        .zip(values)
        .map(|(k, v)| (*k, Value::Num(v)))
        .collect();
    let o = roll(g, "fni-counters", &[], &given);
    rolled(g, o);
    let fni = g.book.entry("fni").unwrap().chart().unwrap();
    g.prepare(&fni).unwrap()
}

#[test]
fn a_no_if_answer_is_asked_when_its_comparisons_do_not_hold() {
    let b = book();
    let mut g = game(&b);
    let p = fni_after_counters(&mut g, [5, 4, 6, 4, 2, 1]);
    // Russia's Cyber is above the US's: whether it has influence in the region is the board's.
    assert!(
        !p.values.contains_key("peer_cyber_influence"),
        "asked: the board tells"
    );
    assert_eq!(p.values.get("cyber_higher"), Some(&Value::Bool(false)));
}

#[test]
fn the_profile_is_asked_once_and_given_after() {
    let b = book();
    let mut g = game(&b);
    let sotu = g.book.entry("sotu").unwrap().chart().unwrap();
    assert!(!g.prepare(&sotu).unwrap().values.contains_key("orator"));
    goto(&mut g, "state-of-the-union", 2, "special");
    let six = Value::Num(6);
    let o = roll(
        &g,
        "sotu",
        &[4],
        &[
            ("approval", six.clone()),
            ("congress", six.clone()),
            ("media", six.clone()),
            ("prestige", six),
            ("orator", Value::Bool(true)),
        ],
    );
    let events = rolled(&mut g, o);
    assert!(events.iter().any(|e| matches!(e, Event::ProfileChanged)));
    assert_eq!(g.profile.get("orator").map(String::as_str), Some("yes"));
    let p = g.prepare(&sotu).unwrap();
    assert_eq!(p.values.get("orator"), Some(&Value::Bool(true)));
    // The State of the Union's result moves Public Approval and RWC: asked fresh, nothing
    // offered; Media and Prestige it does not move: kept, given, not asked again.
    assert!(!p.values.contains_key("approval") && !p.defaults.contains_key("approval"));
    assert!(!p.values.contains_key("congress") && !p.defaults.contains_key("congress"));
    assert_eq!(p.values.get("media"), Some(&Value::Num(6)));
    assert_eq!(p.values.get("prestige"), Some(&Value::Num(6)));
    assert!(g.forget("orator"));
    assert!(!g.prepare(&sotu).unwrap().values.contains_key("orator"));
}

#[test]
fn focus_rolls_pick_the_tensions_then_roll_each_priority_with_its_kept_range() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "focus-rolls", 1, "1");
    // Tensions beside 6 and 3: those two are skipped.
    g.apply(Action::Pick(vec![0, 3])).unwrap();
    assert_eq!(
        g.mark.state.items,
        vec![true, false, false, true, false, false]
    );
    assert_eq!(g.ready_item(), Some(1), "priority 5 waits for its roll");
    let range = Value::Choice("1-3".into());
    let press = Value::Choice("press".into());
    // A failure too: the counter's focus is read with its range, before the die.
    let o = roll(&g, "focus", &[5], &[("range", range), ("focus", press)]);
    rolled(&mut g, o);
    assert_eq!(g.profile.get("range#5").map(String::as_str), Some("1-3"));
    assert_eq!(g.profile.get("focus#5").map(String::as_str), Some("press"));
    assert_eq!(g.ready_item(), Some(2));
    // Next year, priority 5's range and focus are given.
    goto(&mut g, "focus-rolls", 2, "1");
    g.apply(Action::Pick(vec![0])).unwrap();
    let focus = g.book.entry("focus").unwrap().chart().unwrap();
    let p = g.prepare(&focus).unwrap();
    assert_eq!(p.values.get("range"), Some(&Value::Choice("1-3".into())));
    assert_eq!(p.values.get("focus"), Some(&Value::Choice("press".into())));
    let o = roll(&g, "focus", &[6], &[]);
    assert_eq!(o.row.as_deref(), Some("4+"));
}

#[test]
fn a_result_that_ends_the_game_goes_on_to_the_finale_is_a_state_and_play_on_goes_on() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "evaluation", 1, "end");
    let mut o = roll(&g, "end-turn", &[2], &[]);
    o.game_over = true;
    o.result = Some("Auto-loss".into());
    let events = rolled(&mut g, o);
    // An auto-loss on any turn goes on to the Legacy Point Total first (decided reading).
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::EndsAfter { why, .. } if why.contains("Auto-loss"))),
        "{events:?}"
    );
    assert_eq!(at(&g), (1, "end".into(), "legacy".into()));
    assert!(matches!(leave(&mut g).last(), Some(Event::Over { .. })));
    assert!(
        matches!(next(&mut g)[0], Event::Over { .. }),
        "no move while over"
    );
    g.apply(Action::PlayOn).unwrap();
    assert!(g.mark.over.is_none());
    leave(&mut g);
    assert_eq!(at(&g), (2, "special".into(), "begin-turn".into()));
    // The end of the first term is not the end of the game: past the re-election, turn 5
    // (the Legacy Point Total is not played: nothing ended the game).
    goto(&mut g, "reelection", 4, "end");
    let events = leave(&mut g);
    assert!(
        events.iter().any(|e| matches!(e, Event::TermOver(_))),
        "{events:?}"
    );
    assert_eq!(at(&g), (5, "special".into(), "begin-turn".into()));
    assert!(g.mark.over.is_none());
}

#[test]
fn a_required_roll_not_made_is_open() {
    let b = book();
    let mut g = game(&b);
    let events = next(&mut g);
    assert!(
        matches!(&events[0], Event::Open(items) if items == &[roll_of("aps"), roll_of("fni-counters")]),
        "{events:?}"
    );
    let o = roll(
        &g,
        "aps",
        &[],
        &[
            ("difficulty", Value::Choice("normal".into())),
            ("effectiveness_bonus", Value::Num(0)),
            ("efficient", Value::Bool(false)),
            ("disorganized", Value::Bool(false)),
            ("chief_of_staff", Value::Bool(false)),
        ],
    );
    rolled(&mut g, o);
    assert_eq!(g.open_items(), [roll_of("fni-counters")]);
    // Left anyway: what is left open is said first, then the next segment is entered.
    let events = leave(&mut g);
    assert!(
        matches!(&events[..], [Event::LeftOpen(items), Event::Entered] if items == &[roll_of("fni-counters")]),
        "{events:?}"
    );
}

/// A yes/no answered on one chart is no default on another that asks the same key (Enter on a
/// yes left from the UN would add War Progress's UN DRM); a number the board gave carries.
#[test]
fn a_yes_no_is_never_carried_as_a_default_and_a_number_is() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "un-acts", 1, "2");
    let o = roll(
        &g,
        "civil-war",
        &[5],
        &[
            ("counter", Value::Choice("civil-war".into())),
            ("un_action", Value::Bool(true)),
            ("stability", Value::Num(3)),
            ("iran_influence", Value::Bool(false)),
        ],
    );
    rolled(&mut g, o);
    let cw = g.book.entry("civil-war").unwrap().chart().unwrap();
    let p = g.prepare(&cw).unwrap();
    assert!(!p.defaults.contains_key("un_action"), "{:?}", p.defaults);
    // The region's Stability is each roll's own (another counter, another region): neither
    // given nor offered from the roll before.
    assert!(!p.defaults.contains_key("stability"), "{:?}", p.defaults);
    assert!(!p.values.contains_key("stability"), "{:?}", p.values);
}

#[test]
fn a_comparison_that_fails_tells_the_answer_before_the_others_are_known() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "fni", 2, "1");
    // The counters' table stops at its gate: US Cyber 4 below Russia's 5; China's values never
    // asked.
    let num = |n| Value::Num(n);
    let given = [
        ("us_cyber", num(4)),
        ("us_recon", num(3)),
        ("russia_cyber", num(5)),
    ];
    let o = roll(&g, "fni-counters", &[], &given);
    rolled(&mut g, o);
    let fni = g.book.entry("fni").unwrap().chart().unwrap();
    let p = g.prepare(&fni).unwrap();
    // Not above both (below Russia's already): no, not asked.
    assert_eq!(p.values.get("cyber_higher"), Some(&Value::Bool(false)));
    // Recon against Russia's and China's: not known, asked; and Russia's Cyber is above the
    // US's, so the region's influence is asked too.
    assert!(!p.values.contains_key("recon_higher"));
    assert!(!p.values.contains_key("peer_cyber_influence"));
    // Answered once this turn, the recon comparison is given at the next FNI roll; the
    // region's influence is asked again (another region).
    let sets = [
        ("recon_higher", Value::Bool(true)),
        ("peer_cyber_influence", Value::Bool(true)),
        ("share_un", Value::Bool(false)),
    ];
    let o = roll(&g, "fni", &[5], &sets);
    rolled(&mut g, o);
    let p = g.prepare(&fni).unwrap();
    assert_eq!(p.values.get("recon_higher"), Some(&Value::Bool(true)));
    assert!(!p.values.contains_key("peer_cyber_influence"));
}

#[test]
fn back_across_the_turn_finds_the_last_segment_as_it_was_left() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "evaluation", 1, "end");
    let num = |n| Value::Num(n);
    let sets = [
        ("approval", num(5)),
        ("congress", num(5)),
        ("media", num(5)),
        ("economy", num(5)),
        ("homeland", num(5)),
        ("weak_regions", num(0)),
        ("rogue_states", num(0)),
    ];
    let o = roll(&g, "evaluation", &[], &sets);
    rolled(&mut g, o);
    g.apply(Action::Next { force: true }).unwrap();
    assert_eq!((g.mark.turn, g.mark.segment.as_str()), (2, "begin-turn"));
    let no = Value::Bool(false);
    let aps = [
        ("difficulty", Value::Choice("normal".into())),
        ("effectiveness_bonus", num(2)),
        ("efficient", no.clone()),
        ("disorganized", no.clone()),
        ("chief_of_staff", no),
    ];
    let o = roll(&g, "aps", &[], &aps);
    rolled(&mut g, o);
    // Back into turn 1: the evaluation as it was left, rolled; and forward again, the APs too.
    g.apply(Action::Back).unwrap();
    assert_eq!((g.mark.turn, g.mark.segment.as_str()), (1, "evaluation"));
    assert_eq!(g.mark.state.rolled.len(), 1, "the evaluation kept");
    g.apply(Action::Next { force: true }).unwrap();
    assert_eq!(g.mark.state.rolled.len(), 1, "the APs roll kept");
    assert_eq!(g.mark.state.rolled[0].chart, "aps");
}

/// Walk on (`next`, leaving open items) until the walk stands at `segment` of `phase`.
fn walk_to(g: &mut Game, segment: &str, phase: &str) {
    for _ in 0..200 {
        if g.mark.segment == segment && g.mark.phase == phase {
            return;
        }
        g.apply(Action::Next { force: true }).unwrap();
    }
    panic!("never reached {segment} of phase {phase}");
}

#[test]
fn improve_strategic_capabilities_moves_the_us_values_fni_compares() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "begin-turn", 2, "special");
    let num = |n| Value::Num(n);
    // US Cyber 5, Russia's 5 (not above), China's 4; Recon likewise.
    let given = [
        ("us_cyber", num(5)),
        ("us_recon", num(5)),
        ("russia_cyber", num(5)),
        ("russia_recon", num(5)),
        ("china_cyber", num(4)),
        ("china_recon", num(4)),
    ];
    let o = roll(&g, "fni-counters", &[], &given);
    rolled(&mut g, o);
    walk_to(&mut g, "strategic-capabilities", "special");
    // The capability roll improves US Cyber to 6: Begin Turn's 5 is no longer the board's.
    let sets = [("secdef", num(1))];
    let o = roll(&g, "capability", &[3], &sets);
    rolled(&mut g, o);
    assert!(!g.mark.answers.contains_key("us_cyber"), "moved: forgotten");
    assert!(g.mark.answers.contains_key("russia_cyber"), "not moved");
    // FNI's "higher than both" is no longer worked out from Begin Turn's values: asked.
    let fni = g.book.entry("fni").unwrap().chart().unwrap();
    let p = g.prepare(&fni).unwrap();
    assert!(!p.values.contains_key("cyber_higher"), "{:?}", p.values);
    assert!(
        !p.values.contains_key("peer_cyber_influence"),
        "{:?}",
        p.values
    );
}

#[test]
fn an_answer_nothing_moved_is_given_at_the_next_roll_and_not_asked_again() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "strategic-capabilities", 1, "special");
    let o = roll(&g, "capability", &[3], &[("secdef", Value::Num(2))]);
    rolled(&mut g, o);
    // The second capability roll: the SecDef's rating cannot have moved; given, said as kept.
    let cap = g.book.entry("capability").unwrap().chart().unwrap();
    let p = g.prepare(&cap).unwrap();
    assert_eq!(p.values.get("secdef"), Some(&Value::Num(2)));
    assert_eq!(
        p.kept,
        vec![("SecDef Military Rating".to_string(), "2".to_string())]
    );
    // A segment that moves it (Begin Turn's new Cabinet member, next turn) ends its life.
    walk_to(&mut g, "begin-turn", "special");
    assert!(!g.mark.answers.contains_key("secdef"));
}

#[test]
fn core_support_moves_public_approval_and_phase_4_asks_it_fresh() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "core-support", 1, "2");
    let sets = [("approval_pct", Value::Num(52)), ("core", Value::Num(2))];
    let o = roll(&g, "core-support", &[], &sets);
    assert!(
        o.result.as_deref().unwrap_or("").contains("down 2"),
        "{o:?}"
    );
    rolled(&mut g, o);
    let cs = g.book.entry("core-support").unwrap().chart().unwrap();
    // Right after it, and at Phase 4's Core Support: 52% is not offered or given.
    let p = g.prepare(&cs).unwrap();
    assert!(!p.values.contains_key("approval_pct") && !p.defaults.contains_key("approval_pct"));
    walk_to(&mut g, "core-support", "4");
    let p = g.prepare(&cs).unwrap();
    assert!(!p.values.contains_key("approval_pct") && !p.defaults.contains_key("approval_pct"));
}

#[test]
fn a_jump_keeps_no_answer() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "strategic-capabilities", 1, "special");
    let o = roll(&g, "capability", &[3], &[("secdef", Value::Num(2))]);
    rolled(&mut g, o);
    goto(&mut g, "strategic-capabilities", 1, "special");
    assert!(g.mark.answers.is_empty(), "{:?}", g.mark.answers);
}

#[test]
fn an_evaluation_result_moves_only_what_its_row_says() {
    let b = book();
    let num = |n| Value::Num(n);
    let el = b.entry("election").unwrap().chart().unwrap();
    for (congress, moved) in [(2, false), (5, true)] {
        let mut g = game(&b);
        goto(&mut g, "evaluation", 2, "end");
        // 6 + congress + 5 + 5 + 5: 23 is "No impact", 26 is "+1 Public Approval".
        let sets = [
            ("approval", num(6)),
            ("congress", num(congress)),
            ("media", num(5)),
            ("economy", num(5)),
            ("homeland", num(5)),
            ("weak_regions", num(0)),
            ("rogue_states", num(0)),
        ];
        let o = roll(&g, "evaluation", &[], &sets);
        rolled(&mut g, o);
        walk_to(&mut g, "midterms", "end");
        let p = g.prepare(&el).unwrap();
        assert_eq!(p.values.get("media"), Some(&num(5)), "never moved");
        assert_eq!(
            !p.values.contains_key("approval"),
            moved,
            "congress {congress}: {:?}",
            p.values
        );
    }
}

#[test]
fn each_legislative_segment_moves_media_relations() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "focus-rolls", 2, "1");
    // Media given before the Legislative segment (to any roll that asks it).
    let num = |n| Value::Num(n);
    let sets = [
        ("approval", num(5)),
        ("congress", num(5)),
        ("media", num(4)),
        ("prestige", num(5)),
        ("orator", Value::Bool(false)),
    ];
    let o = roll(&g, "sotu", &[5], &sets);
    rolled(&mut g, o);
    assert!(g.mark.answers.contains_key("media"));
    // Into the Legislative segment (Media Relations -1 box): asked fresh there and after.
    g.apply(Action::Next { force: true }).unwrap();
    assert_eq!(g.mark.segment, "legislative");
    assert!(!g.mark.answers.contains_key("media"));
    let segment = g.seq.segment("legislative").unwrap();
    assert!(
        segment.moves.iter().any(|k| k == "media"),
        "the data says so"
    );
}

#[test]
fn a_skipped_priority_is_told_in_the_loops_order_under_the_roll_before_it() {
    let b = book();
    let mut g = game(&b);
    goto(&mut g, "focus-rolls", 1, "1");
    let skipped = |events: &[Event]| -> Vec<String> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::ItemSkipped(i) => Some(i.clone()),
                _ => None,
            })
            .collect()
    };
    // Tensions beside 6, 4 and 3: priority 6 is skipped before any roll, 4 and 3 only once
    // priority 5 is rolled (a cold player saw "5: skipped" before priority 6's roll).
    let events = g.apply(Action::Pick(vec![0, 2, 3])).unwrap();
    assert_eq!(skipped(&events), vec!["Priority 6"]);
    let sets = [
        ("range", Value::Choice("1-3".into())),
        ("focus", Value::Choice("press".into())),
    ];
    let o = roll(&g, "focus", &[5], &sets);
    let events = rolled(&mut g, o);
    assert_eq!(skipped(&events), vec!["Priority 4", "Priority 3"]);
    let o = roll(&g, "focus", &[5], &sets);
    assert!(skipped(&rolled(&mut g, o)).is_empty());
}

/// Turn 8's Legacy Point Total rolled: a track of 20, the final Evaluation's 1 and approval's 1,
/// no re-election (22 in all).
fn legacy_total_rolled(g: &mut Game) {
    goto(g, "legacy", 8, "end");
    let o = roll(
        g,
        "legacy-total",
        &[],
        &[
            ("legacy_track", Value::Num(20)),
            ("final_evaluation", Value::Num(1)),
            ("approval_legacy", Value::Num(1)),
            ("turn", Value::Num(8)),
            ("reelection", Value::Choice("none".into())),
        ],
    );
    rolled(g, o);
}

#[test]
fn the_legacy_totals_checklist_line_names_no_any_row() {
    let b = book();
    let mut g = game(&b);
    legacy_total_rolled(&mut g);
    let items: Vec<String> = g.items().into_iter().map(|i| i.text).collect();
    // A cold player read "Legacy Point Total, added up any: Final Legacy Point Total: 22".
    assert!(
        items
            .iter()
            .any(|i| i.starts_with("Legacy Point Total, added up: Final Legacy Point Total: 22")),
        "{items:?}"
    );
}

#[test]
fn back_from_the_game_over_is_the_legacy_total_it_ended_in() {
    let b = book();
    let mut g = game(&b);
    legacy_total_rolled(&mut g);
    assert!(matches!(leave(&mut g).last(), Some(Event::Over { .. })));
    // "Back to the last segment" (a cold player was taken to the Evaluation before it).
    g.apply(Action::Back).unwrap();
    assert!(g.mark.over.is_none());
    assert_eq!(at(&g), (8, "end".into(), "legacy".into()));
    assert_eq!(g.mark.state.rolled.len(), 1, "its total kept");
}
