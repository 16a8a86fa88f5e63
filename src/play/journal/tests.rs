//! The games of a book on disk: restarts, a data folder of old, a restart cut short.

use super::*;
use crate::play::state::{LogEntry, Profile};

fn entry(turn: u32) -> LogEntry {
    LogEntry {
        turn,
        phase: "1".into(),
        segment: "fni".into(),
        chart: Some("fni".into()),
        ..LogEntry::default()
    }
}

fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if !p.file_name().unwrap().to_string_lossy().starts_with('.') {
                // The lock files aside: the game's files.
                out.push(p.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn restarts_keep_every_game_and_carry_the_profile() {
    let data = tempfile::tempdir().unwrap();
    let j = Journal::new(data.path(), "b");
    assert!(!j.begun());
    j.restart().unwrap();
    assert_eq!(j.current_number().unwrap(), 1);
    j.append(&[entry(1)]).unwrap();
    j.save_profile(&Profile::from([("orator".into(), "yes".into())]))
        .unwrap();
    j.restart().unwrap();
    j.append(&[entry(2), entry(2)]).unwrap();
    j.restart().unwrap();
    assert_eq!(j.kept().unwrap(), vec![1, 2]);
    assert_eq!(j.current_number().unwrap(), 3);
    assert_eq!(
        files(&data.path().join("b")),
        vec![
            "games/1/log.jsonl",
            "games/1/profile.json",
            "games/2/log.jsonl",
            "games/2/profile.json",
            "profile.json",
        ]
    );
    let two = j.game(2).unwrap().unwrap();
    assert_eq!(two.read_log().unwrap().len(), 2);
    assert_eq!(j.load_profile().unwrap()["orator"], "yes");
    assert!(j.game(4).unwrap().is_none());
    assert!(j.game(3).unwrap().unwrap().read_log().unwrap().is_empty());
}

#[test]
fn a_data_folder_of_old_is_moved_in() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("b");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("log.previous.jsonl"),
        "{\"turn\":4,\"phase\":\"end\",\"segment\":\"legacy\"}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("log.jsonl"),
        "{\"turn\":1,\"phase\":\"1\",\"segment\":\"fni\"}\n",
    )
    .unwrap();
    let j = Journal::new(data.path(), "b");
    assert_eq!(j.kept().unwrap(), vec![1]);
    assert_eq!(j.game(1).unwrap().unwrap().read_log().unwrap()[0].turn, 4);
    assert_eq!(j.current_number().unwrap(), 2);
    assert_eq!(j.read_log().unwrap()[0].turn, 1);
    assert!(!dir.join("log.previous.jsonl").exists());
}

#[test]
fn a_restart_cut_short_is_finished() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("b");
    // The log moved, then the crash: the bookmark is left behind.
    std::fs::create_dir_all(dir.join("games/1.partial")).unwrap();
    std::fs::write(dir.join("games/1.partial/log.jsonl"), "").unwrap();
    std::fs::write(dir.join("bookmark.json"), "{}").unwrap();
    let j = Journal::new(data.path(), "b");
    assert_eq!(j.kept().unwrap(), Vec::<u32>::new());
    j.restart().unwrap();
    assert_eq!(j.kept().unwrap(), vec![1]);
    assert_eq!(
        files(&dir),
        vec!["games/1/bookmark.json", "games/1/log.jsonl"]
    );
}

/// A step of `play` that wrote `entries`, with the bookmark before it at `turn`.
fn step(entries: &mut [LogEntry], turn: u32) -> crate::play::state::Step {
    let before = crate::play::state::Bookmark {
        book: "b".into(),
        turn,
        phase: "1".into(),
        segment: "s".into(),
        state: crate::play::state::SegmentState::default(),
        memory: std::collections::BTreeMap::new(),
        answers: std::collections::BTreeMap::new(),
        visited: std::collections::BTreeMap::new(),
        over: None,
        played_past: Vec::new(),
        board: std::collections::BTreeMap::new(),
        at: None,
    };
    crate::play::state::Step {
        id: crate::play::state::new_id(),
        logged: entries
            .iter_mut()
            .map(|e| e.id.get_or_insert_with(crate::play::state::new_id).clone())
            .collect(),
        what: crate::play::events::Undid::Answer,
        dice: Vec::new(),
        extra: Vec::new(),
        before,
        profile: Profile::new(),
    }
}

#[test]
fn an_undo_is_appended_and_names_only_plays_own_entries() {
    let data = tempfile::tempdir().unwrap();
    let j = Journal::new(data.path(), "b");
    let mut two = [entry(1), entry(2)];
    let s = step(&mut two, 1);
    let at = j.write(&two, Some(&s), None).unwrap();
    assert_eq!(at.as_deref(), Some(s.id.as_str()));
    let before = std::fs::read_to_string(&j.log).unwrap();
    // A roll made outside play comes last: undo takes back play's step, not it.
    j.append(&[LogEntry {
        outside: true,
        ..entry(3)
    }])
    .unwrap();
    let last = j.last_step().unwrap().unwrap();
    assert_eq!(last.id, s.id);
    let mut ids = last.logged.clone();
    ids.push(last.id.clone());
    j.write(&[], None, Some(&ids)).unwrap();
    let text = std::fs::read_to_string(&j.log).unwrap();
    assert!(text.starts_with(&before), "nothing written is rewritten");
    assert_eq!(text.lines().count(), 5);
    assert!(text.lines().last().unwrap().starts_with("{\"undo\":["));
    let (log, broken) = j.read_log_counting().unwrap();
    let undone: Vec<(u32, bool)> = log.iter().map(|e| (e.turn, e.undone)).collect();
    assert_eq!(undone, vec![(1, true), (2, true), (3, false)]);
    assert_eq!(
        broken, 0,
        "the step line is the journal's, not a broken line"
    );
    // Nothing of play's is left to undo.
    assert!(j.last_step().unwrap().is_none());
    // A log of old, marked in place, still reads as it was.
    std::fs::write(
        &j.log,
        "{\"turn\":1,\"phase\":\"1\",\"segment\":\"s\",\"undone\":true}\n",
    )
    .unwrap();
    assert!(j.read_log().unwrap()[0].undone);
}

#[test]
fn the_log_read_from_its_end_gives_whole_lines_across_chunks_and_passes_over_huge_ones() {
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("log");
    let long = "y".repeat(200_000);
    let huge = "z".repeat(super::tail::MAX_LINE + 10);
    std::fs::write(&path, format!("first\n{long}\n{huge}\nlast")).unwrap();
    let mut tail = super::tail::Tail::open(&path).unwrap().unwrap();
    let mut lines = Vec::new();
    while let Some(l) = tail.prev().unwrap() {
        lines.push(String::from_utf8(l).unwrap());
    }
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], "last");
    assert!(lines[1].is_empty(), "the huge line passed over");
    assert_eq!(lines[2], long);
    assert_eq!(lines[3], "first");
}

#[test]
fn a_start_takes_back_a_step_the_bookmark_lacks_and_does_an_undo_it_lacks() {
    let data = tempfile::tempdir().unwrap();
    let j = Journal::new(data.path(), "b");
    // The first step is in the bookmark; the second was logged, then the process died.
    let mut one = [entry(1)];
    let first = step(&mut one, 1);
    let at = j.write(&one, Some(&first), None).unwrap();
    let mut mark = first.before.clone();
    mark.turn = 2;
    mark.at = at;
    let mut two = [entry(2)];
    let second = step(&mut two, 2);
    j.write(&two, Some(&second), None).unwrap();
    let settled = j.resume(mark.clone()).unwrap();
    assert_eq!(settled.turn, 2, "the bookmark stands");
    let log = j.read_log().unwrap();
    assert_eq!(
        log.iter().map(|e| e.undone).collect::<Vec<_>>(),
        vec![false, true],
        "the step it lacks is taken back in the log"
    );
    assert_eq!(j.last_step().unwrap().unwrap().id, first.id);
    // An undo of the first step was logged, then the process died: the bookmark is taken back.
    let mut ids = first.logged.clone();
    ids.push(first.id.clone());
    j.write(&[], None, Some(&ids)).unwrap();
    let settled = j.resume(settled).unwrap();
    assert_eq!(settled.turn, 1, "the game as it was before the step undone");
    assert!(j.last_step().unwrap().is_none());
    // Settled once, a start finds nothing more to do.
    assert_eq!(j.resume(settled.clone()).unwrap(), settled);
}
