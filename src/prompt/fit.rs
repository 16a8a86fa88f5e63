//! Menu items and questions fitted to the terminal's width: cut at a word, or in the middle
//! where a question's end is what tells it apart.

/// A menu item cut to the terminal's width at a word, so that it never wraps (a wrapped item
/// leaves copies of the list behind when the cursor moves).
pub(crate) fn fit(label: &str) -> String {
    cut_at_word(label, crate::text::width().saturating_sub(4).max(20))
}

/// `text` as it is when it fits in `room` columns, else cut at a word with "…".
pub(super) fn cut_at_word(text: &str, room: usize) -> String {
    if console::measure_text_width(text) <= room {
        return text.to_string();
    }
    let mut out = String::new();
    for word in text.split(' ') {
        if console::measure_text_width(&out) + console::measure_text_width(word) + 2 > room {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.push('…');
    out
}

/// `text` as it is when it fits in `room` columns, else its first and last words with "…"
/// between them: "Total Legislative … Congressional Opponents?".
pub(super) fn cut_middle(text: &str, room: usize) -> String {
    let width = console::measure_text_width;
    if width(text) <= room {
        return text.to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    // The end is what tells two questions apart: two thirds of the room for it.
    let mut tail: Vec<&str> = Vec::new();
    let mut used = 0;
    for w in words.iter().rev() {
        if used + width(w) + 1 > room * 2 / 3 && !tail.is_empty() {
            break;
        }
        used += width(w) + 1;
        tail.push(w);
    }
    tail.reverse();
    let mut head: Vec<&str> = Vec::new();
    for w in &words[..words.len() - tail.len()] {
        if used + width(w) + 1 + 2 > room {
            break;
        }
        used += width(w) + 1;
        head.push(w);
    }
    let tail = tail.join(" ");
    if head.is_empty() {
        return format!("…{tail}");
    }
    format!("{} … {tail}", head.join(" "))
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_question_cut_in_its_middle_keeps_its_end() {
        let q = "Total Legislative Rating of your Congressional Opponents?";
        assert_eq!(super::cut_middle(q, 80), q);
        let cut = super::cut_middle(q, 40);
        assert!(cut.ends_with("Congressional Opponents?"), "{cut}");
        assert!(cut.starts_with("Total"), "{cut}");
        assert!(console::measure_text_width(&cut) <= 40, "{cut}");
        assert_ne!(
            cut,
            super::cut_middle(
                "Total Legislative Rating of your Congressional Friends?",
                40
            )
        );
        // A last word wider than the room is kept whole.
        assert_eq!(
            super::cut_middle("a verylongwordindeed", 8),
            "…verylongwordindeed"
        );
    }
}
