//! `exchange`: shops exchanging by folder (docs/exchange.md) as the surface's typed
//! requests, and their text.

use std::fmt::Write;
use std::path::PathBuf;

use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::exchange::{
    ConfirmMatchRequest, ExchangeFolderRequest, ShopNameRequest, TrustShopRequest,
};
use tablekeeper_commands::views::exchange::{ExchangeView, ShopView};

use crate::args::ExchangeStep;
use crate::host::Host;
use crate::output::Output;
use crate::render::say;

pub fn exchange(
    host: &mut Host,
    library: Option<PathBuf>,
    step: ExchangeStep,
) -> Result<Output, CommandError> {
    let desk = host.plain();
    crate::library::choose(desk, library, crate::library::Named::MayCreate)?;
    match step {
        ExchangeStep::Status => {
            let view = desk.exchange_info(())?;
            Output::new(status_text(&view), &view)
        }
        ExchangeStep::Name { name } => {
            let view = desk.set_shop_name(ShopNameRequest { name })?;
            Output::new(status_text(&view), &view)
        }
        ExchangeStep::Export { to } => {
            let view = desk.exchange_export(ExchangeFolderRequest { folder: Some(to) })?;
            let mut text = match &view.written {
                Some(path) => format!(
                    "{} events and {} library changes written to {}\n",
                    view.events,
                    view.changes,
                    path.display()
                ),
                None => "nothing new to send\n".to_string(),
            };
            if view.not_over > 0 {
                let _ = writeln!(text, "{} events are not over yet and wait", view.not_over);
            }
            if view.missing > 0 {
                let _ = writeln!(
                    text,
                    "{} events' files are not where the library saw them",
                    view.missing
                );
            }
            Output::new(text, &view)
        }
        ExchangeStep::Import { dir } => {
            let view = desk.exchange_import(ExchangeFolderRequest { folder: Some(dir) })?;
            let mut text = String::new();
            for bundle in &view.bundles {
                let _ = writeln!(text, "{}", say(&bundle.said));
            }
            for conflict in &view.conflicts {
                let _ = writeln!(text, "conflict: {}", say(conflict));
            }
            let _ = writeln!(
                text,
                "{} events and {} library changes taken; the library has {} players",
                view.events, view.changes, view.players
            );
            Output::new(text, &view)
        }
        ExchangeStep::Trust { fingerprint } => {
            let shop = desk.trust_shop(TrustShopRequest { fingerprint })?;
            Output::new(format!("trusted: {}\n", shop_text(&shop)), &shop)
        }
        ExchangeStep::Unmatched => {
            let list = desk.exchange_unmatched(())?;
            let mut text = String::new();
            for player in &list {
                let _ = writeln!(
                    text,
                    "{}  {} ({})  player {}: {}{}  may be: {}",
                    player.event,
                    player.event_name,
                    player.date,
                    player.player,
                    player.person.name,
                    player
                        .person
                        .reading
                        .as_deref()
                        .map(|r| format!(" [{r}]"))
                        .unwrap_or_default(),
                    if player.suggestions.is_empty() {
                        "no one in the library".to_string()
                    } else {
                        player
                            .suggestions
                            .iter()
                            .map(|s| format!("{} ({})", s.person.name, s.number))
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                );
            }
            if list.is_empty() {
                text.push_str("every shared event's player is matched\n");
            }
            Output::new(text, &list)
        }
        ExchangeStep::Confirm {
            event,
            player,
            number,
            new,
        } => {
            let matched = desk.exchange_confirm(ConfirmMatchRequest {
                event,
                player,
                number: if new { None } else { number },
            })?;
            Output::new(
                format!(
                    "matched: {} (library number {})\n",
                    matched.details.person.name, matched.number
                ),
                &matched,
            )
        }
    }
}

fn shop_text(shop: &ShopView) -> String {
    if shop.name.is_empty() {
        shop.fingerprint.clone()
    } else {
        format!("{} ({})", shop.name, shop.fingerprint)
    }
}

fn status_text(view: &ExchangeView) -> String {
    let mut text = format!("this shop: {}\n", shop_text(&view.shop));
    if let Some(folder) = &view.folder {
        let _ = writeln!(text, "exchange folder: {}", folder.display());
    }
    for shop in &view.trusted {
        let _ = writeln!(text, "trusted: {}", shop_text(shop));
    }
    for shop in &view.waiting {
        let _ = writeln!(
            text,
            "waiting to be trusted: {} (tablekeeper exchange trust {})",
            shop_text(shop),
            shop.fingerprint
        );
    }
    let _ = writeln!(
        text,
        "{} shared events; {} players to match by hand",
        view.shared_events, view.unmatched
    );
    for conflict in &view.conflicts {
        let _ = writeln!(text, "conflict: {}", say(conflict));
    }
    text
}
