//! Exact arithmetic for points and tiebreakers.
//!
//! Every percentage in the seeds is a ratio of small integers, so the engine keeps them as
//! exact rationals and rounds only where a seed says so (RULESETS.md "Arithmetic").
//! Denominators stay bounded because the number of rounds is capped
//! (`MAX_ROUNDS`): `lcm(1..=30)³ · 3` still fits in an `i128`. All operations are checked,
//! so an impossible overflow surfaces as an error instead of a wrong number.

use std::cmp::Ordering;
use std::fmt;

use num_rational::Ratio;
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub};

/// The largest number of rounds the engine accepts in one stage; keeps every
/// denominator inside `i128` (see the module docs).
pub const MAX_ROUNDS: u32 = 30;

/// An exact non-floating value: points, percentages, averages.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Exact(Ratio<i128>);

/// Arithmetic left the exact range (cannot happen within [`MAX_ROUNDS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("exact arithmetic overflowed or divided by zero")]
pub struct ArithmeticError;

/// How a seed asks a value to be rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// Keep the exact value.
    None,
    /// Cut off after `decimals` places (Bushiroad 「小数第3位を切り捨て」).
    Truncate { decimals: u32 },
    /// Round half up at `decimals` places (Bushi Navi 「小数第4位を四捨五入」).
    HalfUp { decimals: u32 },
}

impl Exact {
    pub const ZERO: Exact = Exact(Ratio::new_raw(0, 1));

    pub fn integer(value: i64) -> Self {
        Exact(Ratio::from_integer(i128::from(value)))
    }

    /// `numerator / denominator`; fails on a zero denominator.
    pub fn ratio(numerator: i64, denominator: i64) -> Result<Self, ArithmeticError> {
        if denominator == 0 {
            return Err(ArithmeticError);
        }
        Ok(Exact(Ratio::new(
            i128::from(numerator),
            i128::from(denominator),
        )))
    }

    /// Parses "0.33", "1", "2/3" or "-1/4".
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        if let Some((n, d)) = text.split_once('/') {
            let n: i128 = n.trim().parse().ok()?;
            let d: i128 = d.trim().parse().ok()?;
            if d == 0 {
                return None;
            }
            return Some(Exact(Ratio::new(n, d)));
        }
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (int_part, frac_part) = body.split_once('.').unwrap_or((body, ""));
        if int_part.is_empty() && frac_part.is_empty() {
            return None;
        }
        if !int_part.chars().all(|c| c.is_ascii_digit())
            || !frac_part.chars().all(|c| c.is_ascii_digit())
            || frac_part.len() > 12
        {
            return None;
        }
        let scale = 10i128.pow(u32::try_from(frac_part.len()).ok()?);
        let int_value: i128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().ok()?
        };
        let frac_value: i128 = if frac_part.is_empty() {
            0
        } else {
            frac_part.parse().ok()?
        };
        let numerator = int_value.checked_mul(scale)?.checked_add(frac_value)?;
        let value = Ratio::new(if negative { -numerator } else { numerator }, scale);
        Some(Exact(value))
    }

    pub fn checked_add(self, other: Exact) -> Result<Exact, ArithmeticError> {
        self.0
            .checked_add(&other.0)
            .map(Exact)
            .ok_or(ArithmeticError)
    }

    pub fn checked_sub(self, other: Exact) -> Result<Exact, ArithmeticError> {
        self.0
            .checked_sub(&other.0)
            .map(Exact)
            .ok_or(ArithmeticError)
    }

    pub fn checked_mul(self, other: Exact) -> Result<Exact, ArithmeticError> {
        self.0
            .checked_mul(&other.0)
            .map(Exact)
            .ok_or(ArithmeticError)
    }

    pub fn checked_div(self, other: Exact) -> Result<Exact, ArithmeticError> {
        if other.0 == Ratio::from_integer(0) {
            return Err(ArithmeticError);
        }
        self.0
            .checked_div(&other.0)
            .map(Exact)
            .ok_or(ArithmeticError)
    }

    /// The mean of `values`, or `None` for an empty list.
    pub fn mean(values: &[Exact]) -> Result<Option<Exact>, ArithmeticError> {
        if values.is_empty() {
            return Ok(None);
        }
        let mut sum = Exact::ZERO;
        for value in values {
            sum = sum.checked_add(*value)?;
        }
        let count = i64::try_from(values.len()).map_err(|_| ArithmeticError)?;
        sum.checked_div(Exact::integer(count)).map(Some)
    }

    pub fn max(self, other: Exact) -> Exact {
        if other > self { other } else { self }
    }

    /// Applies a seed's rounding rule. Values here are never negative.
    pub fn round(self, rounding: Rounding) -> Exact {
        match rounding {
            Rounding::None => self,
            Rounding::Truncate { decimals } => {
                let scale = 10i128.pow(decimals);
                let scaled = (self.0 * Ratio::from_integer(scale)).floor();
                Exact(scaled / Ratio::from_integer(scale))
            }
            Rounding::HalfUp { decimals } => {
                let scale = 10i128.pow(decimals);
                let half = Ratio::new(1, 2);
                let scaled = (self.0 * Ratio::from_integer(scale) + half).floor();
                Exact(scaled / Ratio::from_integer(scale))
            }
        }
    }

    /// Decimal text with exactly `decimals` places, truncated (display only: the
    /// comparison always uses the exact value).
    pub fn to_decimal(self, decimals: u32) -> String {
        let scale = 10i128.pow(decimals);
        let negative = self.0 < Ratio::from_integer(0);
        let magnitude = if negative { -self.0 } else { self.0 };
        let scaled = (magnitude * Ratio::from_integer(scale))
            .floor()
            .to_integer();
        let int_part = scaled / scale;
        let frac_part = scaled % scale;
        let sign = if negative { "-" } else { "" };
        if decimals == 0 {
            format!("{sign}{int_part}")
        } else {
            format!(
                "{sign}{int_part}.{frac_part:0width$}",
                width = decimals as usize
            )
        }
    }

    pub fn numerator(self) -> i128 {
        *self.0.numer()
    }

    pub fn denominator(self) -> i128 {
        *self.0.denom()
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Exact {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp(&other.0)
    }
}

/// Reduced fraction text, e.g. `"2/3"`, or `"5"` for an integer.
impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self.0.denom() == 1 {
            write!(f, "{}", self.0.numer())
        } else {
            write!(f, "{}/{}", self.0.numer(), self.0.denom())
        }
    }
}

impl fmt::Debug for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Exact({self})")
    }
}
