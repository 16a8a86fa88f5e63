//! A book's turn sequence: every segment, chart, chit and input it names exists, and it can be
//! played.

use super::{Problem, locate, yaml_problem};
use crate::SourcedChart;
use std::collections::BTreeSet;

/// What a sequence may name: the book's charts and the inputs they ask.
#[derive(Debug, Clone, Default)]
pub struct BookNames {
    /// Every id and alias of the charts, in lower case.
    pub charts: BTreeSet<String>,
    /// Every input key of the charts.
    pub inputs: BTreeSet<String>,
}

impl BookNames {
    /// The names of these charts.
    #[must_use]
    pub fn of(charts: &[SourcedChart]) -> BookNames {
        BookNames {
            charts: super::chart_names(charts),
            inputs: charts
                .iter()
                .flat_map(|c| c.chart.inputs.iter().map(|i| i.key.clone()))
                .collect(),
        }
    }
}

/// Check a book's turn sequence against its charts: every segment, chart and chit it names
/// exists; the inputs it keeps (`profile`, a loop's `per_item`), knows and derives are asked by
/// some chart; every derived comparison reads.
#[must_use]
pub fn validate_sequence(file: &str, text: &str, names: &BookNames) -> Vec<Problem> {
    if let Some(p) = super::depth_problem(file, text) {
        return vec![p];
    }
    let seq: crate::Sequence = match serde_yaml::from_str(text) {
        Ok(s) => s,
        Err(e) => return vec![yaml_problem(file, text, 0, &e)],
    };
    let mut k = Say {
        file,
        text,
        out: super::hidden_problem(file, text).into_iter().collect(),
    };
    segments(&mut k, &seq, names);
    phases(&mut k, &seq);
    if seq.phases.is_empty() {
        k.say(vec!["phases".into()], "the sequence has no phases".into());
    }
    for c in &seq.chits {
        if let Some(ch) = c.chart.as_ref().filter(|ch| !names.has_chart(ch)) {
            k.say(
                vec![format!("id: {}", c.id)],
                format!("chit '{}' rolls on '{ch}', which is not in the book", c.id),
            );
        }
        if !c.reroll.is_empty() && c.chart.is_none() {
            k.say(
                vec![format!("id: {}", c.id)],
                format!(
                    "chit '{}' rolls again on some rolls, but rolls on no chart",
                    c.id
                ),
            );
        }
    }
    if let Some(f) = seq.finale.as_ref().filter(|f| seq.segment(f).is_none()) {
        k.say(
            vec!["finale:".into()],
            format!("the finale '{f}' is not a segment of the sequence"),
        );
    }
    if seq.turns == 0 {
        k.say(vec!["turns".into()], "a game has at least one turn".into());
    }
    inputs(&mut k, &seq, names);
    movers(&mut k, &seq, names);
    board_questions(&mut k, &seq);
    k.out
}

/// What a segment or a step `moves`: each an input key some chart of the book asks (a value
/// the walk keeps and must forget once it is moved), each named once.
fn movers(k: &mut Say, seq: &crate::Sequence, names: &BookNames) {
    for s in &seq.segments {
        let lists = std::iter::once(&s.moves).chain(s.steps.iter().map(|st| &st.moves));
        for moves in lists {
            let mut seen = BTreeSet::new();
            for key in moves {
                let at = vec![format!("id: {}", s.id), "moves".into(), key.clone()];
                if !names.inputs.contains(key) {
                    k.say(
                        at,
                        format!(
                            "segment '{}' moves '{key}', which no chart of the book asks: `moves` names input keys",
                            s.id
                        ),
                    );
                } else if !seen.insert(key) {
                    k.say(
                        at,
                        format!("segment '{}' names '{key}' twice in one `moves`", s.id),
                    );
                }
            }
        }
    }
}

/// The questions about the board (`only_if`, a step's `game_over`): each answer's key a
/// `snake_case` name asked in one wording, and nothing empty.
fn board_questions(k: &mut Say, seq: &crate::Sequence) {
    let mut asked: std::collections::BTreeMap<&str, &str> = std::collections::BTreeMap::new();
    for s in &seq.segments {
        let at = vec![format!("id: {}", s.id)];
        let steps = s
            .steps
            .iter()
            .map(|st| (st.only_if.as_ref(), st.game_over.as_ref()));
        let all = std::iter::once((s.only_if.as_ref(), None)).chain(steps);
        for (n, (only_if, game_over)) in all.enumerate() {
            if let Some(first) = only_if {
                let mut here = at.clone();
                here.extend(["only_if".to_string(), first.key.clone()]);
                if n == 0 && first.and.is_some() {
                    k.say(
                        here.clone(),
                        format!(
                            "segment '{}': `and` joins a second question to a step's only_if, not a segment's",
                            s.id
                        ),
                    );
                }
                let keys: Vec<&str> = first.chain().map(|q| q.key.as_str()).collect();
                if let Some(twice) = keys
                    .iter()
                    .enumerate()
                    .find(|(i, k)| keys[..*i].contains(k))
                {
                    k.say(
                        here.clone(),
                        format!(
                            "only_if: '{}' is joined to itself by `and`: join another question",
                            twice.1
                        ),
                    );
                }
            }
            for q in only_if.into_iter().flat_map(crate::OnlyIf::chain) {
                let mut here = at.clone();
                here.extend(["only_if".to_string(), q.key.clone()]);
                let snake = q.key.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                    && q.key
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                if !snake {
                    k.say(
                        here.clone(),
                        format!("only_if: key '{}' is not snake_case", q.key),
                    );
                }
                if q.ask.trim().is_empty() {
                    k.say(here.clone(), "only_if: the question `ask` is empty".into());
                }
                if q.each_time && n == 0 {
                    k.say(
                        here.clone(),
                        format!(
                            "segment '{}': each_time is for a step's question (a segment's is asked once a turn)",
                            s.id
                        ),
                    );
                }
                match asked.get(q.key.as_str()) {
                    Some(first) if *first != q.ask => k.say(
                        here,
                        format!(
                            "only_if: '{}' is asked as \"{first}\" elsewhere: one key, one question",
                            q.key
                        ),
                    ),
                    Some(_) => {}
                    None => {
                        asked.insert(&q.key, &q.ask);
                    }
                }
            }
            if let Some(g) = game_over {
                let mut here = at.clone();
                here.push("game_over".into());
                if g.ask.trim().is_empty() || g.text.trim().is_empty() {
                    k.say(
                        here,
                        format!(
                            "segment '{}': a step's game_over needs a question (`ask`) and what to say (`text`)",
                            s.id
                        ),
                    );
                }
            }
        }
    }
}

/// Problems of one file, placed by the texts to look for.
struct Say<'a> {
    file: &'a str,
    text: &'a str,
    out: Vec<Problem>,
}

impl Say<'_> {
    #[allow(clippy::needless_pass_by_value)] // every caller builds the needles for this call
    fn say(&mut self, needles: Vec<String>, message: String) {
        let (line, column) = locate(self.text, 0, &needles);
        self.out.push(Problem {
            file: self.file.to_string(),
            line,
            column,
            message,
        });
    }
}

impl BookNames {
    fn has_chart(&self, c: &str) -> bool {
        self.charts.contains(&c.to_ascii_lowercase())
    }
}

/// Each segment written once, offering charts of the book, drawing at least one chit.
fn segments(k: &mut Say, seq: &crate::Sequence, names: &BookNames) {
    let mut ids = BTreeSet::new();
    for s in &seq.segments {
        let at = vec![format!("id: {}", s.id)];
        if !ids.insert(s.id.as_str()) {
            k.say(at.clone(), format!("segment '{}' is written twice", s.id));
        }
        let charts = s
            .steps
            .iter()
            .filter_map(|st| st.chart.as_deref())
            .chain(
                s.steps
                    .iter()
                    .flat_map(|st| st.or_charts.iter().map(String::as_str)),
            )
            .chain(s.repeat.as_ref().map(|r| r.chart.as_str()));
        for c in charts {
            if !names.has_chart(c) {
                k.say(
                    at.clone(),
                    format!(
                        "segment '{}' offers chart '{c}', which is not in the book",
                        s.id
                    ),
                );
            }
        }
        for st in s
            .steps
            .iter()
            .filter(|st| st.drawn && st.or_charts.is_empty())
        {
            let mut here = at.clone();
            here.push("drawn".into());
            k.say(
                here,
                format!(
                    "segment '{}': drawn is for a step of one chart among several (`or`: the chits one is drawn from){}",
                    s.id,
                    st.chart.as_deref().map(|c| format!(", not '{c}' alone")).unwrap_or_default()
                ),
            );
        }
        if let Some(r) = &s.review {
            let per_item = seq
                .segment(r)
                .and_then(|t| t.repeat.as_ref())
                .is_some_and(|l| !l.per_item.is_empty());
            if !per_item {
                k.say(
                    at.clone(),
                    format!(
                        "segment '{}' reviews '{r}', which is not a segment with per_item answers",
                        s.id
                    ),
                );
            }
        }
        for st in &s.steps {
            if let Some(w) = &st.required_when {
                let remembered = seq
                    .segments
                    .iter()
                    .flat_map(|t| &t.steps)
                    .any(|t| t.remember.as_deref() == Some(w.key.as_str()));
                if !st.required || !remembered || (w.rows.is_empty() && !w.unknown) {
                    k.say(
                        at.clone(),
                        format!(
                            "segment '{}': required_when needs a required step, a step that remembers '{}' and its rows (or unknown)",
                            s.id, w.key
                        ),
                    );
                }
            }
            if let Some(c) = &st.count {
                let snake = c.key.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                    && c.key
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                let bounded = (1..=crate::sequence::MAX_TIMES).contains(&c.max);
                if !st.required
                    || st.times.is_some()
                    || !snake
                    || !bounded
                    || c.ask.trim().is_empty()
                {
                    k.say(
                        at.clone(),
                        format!(
                            "segment '{}': count needs a required step without times, a snake_case key, a question and a max of 1 to {}",
                            s.id,
                            crate::sequence::MAX_TIMES
                        ),
                    );
                }
            }
            if let Some(f) = st.count.as_ref().and_then(|c| c.from.as_ref()) {
                // Read from an earlier required step's rolls, so that it is known once the
                // walk reaches this step.
                let earlier = s
                    .steps
                    .iter()
                    .take_while(|t| !std::ptr::eq(*t, st))
                    .any(|t| t.required && t.chart.as_deref() == Some(f.chart.as_str()));
                if !earlier || f.rows.is_empty() {
                    k.say(
                        at.clone(),
                        format!(
                            "segment '{}': count's from needs the chart of an earlier required step of the segment and some of its rows",
                            s.id
                        ),
                    );
                }
            }
            if let Some(t) = st.times
                && (!st.required || !(2..=crate::sequence::MAX_TIMES).contains(&t))
            {
                k.say(
                    at.clone(),
                    format!(
                        "segment '{}': times needs a required step, and 2 to {}",
                        s.id,
                        crate::sequence::MAX_TIMES
                    ),
                );
            }
            if st.required && st.chart.is_none() {
                k.say(
                    at.clone(),
                    format!("segment '{}': a required step needs a chart", s.id),
                );
            }
            if !st.chits_on.is_empty() && st.chart.is_none() {
                k.say(
                    at.clone(),
                    format!("segment '{}': chits_on needs a chart", s.id),
                );
            }
        }
        if s.draw.is_some_and(|d| d.max == 0) {
            k.say(
                at.clone(),
                format!("segment '{}' draws at most 0 chits", s.id),
            );
        }
        // A phase naming a segment not written is likely this one misspelt: said there alone.
        let misspelt = seq
            .phases
            .iter()
            .flat_map(|p| &p.segments)
            .any(|x| seq.segment(x).is_none());
        if !misspelt && !seq.phases.iter().any(|p| p.segments.contains(&s.id)) {
            k.say(
                at.clone(),
                format!(
                    "segment '{}' is written but no phase lists it, so it is never played",
                    s.id
                ),
            );
        }
        turns_of(
            k,
            seq,
            &s.turns,
            &s.not_turns,
            &at,
            &format!("segment '{}'", s.id),
        );
        for st in &s.steps {
            let what = format!("a step of segment '{}'", s.id);
            turns_of(k, seq, &st.turns, &st.not_turns, &at, &what);
            for p in st
                .phases
                .iter()
                .filter(|p| !seq.phases.iter().any(|x| &x.id == *p))
            {
                let ids: Vec<&str> = seq.phases.iter().map(|x| x.id.as_str()).collect();
                let mut at = at.clone();
                at.extend(["phases".to_string(), p.clone()]);
                k.say(
                    at,
                    format!(
                        "{what} names phase '{p}', which is not a phase: {}",
                        ids.join(", ")
                    ),
                );
            }
        }
    }
}

/// `turns` and `not_turns` name turns of the game.
fn turns_of(
    k: &mut Say,
    seq: &crate::Sequence,
    turns: &[u32],
    not_turns: &[u32],
    at: &[String],
    what: &str,
) {
    let last = seq.final_turn();
    for (field, list) in [("turns", turns), ("not_turns", not_turns)] {
        for &n in list.iter().filter(|&&n| n == 0 || n > last) {
            let mut at = at.to_vec();
            at.extend([format!("{field}:"), n.to_string()]);
            k.say(
                at,
                format!(
                    "{what}: {field} names turn {n}, which is not a turn of the game (1-{last})"
                ),
            );
        }
    }
}

/// The most sides a turn is played by.
const MAX_SIDES: usize = 8;

/// Sides in a turn: two or more names, each once, and phases played by each (`each_side`);
/// `each_side` only where the sequence names its sides.
fn sides(k: &mut Say, seq: &crate::Sequence) {
    let mark = crate::sequence::SIDE_MARK;
    if seq.sides.is_empty() {
        for p in seq.phases.iter().filter(|p| p.each_side) {
            k.say(
                vec![format!("id: {}", p.id), "each_side".into()],
                format!(
                    "phase '{}' is played `each_side`, but the sequence names no `sides` \
                     (`sides: [Allied, Axis]`)",
                    p.id
                ),
            );
        }
        return;
    }
    if seq.sides.len() < 2 || seq.sides.len() > MAX_SIDES {
        k.say(
            vec!["sides:".into()],
            format!("`sides` names 2 to {MAX_SIDES} sides, each playing its own turn"),
        );
    }
    let mut seen = BTreeSet::new();
    for side in &seq.sides {
        let plain = !side.trim().is_empty()
            && side.trim() == side
            && side.chars().count() <= 40
            && !side.chars().any(|c| c == mark || c.is_control());
        if !plain {
            k.say(
                vec!["sides:".into()],
                format!(
                    "side '{}' is not a plain name (1 to 40 characters, no '{mark}', no spaces \
                     around it)",
                    side.escape_debug()
                ),
            );
        } else if !seen.insert(side.as_str()) {
            k.say(
                vec!["sides:".into(), side.clone()],
                format!("side '{side}' is named twice"),
            );
        }
    }
    if !seq.phases.iter().any(|p| p.each_side) {
        k.say(
            vec!["sides:".into()],
            "the sequence names `sides`, but no phase is played by each (`each_side: true`)".into(),
        );
    }
    for p in seq.phases.iter().filter(|p| p.id.contains(mark)) {
        k.say(
            vec![format!("id: {}", p.id)],
            format!(
                "phase '{}': a turn played by sides names its phases without '{mark}' (the \
                 walk names a side's phase `PHASE{mark}SIDE`)",
                p.id
            ),
        );
    }
}

/// Each phase listed once, with segments that are written, each once, and turns of the game.
fn phases(k: &mut Say, seq: &crate::Sequence) {
    sides(k, seq);
    let mut phase_ids = BTreeSet::new();
    for p in &seq.phases {
        if !phase_ids.insert(p.id.as_str()) {
            k.say(
                vec![format!("id: {}", p.id)],
                format!("phase '{}' is listed twice", p.id),
            );
        }
        if p.segments.is_empty() {
            k.say(
                vec![format!("id: {}", p.id)],
                format!("phase '{}' has no segments", p.id),
            );
        }
        let mut seen = BTreeSet::new();
        for s in &p.segments {
            if seq.segment(s).is_none() {
                k.say(
                    vec![format!("id: {}", p.id), s.clone()],
                    format!("phase '{}' names segment '{s}', which is not written", p.id),
                );
            }
            if !seen.insert(s.as_str()) {
                k.say(
                    vec![format!("id: {}", p.id), s.clone()],
                    format!("phase '{}' lists segment '{s}' twice", p.id),
                );
            }
        }
        for (s, t) in &p.when {
            let last = seq.final_turn();
            if let Some(bad) = t
                .turns
                .iter()
                .chain(&t.not_turns)
                .find(|&&n| n == 0 || n > last)
            {
                k.say(
                    vec![format!("id: {}", p.id), format!("segment: {s}")],
                    format!(
                        "phase '{}' plays segment '{s}' by turn {bad}, which is not a turn of the game (1-{last})",
                        p.id
                    ),
                );
            }
        }
    }
}

/// The inputs the sequence keeps, knows and derives are asked by some chart.
fn inputs(rep: &mut Say, seq: &crate::Sequence, names: &BookNames) {
    let input_ok = |key: &str| names.inputs.contains(key);
    for key in seq.profile.iter().filter(|key| !input_ok(key)) {
        rep.say(
            vec!["\nprofile:".into(), key.clone()],
            format!("the profile keeps '{key}', which no chart of the book asks"),
        );
    }
    for key in seq.player.iter().filter(|key| !seq.profile.contains(key)) {
        rep.say(
            vec!["\nplayer:".into(), key.clone()],
            format!("'{key}' is the player's, but the profile does not keep it"),
        );
    }
    for (what, k) in [
        ("turn", &seq.knows.turn),
        ("difficulty", &seq.knows.difficulty),
    ] {
        if let Some(k) = k.as_ref().filter(|k| !input_ok(k)) {
            rep.say(
                vec!["\nknows:".into(), format!("{what}:")],
                format!("knows {what} as '{k}', which no chart of the book asks"),
            );
        }
    }
    for d in &seq.derived {
        let at = vec!["\nderived:".into(), format!("key: {}", d.key)];
        if !input_ok(&d.key) {
            rep.say(
                at.clone(),
                format!("derives '{}', which no chart of the book asks", d.key),
            );
        }
        if d.all.is_empty() == d.no_if.is_empty() {
            rep.say(
                at.clone(),
                format!(
                    "derived '{}' needs its comparisons in one of all (a yes when they hold) or no_if (a no when they hold)",
                    d.key
                ),
            );
        }
        for (c, read) in d.texts().zip(d.comparisons()) {
            let mut at = at.clone();
            at.push(c.clone());
            let Some((a, _, b)) = read else {
                rep.say(
                    at,
                    format!(
                        "derived '{}': '{c}' does not read as KEY OP KEY (OP one of >, >=, <, <=, ==)",
                        d.key
                    ),
                );
                continue;
            };
            for k in [a, b] {
                if k.parse::<i64>().is_err() && !input_ok(k) {
                    rep.say(
                        at.clone(),
                        format!(
                            "derived '{}': '{c}' compares '{k}', which no chart of the book asks",
                            d.key
                        ),
                    );
                }
            }
        }
    }
    for s in &seq.segments {
        let Some(r) = &s.repeat else { continue };
        for k in r.per_item.iter().filter(|k| !input_ok(k)) {
            rep.say(
                vec![format!("id: {}", s.id), "per_item".into(), k.clone()],
                format!(
                    "segment '{}' keeps '{k}' for each item, which no chart of the book asks",
                    s.id
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEQ: &str = "title: T
turns: 1
phases:
  - {id: a, title: A, segments: [one]}
segments:
  - id: one
    title: One
    loop: {items: ['1', '2'], ask: 'x {item}?', skip_on: true, text: t, chart: c, per_item: [range]}
profile: [orator]
knows:
  turn: turn
derived:
  - key: higher
    all: [us > them]
";

    fn names(inputs: &[&str]) -> BookNames {
        BookNames {
            charts: BTreeSet::from(["c".to_string()]),
            inputs: inputs.iter().map(ToString::to_string).collect(),
        }
    }

    fn problems(text: &str, inputs: &[&str]) -> Vec<String> {
        validate_sequence("s.yaml", text, &names(inputs))
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn inputs_it_names_are_asked_by_a_chart() {
        let all = ["orator", "turn", "higher", "us", "them", "range"];
        assert_eq!(problems(SEQ, &all), Vec::<String>::new());
        assert_eq!(
            problems(SEQ, &[]),
            vec![
                "s.yaml:9:11: the profile keeps 'orator', which no chart of the book asks",
                "s.yaml:11:3: knows turn as 'turn', which no chart of the book asks",
                "s.yaml:13:5: derives 'higher', which no chart of the book asks",
                "s.yaml:14:11: derived 'higher': 'us > them' compares 'us', which no chart of the book asks",
                "s.yaml:14:11: derived 'higher': 'us > them' compares 'them', which no chart of the book asks",
                "s.yaml:8:94: segment 'one' keeps 'range' for each item, which no chart of the book asks",
            ]
        );
    }

    #[test]
    fn a_comparison_that_does_not_read_is_named() {
        let all = ["orator", "turn", "higher", "us", "them", "range"];
        let text = SEQ.replace("us > them", "us is above them");
        let p = problems(&text, &all);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(
            p[0].starts_with("s.yaml:14:11: derived 'higher': 'us is above them' does not read"),
            "{p:?}"
        );
        let text = SEQ.replace("us > them", "us > 3");
        assert_eq!(problems(&text, &all), Vec::<String>::new());
    }

    #[test]
    fn the_players_answers_the_finale_a_review_and_a_chits_reroll_are_checked() {
        let all = ["orator", "turn", "higher", "us", "them", "range"];
        let good = SEQ
            .replace(
                "profile: [orator]",
                "profile: [orator]\nplayer: [orator]\nfinale: one",
            )
            .replace("    title: One\n", "    title: One\n    review: one\n");
        assert_eq!(problems(&good, &all), Vec::<String>::new());
        let bad = SEQ
            .replace(
                "profile: [orator]",
                "profile: [orator]\nplayer: [turn]\nfinale: two",
            )
            .replace("    title: One\n", "    title: One\n    review: nowhere\n")
            .replace(
                "segments:\n  - id: one",
                "chits:\n  - {id: k, name: K, text: t, reroll: [1]}\nsegments:\n  - id: one",
            );
        let p = problems(&bad, &all).join("\n");
        for says in [
            "'turn' is the player's, but the profile does not keep it",
            "the finale 'two' is not a segment of the sequence",
            "segment 'one' reviews 'nowhere', which is not a segment with per_item answers",
            "chit 'k' rolls again on some rolls, but rolls on no chart",
        ] {
            assert!(p.contains(says), "{says}: {p}");
        }
    }

    #[test]
    fn moves_names_input_keys_and_an_unknown_one_is_pointed_at() {
        let all = ["orator", "turn", "higher", "us", "them", "range"];
        let good = SEQ.replace(
            "    title: One\n",
            "    title: One\n    moves: [us]\n    moves_any: true\n    steps:\n      - {chart: c, moves: [them]}\n",
        );
        assert_eq!(problems(&good, &all), Vec::<String>::new());
        let bad = SEQ.replace(
            "    title: One\n",
            "    title: One\n    moves: [us, us]\n    steps:\n      - {chart: c, moves: [approvl]}\n",
        );
        assert_eq!(
            problems(&bad, &all),
            vec![
                "s.yaml:8:13: segment 'one' names 'us' twice in one `moves`",
                "s.yaml:10:28: segment 'one' moves 'approvl', which no chart of the book asks: `moves` names input keys",
            ]
        );
    }

    const PHASED: &str = "title: T\nturns: 4\nphases:\n  - id: a\n    title: A\n    segments: [x, {segment: y, not_turns: [1]}]\nsegments:\n  - {id: x, title: X}\n  - {id: y, title: Y}\n";

    #[test]
    fn a_phase_entry_may_carry_its_turns() {
        assert!(
            problems(PHASED, &[]).is_empty(),
            "{:?}",
            problems(PHASED, &[])
        );
    }

    #[test]
    fn a_phase_entry_is_checked() {
        let p = problems(&PHASED.replace("not_turns: [1]", "not_turns: [9]"), &[]);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(
            p[0].contains("by turn 9, which is not a turn of the game (1-4)"),
            "{p:?}"
        );
        assert!(p[0].starts_with("s.yaml:6:"), "{p:?}");
        let p = problems(&PHASED.replace("[x, {", "[x, x, {"), &[]);
        assert!(p[0].contains("lists segment 'x' twice"), "{p:?}");
        let p = problems(&PHASED.replace("segment: y", "segment: z"), &[]);
        assert!(
            p[0].contains("names segment 'z', which is not written"),
            "{p:?}"
        );
        let p = problems(&PHASED.replace("segment: y,", "segmnt: y,"), &[]);
        assert_eq!(p.len(), 1, "{p:?}");
    }

    #[test]
    fn a_step_of_several_rolls_is_required_and_bounded() {
        let with = |step: &str| {
            PHASED.replace(
                "{id: x, title: X}",
                &format!("{{id: x, title: X, steps: [{step}]}}"),
            )
        };
        assert_eq!(
            problems(&with("{chart: c, required: true, times: 8}"), &[]),
            Vec::<String>::new()
        );
        for bad in [
            "{chart: c, times: 8}",
            "{chart: c, required: true, times: 1}",
            "{chart: c, required: true, times: 100}",
        ] {
            let p = problems(&with(bad), &[]);
            assert_eq!(p.len(), 1, "{bad}: {p:?}");
            assert!(
                p[0].contains("segment 'x': times needs a required step, and 2 to 99"),
                "{bad}: {p:?}"
            );
        }
        let seq: crate::Sequence =
            serde_yaml::from_str(&with("{chart: c, required: true, times: 8}")).unwrap();
        assert_eq!(seq.segment("x").unwrap().steps[0].rolls(), 8);
    }

    #[test]
    fn a_step_made_by_the_boards_count_is_required_and_bounded() {
        let with = |step: &str| {
            PHASED.replace(
                "{id: x, title: X}",
                &format!("{{id: x, title: X, steps: [{step}]}}"),
            )
        };
        let good = "{chart: c, required: true, count: {key: bills, ask: How many bills?, max: 5}}";
        assert_eq!(problems(&with(good), &[]), Vec::<String>::new());
        for bad in [
            "{chart: c, count: {key: bills, ask: How many?, max: 5}}",
            "{chart: c, required: true, times: 2, count: {key: bills, ask: How many?, max: 5}}",
            "{chart: c, required: true, count: {key: Bills, ask: How many?, max: 5}}",
            "{chart: c, required: true, count: {key: bills, ask: ' ', max: 5}}",
            "{chart: c, required: true, count: {key: bills, ask: How many?, max: 0}}",
        ] {
            let p = problems(&with(bad), &[]);
            assert_eq!(p.len(), 1, "{bad}: {p:?}");
            assert!(p[0].contains("count needs a required step"), "{bad}: {p:?}");
        }
        let seq: crate::Sequence = serde_yaml::from_str(&with(good)).unwrap();
        assert_eq!(
            seq.segment("x").unwrap().steps[0]
                .count
                .as_ref()
                .unwrap()
                .max,
            5
        );
    }

    #[test]
    fn a_count_read_from_the_segments_rolls_names_an_earlier_required_steps_chart() {
        let with = |steps: &str| {
            PHASED.replace(
                "{id: x, title: X}",
                &format!("{{id: x, title: X, steps: [{steps}]}}"),
            )
        };
        let tries = "{chart: c, required: true}";
        let good = format!(
            "{tries}, {{chart: c, required: true, count: {{key: passed, ask: How many?, max: 5, from: {{chart: c, rows: ['1-3']}}}}}}"
        );
        assert_eq!(problems(&with(&good), &[]), Vec::<String>::new());
        for bad in [
            // No earlier step rolls it (its own step does not count); a later steps; no rows.
            "{chart: c, required: true, count: {key: passed, ask: How many?, max: 5, from: {chart: c, rows: ['1-3']}}}".to_string(),
            format!("{{chart: c, required: true, count: {{key: passed, ask: How many?, max: 5, from: {{chart: c, rows: ['1-3']}}}}}}, {tries}"),
            format!("{tries}, {{chart: c, required: true, count: {{key: passed, ask: How many?, max: 5, from: {{chart: c, rows: []}}}}}}"),
        ] {
            let p = problems(&with(&bad), &[]);
            assert_eq!(p.len(), 1, "{bad}: {p:?}");
            assert!(p[0].contains("count's from needs"), "{bad}: {p:?}");
        }
    }

    #[test]
    fn each_time_is_a_steps_and_required_when_names_rows_or_unknown() {
        let seg = "{id: x, title: X, only_if: {key: k, ask: K?, each_time: true}}";
        let p = problems(&PHASED.replace("{id: x, title: X}", seg), &[]);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].contains("each_time is for a step's question"), "{p:?}");
        let step =
            "{id: x, title: X, steps: [{text: t, only_if: {key: k, ask: K?, each_time: true}}]}";
        assert!(problems(&PHASED.replace("{id: x, title: X}", step), &[]).is_empty());
        let with = |when: &str| {
            PHASED.replace(
                "{id: x, title: X}",
                &format!(
                    "{{id: x, title: X, steps: [{{chart: c, remember: r}}, {{chart: c, required: true, required_when: {when}}}]}}"
                ),
            )
        };
        let p = problems(&with("{key: r, unknown: true}"), &[]);
        assert!(p.is_empty(), "{p:?}");
        assert!(problems(&with("{key: r, rows: [\"1-5\"]}"), &[]).is_empty());
        let p = problems(&with("{key: r}"), &[]);
        assert!(p[0].contains("its rows (or unknown)"), "{p:?}");
    }

    #[test]
    fn drawn_is_for_a_step_of_one_chart_among_several() {
        let with = |x: &str| PHASED.replace("{id: x, title: X}", x);
        let good = "{id: x, title: X, steps: [{chart: c, or: [c], drawn: true}]}";
        assert!(
            !problems(&with(good), &[])
                .iter()
                .any(|p| p.contains("drawn"))
        );
        let bad = "{id: x, title: X, steps: [{chart: c, drawn: true}]}";
        let p = problems(&with(bad), &[]);
        assert!(
            p.iter()
                .any(|m| m.contains("drawn is for a step of one chart among several")),
            "{p:?}"
        );
    }

    #[test]
    fn two_questions_join_with_and_on_a_step_only() {
        let with = |x: &str| PHASED.replace("{id: x, title: X}", x);
        let step = "{id: x, title: X, steps: [{text: t, only_if: {key: a, ask: A?, each_time: true, and: {key: b, ask: B?}}}]}";
        assert_eq!(problems(&with(step), &[]), Vec::<String>::new());
        // On a segment; one key joined to itself; a joined question asked two ways.
        let seg = "{id: x, title: X, only_if: {key: a, ask: A?, and: {key: b, ask: B?}}}";
        let p = problems(&with(seg), &[]);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(
            p[0].contains("`and` joins a second question to a step's only_if, not a segment's"),
            "{p:?}"
        );
        let itself = "{id: x, title: X, steps: [{text: t, only_if: {key: a, ask: A?, and: {key: a, ask: A?}}}]}";
        let p = problems(&with(itself), &[]);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].contains("'a' is joined to itself by `and`"), "{p:?}");
        let two = "{id: x, title: X, steps: [{text: t, only_if: {key: b, ask: B?}}, {text: u, only_if: {key: a, ask: A?, and: {key: b, ask: Bee?}}}]}";
        let p = problems(&with(two), &[]);
        assert!(
            p.iter()
                .any(|m| m.contains("'b' is asked as \"B?\" elsewhere")),
            "{p:?}"
        );
    }

    #[test]
    fn questions_about_the_board_are_checked() {
        let text = PHASED.replace(
            "{id: y, title: Y}",
            "{id: y, title: Y, only_if: {key: extra, ask: An extra round?}, steps: [{text: t, only_if: {key: extra, ask: An extra round?, answer: false}}, {text: u, game_over: {ask: 20 VP?, text: Over}}]}",
        );
        assert_eq!(problems(&text, &[]), Vec::<String>::new());
        let seq: crate::Sequence = serde_yaml::from_str(&text).unwrap();
        let y = seq.segment("y").unwrap();
        assert!(y.only_if.as_ref().unwrap().answer);
        assert!(!y.steps[0].only_if.as_ref().unwrap().answer);
        assert_eq!(y.steps[1].game_over.as_ref().unwrap().text, "Over");
        let p = problems(
            &text.replace("answer: false", "answer: false, key: Extra"),
            &[],
        );
        assert!(!p.is_empty());
        let p = problems(
            &text.replace("ask: An extra round?, answer", "ask: More?, answer"),
            &[],
        );
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(
            p[0].contains("'extra' is asked as \"An extra round?\" elsewhere"),
            "{p:?}"
        );
        let p = problems(
            &text.replace("key: extra, ask: An extra round?}", "key: Extra, ask: ' '}"),
            &[],
        );
        assert_eq!(p.len(), 2, "{p:?}");
        let p = problems(&text.replace("text: Over", "text: ''"), &[]);
        assert!(
            p[0].contains("needs a question (`ask`) and what to say (`text`)"),
            "{p:?}"
        );
    }

    #[test]
    fn turns_beyond_the_game_and_segments_no_phase_lists_are_named() {
        let text = PHASED.replace("{id: y, title: Y}", "{id: y, title: Y, turns: [2, 11]}");
        let p = problems(&text, &[]);
        assert_eq!(
            p,
            vec![
                "s.yaml:9:34: segment 'y': turns names turn 11, which is not a turn of the game (1-4)"
            ]
        );
        let text = format!("{PHASED}  - {{id: z, title: Z}}\n");
        let p = problems(&text, &[]);
        assert_eq!(
            p,
            vec![
                "s.yaml:10:6: segment 'z' is written but no phase lists it, so it is never played"
            ]
        );
        let text = PHASED.replace(
            "{id: x, title: X}",
            "{id: x, title: X, steps: [{text: t, not_turns: [5], phases: [b]}]}",
        );
        let p = problems(&text, &[]);
        assert_eq!(p.len(), 2, "{p:?}");
        assert!(
            p[0].contains("a step of segment 'x': not_turns names turn 5"),
            "{p:?}"
        );
        assert!(
            p[1].contains("names phase 'b', which is not a phase: a"),
            "{p:?}"
        );
    }
}
