//! The games of a book on disk: restarts, a data folder of old, a restart cut short.

use super::*;

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
