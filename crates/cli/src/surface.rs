//! Which commands of the surface (`tablekeeper_commands::desk::surface::COMMANDS`) the CLI
//! runs, read from its own code rather than kept as a list: a command is the CLI's when one
//! of its files calls the desk's method of that name (`.add_players(`) or names it to a main
//! laptop (`"record_result"`), or when `serve` answers it to phones (its access is
//! `public`). The tests below fail when the surface grows a command the CLI neither runs nor
//! lists here as the app's alone, with the reason.

/// Surface commands only the app has, and why the CLI needs none.
pub const APP_ONLY: &[(&str, &str)] = &[
    (
        "printers",
        "the app's Settings lists the print service's printers to choose the round's; on the command line lpstat lists them",
    ),
    (
        "print_round",
        "the app's Round screen sends the round's sheets to the printer chosen in Settings; the CLI's print writes each sheet, and lp prints it",
    ),
    (
        "pair_bracket_round",
        "the app's Cut screen pairs the bracket's next round; the CLI's pair does it through pair_round once the cut has started",
    ),
    (
        "room_settings",
        "the app's Share screen shows the room's settings; the CLI's serve sets them from its flags",
    ),
    (
        "reports",
        "the app's Share screen (or a station joined to serve) lists the players' reports; the CLI enters a table's result with result",
    ),
    (
        "confirm_report",
        "the app's Share screen (or a station joined to serve) confirms two reports; the CLI enters a table's result with result",
    ),
    (
        "player_tickets",
        "the app's Registration screen lists every ticket; the CLI prints them all with print FILE tickets",
    ),
    (
        "library_info",
        "the app's library panel says which library is open and how many players it has; the CLI's library list lists them",
    ),
    (
        "explain",
        "the window asks for a paired round's explanation apart; the CLI's pairings --explain carries it in the pairings' answer",
    ),
    (
        "set_exchange_folder",
        "the app's Settings folder it imports new bundles from as they appear; the CLI names the folder in each export and import",
    ),
    (
        "attention",
        "the window's attention bar on every screen; the CLI's status, door and judge commands show the same things",
    ),
    (
        "open_events",
        "the window's switcher between events open at once; every CLI command opens the one file it is given",
    ),
    (
        "switch_event",
        "the window's switcher between events open at once; every CLI command opens the one file it is given",
    ),
    (
        "publish_season",
        "the season on the players' page is published from the app's Prizes screen while it shares its event; the CLI's serve shows the event alone",
    ),
    (
        "replica",
        "a joined station's replica asks the main laptop for what its copy lacks; the CLI joins no station",
    ),
    (
        "replicas",
        "the Share screen shows how far each station's replica is; the CLI's serve shares the event alone",
    ),
    (
        "let_station_go",
        "the Share screen lets a station that stopped answering go while the app shares its event; the CLI's serve forgets its stations when it is started again (docs/lan.md)",
    ),
    (
        "set_mirror",
        "the app's Settings chooses the folder every event it opens is mirrored into; the CLI's --mirror mirrors the event each run opens (Desk::mirror_for_host)",
    ),
    (
        "mirror",
        "the Settings screen shows how far the mirror is; a CLI run with --mirror ends only once its change is on the stick",
    ),
    (
        "ratings_picture",
        "the app shows the ratings' picture on screen; the CLI writes the same drawing with ratings --svg",
    ),
    (
        "deck_parts",
        "the app's deck boxes offer the parts used before as the scorekeeper types; the CLI's deck command takes them as typed",
    ),
    (
        "publish_ratings",
        "ratings reach the players' phones from the app's Prizes screen while it shares its event; the CLI's ratings command shows them all at the counter",
    ),
    (
        "read_slip",
        "a barcode scanner types a slip's code into the app's Results box; the CLI takes the table number",
    ),
    (
        "take_notices",
        "the window shows notices after each command; the CLI prints them with its output",
    ),
    (
        "app_info",
        "the start screen's state; the CLI shows its version with --version",
    ),
    (
        "set_preferences",
        "the app's defaults for new events; the CLI takes --ruleset and --title",
    ),
    (
        "open_event",
        "every CLI command opens the event file it is given",
    ),
    (
        "printout",
        "a second station's printing (the PDF from the main laptop); the CLI prints with print -o",
    ),
    (
        "set_clock",
        "the round clock is the app's timer; the CLI has none to share",
    ),
    (
        "close_event",
        "every CLI command closes its event file when done",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use tablekeeper_commands::desk::surface::{Access, COMMANDS};

    /// Every production file of the CLI, as text.
    fn cli_sources() -> String {
        let mut text = String::new();
        let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder)
                .expect("the CLI's sources")
                .flatten()
            {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs")
                    && !path.ends_with("surface.rs")
                {
                    let file = std::fs::read_to_string(&path).expect("a source file");
                    // Tests aside: a command a test calls is not one the CLI runs.
                    text.push_str(file.split("#[cfg(test)]").next().unwrap_or_default());
                }
            }
        }
        text
    }

    /// Whether the CLI runs `name`: its method called, or its name sent to a main laptop.
    fn runs(sources: &str, name: &str) -> bool {
        sources.contains(&format!(".{name}(")) || sources.contains(&format!("\"{name}\""))
    }

    #[test]
    fn every_command_of_the_surface_is_reachable_from_the_cli_or_the_apps_alone() {
        let sources = cli_sources();
        for command in COMMANDS {
            let from_cli = runs(&sources, command.name) || command.access == Access::Public;
            let app_only = APP_ONLY.iter().any(|(name, _)| *name == command.name);
            assert!(
                from_cli != app_only,
                "`{}` must be run by a CLI subcommand or listed as the app's alone (not both)",
                command.name
            );
        }
        for (name, _) in APP_ONLY {
            assert!(
                COMMANDS.iter().any(|c| c.name == *name),
                "`{name}` is listed as the app's but the surface does not declare it"
            );
        }
    }

    #[test]
    fn a_command_the_cli_does_not_run_is_found() {
        let sources = ".add_players(request)\nstation.call(\"record_result\", &body)";
        assert!(runs(sources, "add_players"));
        assert!(runs(sources, "record_result"));
        assert!(!runs(sources, "add_team"));
        assert!(!runs(sources, "players"), "a name inside another is not it");
    }
}
