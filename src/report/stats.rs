//! The chi-square test of a die's faces: the statistic, and its p-value from the regularized
//! upper incomplete gamma function Q(a, x) (series below a + 1, a continued fraction above, as
//! in Numerical Recipes §6.2), with ln Γ from Lanczos' approximation (g = 7, nine terms).
//!
//! `ln`, `exp` and `sin` come from the pure-Rust `libm` crate rather than `f64`'s methods, which
//! call the C maths library: with them the binary would load `libm.so` on every start-up
//! (bench/README.md, "Start-up"), for a test that only `report` runs.

use libm::{exp, log as ln, sin};

/// Coefficients of Lanczos' approximation, g = 7.
const LANCZOS: [f64; 9] = [
    0.999_999_999_999_809_9,
    676.520_368_121_885_1,
    -1_259.139_216_722_402_8,
    771.323_428_777_653_1,
    -176.615_029_162_140_6,
    12.507_343_278_686_905,
    -0.138_571_095_265_720_12,
    9.984_369_578_019_572e-6,
    1.505_632_735_149_311_6e-7,
];

/// ln Γ(x) for x > 0.
pub(crate) fn ln_gamma(x: f64) -> f64 {
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 - x) = π / sin(πx).
        let pi = std::f64::consts::PI;
        return ln(pi / sin(pi * x)) - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let mut sum = LANCZOS[0];
    for (i, c) in LANCZOS.iter().enumerate().skip(1) {
        sum += c / (x + i as f64);
    }
    0.5 * ln(2.0 * std::f64::consts::PI) + (x + 0.5) * ln(t) - t + ln(sum)
}

const EPS: f64 = 1e-15;
const MAX_ITER: usize = 10_000;

/// Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function, for a > 0 and
/// x ≥ 0; `None` outside.
pub(crate) fn gamma_q(a: f64, x: f64) -> Option<f64> {
    if a.is_nan() || x.is_nan() || a <= 0.0 || x < 0.0 || a.is_infinite() {
        return None;
    }
    if x.is_infinite() {
        return Some(0.0);
    }
    if x == 0.0 {
        return Some(1.0);
    }
    let q = if x < a + 1.0 {
        1.0 - series_p(a, x)
    } else {
        fraction_q(a, x)
    };
    Some(q.clamp(0.0, 1.0))
}

/// P(a, x) by its series: e^-x x^a / Γ(a + 1) · Σ x^n / ((a + 1)…(a + n)).
fn series_p(a: f64, x: f64) -> f64 {
    let mut term = 1.0 / a;
    let mut sum = term;
    let mut ap = a;
    for _ in 0..MAX_ITER {
        ap += 1.0;
        term *= x / ap;
        sum += term;
        if term.abs() < sum.abs() * EPS {
            break;
        }
    }
    sum * exp(-x + a * ln(x) - ln_gamma(a))
}

/// Q(a, x) by its continued fraction, evaluated with Lentz's method (the recurrence's names).
#[allow(clippy::many_single_char_names)]
fn fraction_q(a: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..=MAX_ITER {
        let an = -(i as f64) * (i as f64 - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < TINY {
            d = TINY;
        }
        c = b + an / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < EPS {
            break;
        }
    }
    exp(-x + a * ln(x) - ln_gamma(a)) * h
}

/// The chance that a chi-square variable of `df` degrees of freedom is at least `stat`.
pub(crate) fn chi_square_p(stat: f64, df: u32) -> Option<f64> {
    gamma_q(f64::from(df) / 2.0, stat / 2.0)
}

/// Pearson's statistic for `observed` counts against `expected` ones (each above zero).
pub(crate) fn chi_square(observed: &[u64], expected: &[f64]) -> f64 {
    observed
        .iter()
        .zip(expected)
        .filter(|(_, e)| **e > 0.0)
        .map(|(o, e)| {
            let d = *o as f64 - e;
            d * d / e
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol * b.abs().max(1e-300)
    }

    #[test]
    fn ln_gamma_of_known_values() {
        assert!(ln_gamma(1.0).abs() < 1e-14);
        assert!(ln_gamma(2.0).abs() < 1e-14);
        // Γ(5) = 24, Γ(0.5) = √π, Γ(10.5) = 1133278.3889487855…
        assert!(close(ln_gamma(5.0), 24f64.ln(), 1e-14));
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-13
        ));
        assert!(close(
            ln_gamma(10.5),
            1_133_278.388_948_785_5_f64.ln(),
            1e-13
        ));
        assert!(close(ln_gamma(100.0), 359.134_205_369_575_4, 1e-13));
    }

    #[test]
    fn q_matches_its_closed_forms() {
        // Q(1, x) = e^-x; Q(n, x) = e^-x Σ_{k<n} x^k / k!; Q(1/2, x) = erfc(√x).
        for x in [0.01, 0.5, 1.0, 2.0, 7.5, 30.0] {
            assert!(close(gamma_q(1.0, x).unwrap(), (-x).exp(), 1e-12), "{x}");
            let q3 = (-x).exp() * (1.0 + x + x * x / 2.0);
            assert!(close(gamma_q(3.0, x).unwrap(), q3, 1e-12), "{x}");
        }
        // erfc(1) = 0.15729920705028513, erfc(√0.5)= 0.31731050786291415 (χ² of 1 df at 1).
        assert!(close(
            gamma_q(0.5, 1.0).unwrap(),
            0.157_299_207_050_285_13,
            1e-12
        ));
        assert!(close(
            chi_square_p(1.0, 1).unwrap(),
            0.317_310_507_862_914_15,
            1e-12
        ));
        assert_eq!(gamma_q(2.0, 0.0), Some(1.0));
        assert_eq!(gamma_q(0.0, 1.0), None);
        assert_eq!(gamma_q(1.0, -1.0), None);
        assert_eq!(gamma_q(1.0, f64::NAN), None);
    }

    #[test]
    fn p_values_match_the_printed_critical_values() {
        // The tables' 5% and 1% points: (statistic, degrees of freedom, p).
        for (stat, df, p) in [
            (3.841_458_820_694_124, 1, 0.05),
            (6.634_896_601_021_214, 1, 0.01),
            (11.070_497_693_516_35, 5, 0.05),
            (15.086_272_469_388_99, 5, 0.01),
            (16.918_977_604_620_45, 9, 0.05),
            (21.665_994_333_461_92, 9, 0.01),
            (18.307_038_053_275_15, 10, 0.05),
            (124.342_113_404_004_07, 100, 0.05),
        ] {
            let got = chi_square_p(stat, df).unwrap();
            assert!(close(got, p, 1e-9), "χ²={stat} df={df}: {got} ≠ {p}");
        }
        // A tiny p-value stays accurate far in the tail (df 2: Q = e^-x/2).
        assert!(close(
            chi_square_p(100.0, 2).unwrap(),
            (-50f64).exp(),
            1e-10
        ));
    }

    #[test]
    fn the_statistic_of_a_fair_and_a_loaded_die() {
        let expected = [10.0; 6];
        assert!(chi_square(&[10; 6], &expected).abs() < 1e-12);
        assert!(close(
            chi_square(&[20, 8, 8, 8, 8, 8], &expected),
            12.0,
            1e-12
        ));
    }
}
