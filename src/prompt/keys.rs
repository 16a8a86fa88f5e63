//! Where `play`'s keys come from, and what a key means. One source (the terminal; in tests, a
//! script of keys), read through one reader, so that a sequence of keys means one thing however
//! fast or slow it comes, typed or pasted: no clock is read here.
//!
//! The reader drops bracketed paste's markers (pasted keys act as typed), reads an Esc that came
//! in the same burst as the next key as the two keys it was, and passes over the Enter a
//! player's fingers add after a one-key answer: the next key after such an answer, if it is
//! Enter, is that answer's ("4" and "4 Enter" answer alike), however late it comes.

use crate::error::Result;
use console::{Key, Term};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::io;

/// A source of keys, one at a time.
pub(crate) trait Keys {
    /// The next key; an error when there is none to come.
    fn next_key(&mut self, t: &Term) -> io::Result<Key>;
}

/// The terminal's keys, as console reads them.
struct Terminal;

impl Keys for Terminal {
    fn next_key(&mut self, t: &Term) -> io::Result<Key> {
        t.read_key()
    }
}

/// Keys given beforehand: what the tests feed the reader. Its end is the end of the input.
#[cfg(test)]
pub(crate) struct Script(pub(crate) VecDeque<Key>);

#[cfg(test)]
impl Script {
    /// The keys of `text`, a character a key: `\r` or `\n` is Enter, `\x1b` Esc, `\x7f`
    /// Backspace.
    pub(crate) fn typed(text: &str) -> Script {
        Script(
            text.chars()
                .map(|c| match c {
                    '\r' | '\n' => Key::Enter,
                    '\x1b' => Key::Escape,
                    '\x7f' => Key::Backspace,
                    c => Key::Char(c),
                })
                .collect(),
        )
    }
}

#[cfg(test)]
impl Keys for Script {
    fn next_key(&mut self, _: &Term) -> io::Result<Key> {
        self.0
            .pop_front()
            .ok_or_else(|| io::Error::new(io::ErrorKind::UnexpectedEof, "the keys ran out"))
    }
}

/// The reader: its source, keys read but not yet given (the second of two read as one),
/// whether the next key, if it is Enter, belongs to the one-key answer just taken, and whether
/// q quits at a question where it is no answer (`play`'s key mode).
struct Reader {
    source: Box<dyn Keys>,
    ahead: VecDeque<Key>,
    owed: bool,
    q_quits: bool,
}

thread_local! {
    static READER: RefCell<Reader> = RefCell::new(Reader {
        source: Box::new(Terminal),
        ahead: VecDeque::new(),
        owed: false,
        q_quits: false,
    });
}

impl Reader {
    fn raw(&mut self, t: &Term) -> io::Result<Key> {
        match self.ahead.pop_front() {
            Some(k) => Ok(k),
            None => self.source.next_key(t),
        }
    }

    /// The next key as the player pressed it.
    fn key(&mut self, t: &Term) -> io::Result<Key> {
        loop {
            match self.raw(t)? {
                // Bracketed paste's ESC [ 2 0 0 ~ and ESC [ 2 0 1 ~: console reads "[20", then
                // "0" or "1" and "~". Dropped: the keys between them act as typed.
                Key::UnknownEscSeq(s) if s == ['[', '2', '0'] => {
                    let a = self.raw(t)?;
                    if matches!(a, Key::Char('0' | '1')) {
                        let b = self.raw(t)?;
                        if b == Key::Char('~') {
                            continue;
                        }
                        self.ahead.extend([a, b]);
                    } else {
                        self.ahead.push_back(a);
                    }
                    return Ok(Key::UnknownEscSeq(s));
                }
                // An arrow in the terminal's application mode (ESC O A).
                Key::UnknownEscSeq(s) if s == ['O'] => {
                    return Ok(match self.raw(t)? {
                        Key::Char('A') => Key::ArrowUp,
                        Key::Char('B') => Key::ArrowDown,
                        Key::Char('C') => Key::ArrowRight,
                        Key::Char('D') => Key::ArrowLeft,
                        Key::Char('H') => Key::Home,
                        Key::Char('F') => Key::End,
                        other => {
                            self.ahead.extend([Key::Char('O'), other]);
                            Key::Escape
                        }
                    });
                }
                // Esc and a key in one burst (console reads them as one): Esc, then the key,
                // as when they come apart.
                Key::UnknownEscSeq(s) if s.len() == 1 && s[0] != '[' => {
                    self.ahead.push_back(Key::Char(s[0]));
                    return Ok(Key::Escape);
                }
                k => return Ok(k),
            }
        }
    }
}

/// The next key; an Enter right after a one-key answer is that answer's, and passed over.
pub(crate) fn read_key(t: &Term) -> Result<Key> {
    READER.with(|r| {
        let mut r = r.borrow_mut();
        loop {
            let key = r.key(t).map_err(crate::signals::term_error)?;
            // Ctrl-Z, read as a key in raw mode: suspended, then the next key once continued.
            if crate::signals::is_suspend(&key) {
                crate::signals::suspend();
                continue;
            }
            if std::mem::take(&mut r.owed) && key == Key::Enter {
                continue;
            }
            return Ok(key);
        }
    })
}

/// A one-key answer was just taken: the next key, if it is Enter, is its own.
pub(crate) fn owe_enter() {
    READER.with(|r| r.borrow_mut().owed = true);
}

/// Whether an Enter is owed, forgetting it: a menu drawn by dialoguer reads the keys itself, so
/// its caller settles the Enter first.
pub(crate) fn take_owed() -> bool {
    READER.with(|r| std::mem::take(&mut r.borrow_mut().owed))
}

/// From now on q quits at a question where it is no answer (a menu, a number, a die, y/n):
/// `play`'s key mode, whose keys line says "q quit, at a question too". Elsewhere (`roll`) q
/// leaves a menu, as Esc does.
pub(crate) fn q_quits() {
    READER.with(|r| r.borrow_mut().q_quits = true);
}

/// Whether q quits at a question (see [`q_quits`]).
pub(crate) fn quits_on_q() -> bool {
    READER.with(|r| r.borrow().q_quits)
}

/// Run `f` with its keys read from `keys` (tests); the terminal's again after, nothing owed.
#[cfg(test)]
pub(crate) fn scripted<T>(keys: Script, f: impl FnOnce() -> T) -> T {
    let reset = |source: Box<dyn Keys>| {
        READER.with(|r| {
            let mut r = r.borrow_mut();
            r.source = source;
            r.ahead.clear();
            r.owed = false;
            r.q_quits = false;
        });
    };
    reset(Box::new(keys));
    let out = f();
    reset(Box::new(Terminal));
    out
}

/// A terminal that writes nowhere, for tests whose keys come from a script.
#[cfg(test)]
pub(crate) fn quiet() -> Term {
    let null = || {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/null")
            .expect("/dev/null")
    };
    Term::read_write_pair(null(), null())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(keys: Vec<Key>) -> Vec<Key> {
        let t = quiet();
        scripted(Script(keys.into()), || {
            let mut out = Vec::new();
            while let Ok(k) = read_key(&t) {
                out.push(k);
            }
            out
        })
    }

    #[test]
    fn bracketed_paste_markers_are_dropped_and_the_pasted_keys_act_as_typed() {
        let esc20 = || Key::UnknownEscSeq(vec!['[', '2', '0']);
        let mut keys = vec![esc20(), Key::Char('0'), Key::Char('~')];
        keys.extend(Script::typed("20\r15\r").0);
        keys.extend([esc20(), Key::Char('1'), Key::Char('~')]);
        assert_eq!(all(keys), Vec::from(Script::typed("20\r15\r").0));
    }

    #[test]
    fn esc_read_with_the_next_key_is_esc_then_that_key() {
        let keys = vec![Key::UnknownEscSeq(vec!['5']), Key::Char('q')];
        assert_eq!(
            all(keys),
            [Key::Escape, Key::Char('5'), Key::Char('q')].to_vec()
        );
        let keys = vec![Key::UnknownEscSeq(vec!['O']), Key::Char('B')];
        assert_eq!(all(keys), [Key::ArrowDown].to_vec());
    }

    #[test]
    fn the_enter_after_a_one_key_answer_is_its_own_however_late() {
        let t = quiet();
        let read = scripted(Script::typed("4\r\r5x"), || {
            let mut out = Vec::new();
            // "4" taken as a one-key answer: its Enter is passed over, the next one is not.
            out.push(read_key(&t).unwrap());
            owe_enter();
            out.push(read_key(&t).unwrap());
            out.push(read_key(&t).unwrap());
            // A key other than Enter settles what was owed: it is taken as itself.
            owe_enter();
            out.push(read_key(&t).unwrap());
            out
        });
        assert_eq!(
            read,
            [Key::Char('4'), Key::Enter, Key::Char('5'), Key::Char('x')].to_vec()
        );
    }
}
