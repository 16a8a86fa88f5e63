//! Validates the shipped books under `charts/` and embeds them in the binary as JSON, with an index
//! of ids and titles, so that start-up parses nothing but the chart a command needs.

#[path = "src/model.rs"]
#[allow(dead_code)]
mod model;
#[path = "src/validate.rs"]
#[allow(dead_code)]
mod validate;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// Files of a book folder that are not charts.
const NOT_CHARTS: &[&str] = &["book.yaml", "sequence.yaml", "orders.yaml"];

fn main() {
    println!("cargo:rerun-if-changed=charts");
    println!("cargo:rerun-if-changed=src/model.rs");
    println!("cargo:rerun-if-changed=src/validate.rs");
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    let mut problems = Vec::new();
    let mut code = String::from("pub static BOOKS: &[EmbeddedBook] = &[\n");
    let mut books: Vec<_> = std::fs::read_dir("charts")
        .expect("charts/ is readable")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.is_dir())
        .collect();
    books.sort();
    for dir in books {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let (meta, charts, texts, mut found) = read_book(&dir);
        problems.append(&mut found);
        let Some(meta) = meta else { continue };
        if meta.id != name {
            problems.push(format!(
                "charts/{name}/book.yaml: the book id '{}' differs from its folder",
                meta.id
            ));
        }
        problems.extend(
            validate::validate_charts(&charts, &texts)
                .iter()
                .map(|p| p.to_string()),
        );
        let sequence_file = dir.join("sequence.yaml");
        let sequence = std::fs::read_to_string(&sequence_file).ok();
        if let Some(text) = &sequence {
            let names = validate::chart_names(&charts);
            problems.extend(
                validate::validate_sequence(&sequence_file.display().to_string(), text, &names)
                    .iter()
                    .map(|p| p.to_string()),
            );
        }
        let orders_file = dir.join("orders.yaml");
        let orders = std::fs::read_to_string(&orders_file).ok();
        if let Some(text) = &orders {
            problems.extend(
                validate::validate_orders(&orders_file.display().to_string(), text)
                    .iter()
                    .map(|p| p.to_string()),
            );
        }
        let _ = writeln!(
            code,
            "  EmbeddedBook {{ id: {:?}, title: {:?}, game: {:?}, source: {:?}, description: {:?}, sequence: {:?}, orders: {:?}, charts: &[",
            meta.id, meta.title, meta.game, meta.source, meta.description, sequence, orders
        );
        for sc in &charts {
            let c = &sc.chart;
            let json = serde_json::to_string(c).expect("a chart serialises");
            let _ = writeln!(
                code,
                "    EmbeddedChart {{ id: {:?}, aliases: &{:?}, title: {:?}, die: {:?}, printed: {:?}, stub: {}, file: {:?}, json: {:?} }},",
                c.id,
                c.aliases,
                c.title,
                c.die,
                c.printed,
                c.stub.is_some(),
                sc.file,
                json
            );
        }
        code.push_str("  ] },\n");
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

type BookParts = (
    Option<model::BookMeta>,
    Vec<validate::SourcedChart>,
    BTreeMap<String, String>,
    Vec<String>,
);

fn read_book(dir: &Path) -> BookParts {
    let mut problems = Vec::new();
    let mut texts = BTreeMap::new();
    let mut charts = Vec::new();
    let book_file = dir.join("book.yaml");
    let meta = match std::fs::read_to_string(&book_file) {
        Ok(t) => match serde_yaml::from_str::<model::BookMeta>(&t) {
            Ok(m) => Some(m),
            Err(e) => {
                problems.push(
                    validate::yaml_problem(&book_file.display().to_string(), &t, 0, &e).to_string(),
                );
                None
            }
        },
        Err(e) => {
            problems.push(format!("{}: {e}", book_file.display()));
            None
        }
    };
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("book folder is readable")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .filter(|p| !NOT_CHARTS.contains(&p.file_name().unwrap().to_str().unwrap()))
        .collect();
    files.sort();
    for f in files {
        let name = f.display().to_string();
        let text = std::fs::read_to_string(&f).expect("chart file is readable");
        let (mut found, errs) = validate::parse_chart_file(&name, &text);
        problems.extend(errs.iter().map(|p| p.to_string()));
        charts.append(&mut found);
        texts.insert(name, text);
    }
    (meta, charts, texts, problems)
}
