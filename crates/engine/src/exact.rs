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

    /// `numerator / denominator` from exact integers, reduced.
    pub fn from_parts(numerator: i128, denominator: i128) -> Result<Self, ArithmeticError> {
        if denominator == 0 {
            return Err(ArithmeticError);
        }
        Ok(Exact(Ratio::new(numerator, denominator)))
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
        let (a, b) = (*self.0.numer(), *self.0.denom());
        let (c, d) = (*other.0.numer(), *other.0.denom());
        // Fast path: equal denominators (integers, or sums of same-scale percentages).
        if b == d {
            let numerator = a.checked_add(c).ok_or(ArithmeticError)?;
            return Ok(Exact(if b == 1 {
                Ratio::new_raw(numerator, 1)
            } else {
                Ratio::new(numerator, b)
            }));
        }
        self.0
            .checked_add(&other.0)
            .map(Exact)
            .ok_or(ArithmeticError)
    }

    pub fn checked_sub(self, other: Exact) -> Result<Exact, ArithmeticError> {
        let (a, b) = (*self.0.numer(), *self.0.denom());
        let (c, d) = (*other.0.numer(), *other.0.denom());
        // Fast path as in `checked_add`: integers need no common denominator nor reducing.
        if b == 1 && d == 1 {
            let numerator = a.checked_sub(c).ok_or(ArithmeticError)?;
            return Ok(Exact(Ratio::new_raw(numerator, 1)));
        }
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

    pub fn max(self, other: Exact) -> Exact {
        if other > self { other } else { self }
    }

    /// Applies a seed's rounding rule. Values here are never negative.
    pub fn round(self, rounding: Rounding) -> Exact {
        let (n, d) = (self.numerator(), self.denominator());
        let rounded = |decimals: u32, half_up: bool| -> Option<Exact> {
            let scale = 10i128.pow(decimals);
            let scaled = n.checked_mul(scale)?;
            let quotient = if half_up {
                scaled
                    .checked_mul(2)?
                    .checked_add(d)?
                    .div_euclid(d.checked_mul(2)?)
            } else {
                scaled.div_euclid(d)
            };
            Some(Exact(Ratio::new(quotient, scale)))
        };
        match rounding {
            Rounding::None => self,
            Rounding::Truncate { decimals } => rounded(decimals, false).unwrap_or(self),
            Rounding::HalfUp { decimals } => rounded(decimals, true).unwrap_or(self),
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

/// Stored as `[numerator, denominator]` in lowest terms (snapshots of the event state).
impl serde::Serialize for Exact {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (*self.0.numer(), *self.0.denom()).serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Exact {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (numerator, denominator) = <(i128, i128)>::deserialize(deserializer)?;
        if denominator == 0 {
            return Err(serde::de::Error::custom("a zero denominator"));
        }
        Ok(Exact(Ratio::new(numerator, denominator)))
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Exact {
    /// Cross-multiplication (denominators are positive); `Ratio`'s own comparison
    /// divides repeatedly and dominated the standings profile.
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (self.numerator(), self.denominator());
        let (c, d) = (other.numerator(), other.denominator());
        if b == d {
            return a.cmp(&c);
        }
        match (a.checked_mul(d), c.checked_mul(b)) {
            (Some(left), Some(right)) => left.cmp(&right),
            _ => self.0.cmp(&other.0),
        }
    }
}

/// Reduced fraction text, e.g. `"2/3"`, or `"5"` for an integer.
impl From<Exact> for tablekeeper_words::Param {
    fn from(value: Exact) -> Self {
        tablekeeper_words::Param::plain(value.to_string())
    }
}

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

/// Values rewritten over one common denominator, so that sums and averages of many of
/// them are plain integer additions (one reduction per result instead of one per term).
pub struct CommonScale {
    pub denominator: i128,
    pub numerators: Vec<i128>,
}

impl CommonScale {
    pub fn new(values: &[Exact]) -> Result<CommonScale, ArithmeticError> {
        let mut denominators: Vec<i128> = values.iter().map(|v| v.denominator()).collect();
        denominators.sort_unstable();
        denominators.dedup();
        let mut common: i128 = 1;
        for d in &denominators {
            let gcd = num_integer_gcd(common, *d);
            common = (common / gcd).checked_mul(*d).ok_or(ArithmeticError)?;
        }
        let factors: Vec<i128> = denominators.iter().map(|d| common / d).collect();
        let numerators = values
            .iter()
            .map(|v| {
                let index = denominators
                    .binary_search(&v.denominator())
                    .map_err(|_| ArithmeticError)?;
                v.numerator()
                    .checked_mul(factors[index])
                    .ok_or(ArithmeticError)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(CommonScale {
            denominator: common,
            numerators,
        })
    }

    /// The mean of the values at `indices`, or `None` for none.
    pub fn mean(&self, indices: &[usize]) -> Result<Option<Exact>, ArithmeticError> {
        if indices.is_empty() {
            return Ok(None);
        }
        let mut sum: i128 = 0;
        for index in indices {
            let value = self.numerators.get(*index).ok_or(ArithmeticError)?;
            sum = sum.checked_add(*value).ok_or(ArithmeticError)?;
        }
        let count = i128::try_from(indices.len()).map_err(|_| ArithmeticError)?;
        let denominator = self.denominator.checked_mul(count).ok_or(ArithmeticError)?;
        Exact::from_parts(sum, denominator).map(Some)
    }
}

fn num_integer_gcd(mut a: i128, mut b: i128) -> i128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs().max(1)
}
