//! ARCHITECTURE.md stays true: every source file of the tree is named on its map.

mod common;
use common::repo;
use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_map_names_every_source_file() {
    let map = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).unwrap();
    let mut files = Vec::new();
    sources(&repo().join("src"), &mut files);
    sources(&repo().join("crates/charts/src"), &mut files);
    assert!(files.len() > 30, "{files:?}");
    let mut missing = Vec::new();
    for f in files {
        let name = f.file_name().unwrap().to_str().unwrap();
        let stem = f.file_stem().unwrap().to_str().unwrap();
        let folder = f.parent().unwrap().file_name().unwrap().to_str().unwrap();
        // A file is named as `name.rs`, in a `{a,b}.rs` group, or as its folder (`roller/`).
        let named = map.contains(name)
            || map.contains(&format!("{stem},"))
            || map.contains(&format!(",{stem}"))
            || (matches!(stem, "mod" | "tests") && map.contains(&format!("{folder}/")));
        if !named {
            missing.push(f.strip_prefix(repo()).unwrap().display().to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "not on ARCHITECTURE.md's map: {missing:?}"
    );
}
