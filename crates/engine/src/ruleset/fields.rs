//! Validators of fields several tables share: result categories, rounding and
//! tiebreaker lists.

use super::schema::Tiebreaker;
use crate::exact::Rounding;
use crate::model::Category;

use super::error::RulesetError;
use super::locate::Locator;

pub(super) fn tiebreaker_list(
    at: &Locator,
    key: &str,
    ids: &[String],
) -> Result<Vec<Tiebreaker>, RulesetError> {
    let mut list = Vec::with_capacity(ids.len());
    for id in ids {
        let tiebreaker = Tiebreaker::from_id(id).ok_or_else(|| {
            let known: Vec<&str> = Tiebreaker::ALL.iter().map(|t| t.id()).collect();
            at.error(
                "standings",
                key,
                format!("unknown tiebreaker '{id}'; use one of {}", known.join(", ")),
            )
        })?;
        if list.contains(&tiebreaker) {
            return Err(at.error("standings", key, format!("'{id}' is listed twice")));
        }
        list.push(tiebreaker);
    }
    Ok(list)
}

pub(super) fn categories(
    at: &Locator,
    table: &str,
    key: &str,
    names: &[String],
) -> Result<Vec<Category>, RulesetError> {
    names
        .iter()
        .map(|name| {
            Category::ALL
                .into_iter()
                .find(|c| c.as_str() == name)
                .ok_or_else(|| {
                    at.error(
                        table,
                        key,
                        format!("unknown result category '{name}'; use played, bye, default-win or default-loss"),
                    )
                })
        })
        .collect()
}

pub(super) fn rounding(
    at: &Locator,
    table: &str,
    key: &str,
    mode: &str,
    decimals: u32,
) -> Result<Rounding, RulesetError> {
    if decimals > 6 {
        return Err(at.error(table, key, "at most 6 decimals"));
    }
    match mode {
        "none" => Ok(Rounding::None),
        "truncate" => Ok(Rounding::Truncate { decimals }),
        "half-up" => Ok(Rounding::HalfUp { decimals }),
        _ => Err(at.error(table, key, "use \"none\", \"truncate\" or \"half-up\"")),
    }
}
