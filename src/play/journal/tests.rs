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

#[test]
fn an_undo_is_appended_and_names_only_plays_own_entries() {
    let data = tempfile::tempdir().unwrap();
    let j = Journal::new(data.path(), "b");
    j.append(&[entry(1), entry(2)]).unwrap();
    let before = std::fs::read_to_string(&j.log).unwrap();
    // A roll made outside play comes last: an undo of two takes back play's two, not it.
    j.append(&[LogEntry {
        outside: true,
        ..entry(3)
    }])
    .unwrap();
    j.mark_undone(2).unwrap();
    let text = std::fs::read_to_string(&j.log).unwrap();
    assert!(text.starts_with(&before), "nothing written is rewritten");
    assert_eq!(text.lines().count(), 4);
    assert!(text.lines().last().unwrap().starts_with("{\"undo\":["));
    let log = j.read_log().unwrap();
    let undone: Vec<(u32, bool)> = log.iter().map(|e| (e.turn, e.undone)).collect();
    assert_eq!(undone, vec![(1, true), (2, true), (3, false)]);
    // Nothing of play's is left to undo: no line is added.
    j.mark_undone(1).unwrap();
    assert_eq!(std::fs::read_to_string(&j.log).unwrap().lines().count(), 4);
    // A log of old, marked in place, still reads as it was.
    std::fs::write(
        &j.log,
        "{\"turn\":1,\"phase\":\"1\",\"segment\":\"s\",\"undone\":true}\n",
    )
    .unwrap();
    assert!(j.read_log().unwrap()[0].undone);
}
