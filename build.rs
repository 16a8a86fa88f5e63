//! Validates the shipped books under `charts/` with the book-format crate and embeds them in the
//! binary as JSON, with an index of ids and titles, so that a command parses only what it uses.

use flipbook_charts::{BookDir, Die};
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=charts");
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    let mut problems: Vec<String> = Vec::new();
    let mut code = String::from("pub(crate) static BOOKS: &[EmbeddedBook] = &[\n");
    let mut dirs: Vec<_> = std::fs::read_dir("charts")
        .expect("charts/ is readable")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        embed_book(&dir, &mut code, &mut problems);
    }
    code.push_str("];\n");
    if !problems.is_empty() {
        for p in &problems {
            println!("cargo:warning={p}");
        }
        panic!(
            "the shipped books do not validate:\n{}",
            problems.join("\n")
        );
    }
    std::fs::write(Path::new(&out_dir).join("books.rs"), code).expect("write books.rs");
}

/// Read and validate one book folder, and write its entry of the index.
fn embed_book(dir: &Path, code: &mut String, problems: &mut Vec<String>) {
    let name = dir
        .file_name()
        .expect("a folder name")
        .to_string_lossy()
        .to_string();
    let book = match BookDir::read(dir) {
        Ok(b) => b,
        Err(e) => {
            problems.push(e.to_string());
            return;
        }
    };
    let Some(meta) = &book.meta else {
        problems.extend(book.problems.iter().map(ToString::to_string));
        if !book.has_meta {
            problems.push(format!("charts/{name}: no book.yaml"));
        }
        return;
    };
    problems.extend(
        book.problems(&[], &meta.options)
            .iter()
            .map(ToString::to_string),
    );
    let meta_json = serde_json::to_string(meta).expect("book.yaml serialises");
    let text = |part: &Option<(String, String)>| part.as_ref().map(|(_, t)| t.clone());
    let _ = writeln!(
        code,
        "  EmbeddedBook {{ id: {:?}, meta: {:?}, sequence: {:?}, orders: {:?}, charts: &[",
        meta.id,
        meta_json,
        text(&book.sequence),
        text(&book.orders)
    );
    for sc in &book.charts {
        let c = &sc.chart;
        let json = serde_json::to_string(c).expect("a chart serialises");
        let _ = writeln!(
            code,
            "    EmbeddedChart {{ id: {:?}, aliases: &{:?}, title: {:?}, die: {}, printed: {:?}, stub: {}, json: {:?} }},",
            c.id,
            c.aliases,
            c.title,
            die_expr(c.die),
            c.printed,
            c.stub.is_some(),
            json
        );
    }
    code.push_str("  ] },\n");
}

/// A chart's die as Rust, so that the binary parses nothing to list it.
fn die_expr(die: Die) -> String {
    match die {
        Die::Dice(d) => format!(
            "Die::Dice(Dice {{ count: {}, sides: {} }})",
            d.count, d.sides
        ),
        Die::Table => "Die::Table".into(),
    }
}
