//! Results that count: a placeholder of a result (`{max(total - influence, 0)}`) is an integer
//! expression over names (`total`, `natural`, the chart's inputs...) with `+ - *`, parentheses,
//! `/` (whole numbers: rounded down), `min(a, b)`, `max(a, b)` and `abs(a)`. A book is untrusted: the text read is bounded in
//! length and depth, and every step of the arithmetic is checked.

use std::fmt;

/// The longest placeholder read as an expression, in bytes.
pub const MAX_EXPR_LEN: usize = 200;
/// The deepest nesting of parentheses and calls in an expression.
pub const MAX_EXPR_DEPTH: usize = 12;

/// An integer expression, as read from a placeholder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A whole number as written.
    Num(i64),
    /// A name: `total`, `natural`, `margin` or an input's key.
    Name(String),
    /// `-a`.
    Neg(Box<Expr>),
    /// `a + b`, `a - b`, `a * b`, `a / b`.
    Bin(Op, Box<Expr>, Box<Expr>),
    /// `min(a, b)`, `max(a, b)`, `abs(a)`.
    Call(Func, Vec<Expr>),
}

/// An operator between two terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`: a whole number, rounded down (`-7 / 2` is -4).
    Div,
}

/// Why an expression has no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// A name has no value (yet).
    Unknown,
    /// A step is beyond a whole number's range.
    Overflow,
    /// A division by zero.
    DivideByZero,
}

/// A function an expression may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    /// The smaller of two values.
    Min,
    /// The larger of two values.
    Max,
    /// A value without its sign.
    Abs,
}

impl Func {
    fn named(name: &str) -> Option<Func> {
        match name {
            "min" => Some(Func::Min),
            "max" => Some(Func::Max),
            "abs" => Some(Func::Abs),
            _ => None,
        }
    }

    fn arity(self) -> usize {
        match self {
            Func::Min | Func::Max => 2,
            Func::Abs => 1,
        }
    }
}

impl fmt::Display for Func {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Func::Min => "min",
            Func::Max => "max",
            Func::Abs => "abs",
        })
    }
}

impl Expr {
    /// Read an expression; the error says what does not read, in a few words.
    ///
    /// # Errors
    /// When the text is too long or too deep, or is not an expression.
    pub fn parse(text: &str) -> Result<Expr, String> {
        if text.len() > MAX_EXPR_LEN {
            return Err(format!("longer than {MAX_EXPR_LEN} characters"));
        }
        let tokens = tokens(text)?;
        let mut p = Parser { tokens, at: 0 };
        let e = p.sum(0)?;
        match p.tokens.get(p.at) {
            None => Ok(e),
            Some(t) => Err(format!("'{t}' where the expression should end")),
        }
    }

    /// Every name it reads, in order, each once.
    #[must_use]
    pub fn names(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.collect(&mut out);
        out
    }

    fn collect<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Expr::Num(_) => {}
            Expr::Name(n) => {
                if !out.contains(&n.as_str()) {
                    out.push(n);
                }
            }
            Expr::Neg(a) => a.collect(out),
            Expr::Bin(_, a, b) => {
                a.collect(out);
                b.collect(out);
            }
            Expr::Call(_, args) => args.iter().for_each(|a| a.collect(out)),
        }
    }

    /// Whether it is a name alone (`{total}`, `{region}`), not a sum.
    #[must_use]
    pub fn is_name(&self) -> bool {
        matches!(self, Expr::Name(_))
    }

    /// Its value, with `value` giving each name's: `None` when a name has no value yet, a
    /// step would overflow or divides by zero.
    pub fn eval(&self, value: &dyn Fn(&str) -> Option<i64>) -> Option<i64> {
        self.count(value).ok()
    }

    /// Its value, or why it has none.
    ///
    /// # Errors
    /// When a name has no value, a step overflows or divides by zero.
    pub fn count(&self, value: &dyn Fn(&str) -> Option<i64>) -> Result<i64, Stop> {
        match self {
            Expr::Num(n) => Ok(*n),
            Expr::Name(n) => value(n).ok_or(Stop::Unknown),
            Expr::Neg(a) => a.count(value)?.checked_neg().ok_or(Stop::Overflow),
            Expr::Bin(op, a, b) => {
                let (a, b) = (a.count(value)?, b.count(value)?);
                match op {
                    Op::Add => a.checked_add(b).ok_or(Stop::Overflow),
                    Op::Sub => a.checked_sub(b).ok_or(Stop::Overflow),
                    Op::Mul => a.checked_mul(b).ok_or(Stop::Overflow),
                    Op::Div => divide_down(a, b),
                }
            }
            Expr::Call(f, args) => {
                let v: Vec<i64> = args
                    .iter()
                    .map(|a| a.count(value))
                    .collect::<Result<_, _>>()?;
                match (f, v.as_slice()) {
                    (Func::Min, [a, b]) => Ok(*a.min(b)),
                    (Func::Max, [a, b]) => Ok(*a.max(b)),
                    (Func::Abs, [a]) => a.checked_abs().ok_or(Stop::Overflow),
                    _ => Err(Stop::Unknown),
                }
            }
        }
    }

    /// The least and the most it can come to with each name anywhere in its `bounds`, or why
    /// some values of the names give it none: a step that can overflow, a divisor that can be 0.
    /// What `check` asks of a placeholder, so that a roll never meets either.
    ///
    /// # Errors
    /// [`Stop::Overflow`] or [`Stop::DivideByZero`], when some values of the names lead there.
    pub fn range(&self, bounds: &dyn Fn(&str) -> (i64, i64)) -> Result<(i64, i64), Stop> {
        let fit = |lo: i128, hi: i128| -> Result<(i64, i64), Stop> {
            match (i64::try_from(lo), i64::try_from(hi)) {
                (Ok(lo), Ok(hi)) => Ok((lo, hi)),
                _ => Err(Stop::Overflow),
            }
        };
        match self {
            Expr::Num(n) => Ok((*n, *n)),
            Expr::Name(n) => Ok(bounds(n)),
            Expr::Neg(a) => {
                let (lo, hi) = a.range(bounds)?;
                fit(-i128::from(hi), -i128::from(lo))
            }
            Expr::Bin(op, a, b) => {
                let (a, b) = (a.range(bounds)?, b.range(bounds)?);
                let (a0, a1, b0, b1) = (
                    i128::from(a.0),
                    i128::from(a.1),
                    i128::from(b.0),
                    i128::from(b.1),
                );
                match op {
                    Op::Add => fit(a0 + b0, a1 + b1),
                    Op::Sub => fit(a0 - b1, a1 - b0),
                    Op::Mul => {
                        let c = [a0 * b0, a0 * b1, a1 * b0, a1 * b1];
                        fit(
                            c.iter().copied().min().unwrap_or(0),
                            c.iter().copied().max().unwrap_or(0),
                        )
                    }
                    Op::Div => {
                        if b0 <= 0 && b1 >= 0 {
                            return Err(Stop::DivideByZero);
                        }
                        // Rounded down; the extremes are at the corners.
                        let q = [(a0, b0), (a0, b1), (a1, b0), (a1, b1)].map(|(x, y)| {
                            x.div_euclid(y) - i128::from(y < 0 && x.rem_euclid(y) != 0)
                        });
                        fit(
                            q.iter().copied().min().unwrap_or(0),
                            q.iter().copied().max().unwrap_or(0),
                        )
                    }
                }
            }
            Expr::Call(f, args) => {
                let v: Vec<(i64, i64)> = args
                    .iter()
                    .map(|a| a.range(bounds))
                    .collect::<Result<_, _>>()?;
                match (f, v.as_slice()) {
                    (Func::Min, [a, b]) => Ok((a.0.min(b.0), a.1.min(b.1))),
                    (Func::Max, [a, b]) => Ok((a.0.max(b.0), a.1.max(b.1))),
                    (Func::Abs, [(lo, hi)]) => {
                        let (lo, hi) = (i128::from(*lo), i128::from(*hi));
                        let top = lo.abs().max(hi.abs());
                        let bottom = if lo <= 0 && hi >= 0 {
                            0
                        } else {
                            lo.abs().min(hi.abs())
                        };
                        fit(bottom, top)
                    }
                    _ => Err(Stop::Unknown),
                }
            }
        }
    }

    /// Whether it divides by a number that is zero as written (`total / 0`, `total / (2 - 2)`).
    #[must_use]
    pub fn divides_by_written_zero(&self) -> bool {
        match self {
            Expr::Num(_) | Expr::Name(_) => false,
            Expr::Neg(a) => a.divides_by_written_zero(),
            Expr::Bin(op, a, b) => {
                (*op == Op::Div && b.names().is_empty() && b.eval(&|_| None) == Some(0))
                    || a.divides_by_written_zero()
                    || b.divides_by_written_zero()
            }
            Expr::Call(_, args) => args.iter().any(Expr::divides_by_written_zero),
        }
    }
}

/// `a / b` rounded down (toward minus infinity), checked.
fn divide_down(a: i64, b: i64) -> Result<i64, Stop> {
    if b == 0 {
        return Err(Stop::DivideByZero);
    }
    let q = a.checked_div(b).ok_or(Stop::Overflow)?;
    let r = a.checked_rem(b).ok_or(Stop::Overflow)?;
    Ok(if r != 0 && ((r < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// The insides of each `{...}` of a text, in order.
pub fn placeholders(text: &str) -> impl Iterator<Item = &str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(inside, _)| inside))
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Num(i64),
    Name(String),
    Sym(char),
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Num(n) => write!(f, "{n}"),
            Token::Name(n) => f.write_str(n),
            Token::Sym(c) => write!(f, "{c}"),
        }
    }
}

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if c.is_ascii_digit() {
            let mut end = i + 1;
            while let Some((j, d)) = chars.peek().copied().filter(|(_, d)| d.is_ascii_digit()) {
                end = j + d.len_utf8();
                chars.next();
            }
            let n = text[i..end]
                .parse()
                .map_err(|_| format!("the number {} is too large", &text[i..end]))?;
            out.push(Token::Num(n));
        } else if c.is_ascii_lowercase() || c == '_' {
            let mut end = i + 1;
            while let Some((j, d)) = chars
                .peek()
                .copied()
                .filter(|(_, d)| d.is_ascii_lowercase() || d.is_ascii_digit() || *d == '_')
            {
                end = j + d.len_utf8();
                chars.next();
            }
            out.push(Token::Name(text[i..end].to_string()));
        } else if "+-*/(),".contains(c) {
            out.push(Token::Sym(c));
        } else {
            let shown: String = c.escape_default().collect();
            return Err(format!(
                "'{shown}' is not part of an expression (names, numbers, + - * / ( ) and min, max, abs)"
            ));
        }
    }
    if out.is_empty() {
        return Err("it is empty".into());
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Token::Sym(c)) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn sum(&mut self, depth: usize) -> Result<Expr, String> {
        if depth > MAX_EXPR_DEPTH {
            return Err(format!("nested deeper than {MAX_EXPR_DEPTH}"));
        }
        let mut e = self.product(depth)?;
        loop {
            let op = if self.eat('+') {
                Op::Add
            } else if self.eat('-') {
                Op::Sub
            } else {
                return Ok(e);
            };
            e = Expr::Bin(op, Box::new(e), Box::new(self.product(depth)?));
        }
    }

    fn product(&mut self, depth: usize) -> Result<Expr, String> {
        let mut e = self.unary(depth)?;
        loop {
            let op = if self.eat('*') {
                Op::Mul
            } else if self.eat('/') {
                Op::Div
            } else {
                return Ok(e);
            };
            e = Expr::Bin(op, Box::new(e), Box::new(self.unary(depth)?));
        }
    }

    fn unary(&mut self, depth: usize) -> Result<Expr, String> {
        if self.eat('-') {
            if depth > MAX_EXPR_DEPTH {
                return Err(format!("nested deeper than {MAX_EXPR_DEPTH}"));
            }
            return Ok(Expr::Neg(Box::new(self.unary(depth + 1)?)));
        }
        self.atom(depth)
    }

    fn atom(&mut self, depth: usize) -> Result<Expr, String> {
        let Some(t) = self.peek().cloned() else {
            return Err("it ends where a value should come".into());
        };
        self.at += 1;
        match t {
            Token::Num(n) => Ok(Expr::Num(n)),
            Token::Sym('(') => {
                let e = self.sum(depth + 1)?;
                if self.eat(')') {
                    Ok(e)
                } else {
                    Err("a '(' is not closed".into())
                }
            }
            Token::Name(name) if self.eat('(') => self.call(&name, depth),
            Token::Name(name) => Ok(Expr::Name(name)),
            Token::Sym(c) => Err(format!("'{c}' where a value should come")),
        }
    }

    fn call(&mut self, name: &str, depth: usize) -> Result<Expr, String> {
        let f = Func::named(name)
            .ok_or_else(|| format!("'{name}(' is not a function: min, max or abs"))?;
        let mut args = vec![self.sum(depth + 1)?];
        while self.eat(',') {
            args.push(self.sum(depth + 1)?);
        }
        if !self.eat(')') {
            return Err(format!("{f}( is not closed"));
        }
        if args.len() != f.arity() {
            return Err(format!(
                "{f} takes {} value(s), not {}",
                f.arity(),
                args.len()
            ));
        }
        Ok(Expr::Call(f, args))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str, names: &[(&str, i64)]) -> Option<i64> {
        let e = Expr::parse(text).unwrap();
        e.eval(&|n| names.iter().find(|(k, _)| *k == n).map(|(_, v)| *v))
    }

    #[test]
    fn expressions_count_as_written() {
        let names = [("total", 7), ("influence", 3)];
        assert_eq!(eval("max(total - influence, 0)", &names), Some(4));
        assert_eq!(eval("max(influence - total, 0)", &names), Some(0));
        assert_eq!(eval("total - 2 * influence", &names), Some(1));
        assert_eq!(eval("(total - 2) * influence", &names), Some(15));
        assert_eq!(eval("abs(influence - total)", &names), Some(4));
        assert_eq!(eval("min(total, 4) + 1", &names), Some(5));
        assert_eq!(eval("-influence + -1", &names), Some(-4));
        assert_eq!(eval("total", &names), Some(7));
        assert_eq!(eval("ghost + 1", &names), None, "a name without a value");
    }

    #[test]
    fn division_rounds_down_and_zero_is_caught() {
        let names = [("total", 7), ("zero", 0), ("minus", -7)];
        assert_eq!(eval("total / 2", &names), Some(3));
        assert_eq!(
            eval("minus / 2", &names),
            Some(-4),
            "rounded down, not toward 0"
        );
        assert_eq!(eval("total / -2", &names), Some(-4));
        assert_eq!(eval("minus / -2", &names), Some(3));
        assert_eq!(eval("6 / 3", &names), Some(2));
        assert_eq!(
            eval("total - total / 2 * 2", &names),
            Some(1),
            "/ binds as * does"
        );
        let e = Expr::parse("total / zero").unwrap();
        let get = |n: &str| names.iter().find(|(k, _)| *k == n).map(|(_, v)| *v);
        assert_eq!(e.count(&get), Err(Stop::DivideByZero));
        let min = Expr::parse("low / -1").unwrap();
        assert_eq!(min.count(&|_| Some(i64::MIN)), Err(Stop::Overflow));
        assert!(Expr::parse("total / 0").unwrap().divides_by_written_zero());
        assert!(
            Expr::parse("max(total / (2 - 2), 1)")
                .unwrap()
                .divides_by_written_zero()
        );
        assert!(
            !Expr::parse("total / zero")
                .unwrap()
                .divides_by_written_zero()
        );
        assert!(!Expr::parse("total / 2").unwrap().divides_by_written_zero());
    }

    #[test]
    fn arithmetic_is_checked() {
        let big = [("total", i64::MAX)];
        assert_eq!(eval("total + 1", &big), None);
        assert_eq!(eval("total * 2", &big), None);
        assert_eq!(eval("-total - 2", &big), None);
        assert_eq!(eval("abs(0 - total - 1)", &big), None);
    }

    #[test]
    fn what_does_not_read_is_named() {
        let err = |t: &str| Expr::parse(t).unwrap_err();
        assert!(
            err("total % 2").contains("'%' is not part"),
            "{}",
            err("total % 2")
        );
        assert!(err("max(total)").contains("max takes 2"));
        assert!(err("floor(total)").contains("not a function"));
        assert!(err("(total").contains("not closed"));
        assert!(err("total total").contains("should end"));
        assert!(err("").contains("empty"));
        assert!(err("99999999999999999999").contains("too large"));
        let deep = format!("{}1{}", "(".repeat(50), ")".repeat(50));
        assert!(err(&deep).contains("deeper"));
        let negs = format!("{}1", "-".repeat(150));
        assert!(err(&negs).contains("deeper"));
        assert!(err(&"1+".repeat(150)).contains("longer"));
    }

    #[test]
    fn names_and_placeholders_are_found() {
        let e = Expr::parse("max(total - influence, total)").unwrap();
        assert_eq!(e.names(), vec!["total", "influence"]);
        assert!(Expr::parse("total").unwrap().is_name());
        let p: Vec<&str> = placeholders("Remove {max(total, 0)} of {region}; {").collect();
        assert_eq!(p, vec!["max(total, 0)", "region"]);
    }
}
