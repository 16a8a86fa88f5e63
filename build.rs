//! Validates the shipped books under `charts/` with the book-format crate and embeds them in the
//! binary as JSON, with an index of ids and titles, so that a command parses only what it uses.
//! For a release build linked by LLD, it also hands the linker the start-up order of functions
//! (`link/startup.order`; README, "Speed").

use flipbook_charts::{BookDir, Die};
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=charts");
    startup_order();
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

/// Ask the linker to put the functions a start-up runs next to each other, in the order of
/// `link/startup.order` (made by `scripts/startup-order.sh`): a start-up then touches a few
/// hundred KB of code rather than pages all over the binary (and the kernel maps each one's
/// neighbours with it). Only for a release build of x86-64 Linux with Rust 1.90 or later, which
/// link with LLD unless told otherwise: GNU ld has no such option. Names the file does not know
/// (another toolchain, changed code) are skipped by LLD, which then lays them out as usual.
/// `FLIPBOOK_LINK_MAP=path` writes the linker's map, from which the script reads the names.
fn startup_order() {
    println!("cargo:rerun-if-changed=link/startup.order");
    println!("cargo:rerun-if-env-changed=FLIPBOOK_LINK_MAP");
    let env = |k: &str| std::env::var(k).unwrap_or_default();
    if env("TARGET") != "x86_64-unknown-linux-gnu" || env("PROFILE") != "release" {
        return;
    }
    let flags = env("CARGO_ENCODED_RUSTFLAGS");
    let other_linker = ["linker", "link-self-contained", "fuse-ld"];
    if other_linker.iter().any(|f| flags.contains(f)) || !rustc_links_with_lld(&env("RUSTC")) {
        return;
    }
    let order = Path::new(&env("CARGO_MANIFEST_DIR")).join("link/startup.order");
    // `-Wl,` splits at commas: a path with one is left out.
    if order.is_file() && !order.to_string_lossy().contains(',') {
        println!(
            "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={},--no-warn-symbol-ordering",
            order.display()
        );
    }
    let map = env("FLIPBOOK_LINK_MAP");
    if !map.is_empty() {
        println!("cargo:rustc-link-arg-bins=-Wl,-Map={map}");
    }
}

/// Whether this rustc links x86-64 Linux programs with its own LLD by default (1.90 and later).
fn rustc_links_with_lld(rustc: &str) -> bool {
    let Ok(out) = std::process::Command::new(rustc).arg("-vV").output() else {
        return false;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let Some(release) = text.lines().find_map(|l| l.strip_prefix("release: ")) else {
        return false;
    };
    let mut parts = release
        .split(['.', '-'])
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    (major, minor) >= (1, 90)
}
