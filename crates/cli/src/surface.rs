//! Which command of the surface (`tablekeeper_commands::desk::surface::COMMANDS`) each
//! subcommand runs, checked by the tests below against the declaration: every command of
//! the surface is reachable from the CLI or named here as the app's alone, with the reason.

/// Subcommand → the surface commands it runs. Subcommands with none are the CLI's own
/// (developer tools with no place in the scorekeeper's window).
pub const SUBCOMMANDS: &[(&str, &[&str])] = &[
    ("create", &["create_event"]),
    ("status", &["summary"]),
    ("add-player", &["add_players"]),
    ("add-team", &["add_team"]),
    ("edit-player", &["edit_player"]),
    ("import-players", &["import_players", "import_preview"]),
    ("players", &["players"]),
    ("set-rounds", &["set_rounds"]),
    ("pair", &["pair_round", "pair_bracket_round"]),
    ("cut", &["start_cut"]),
    ("print", &["print", "player_tickets"]),
    ("bracket", &["bracket"]),
    ("swap", &["swap"]),
    ("give-bye", &["give_bye"]),
    ("repair", &["repair_round"]),
    ("enter-pairing", &["enter_pairing"]),
    ("results", &["record_results"]),
    ("pairings", &["pairings", "explain"]),
    ("result", &["record_result", "preview_result"]),
    ("penalty", &["penalty"]),
    ("tardy", &["tardiness"]),
    ("penalties", &["penalties"]),
    ("deck", &["set_deck"]),
    ("backups", &["backups"]),
    ("restore", &["restore_backup"]),
    ("save-copy", &["save_copy"]),
    ("undo", &["undo"]),
    ("redo", &["redo"]),
    ("history", &["history"]),
    ("back-to-round", &["back_to_round"]),
    ("fixed-table", &["set_fixed_table"]),
    ("drop", &["drop_player"]),
    ("standings", &["standings"]),
    ("breakdown", &["breakdown"]),
    ("projection", &["projection"]),
    ("prizes", &["prizes", "set_prizes", "draw_raffle"]),
    ("season", &["season", "print_season", "export_season"]),
    ("ratings", &["ratings", "print_ratings"]),
    ("meta", &["meta", "print_meta"]),
    ("export", &["export", "archive", "report"]),
    ("import-archive", &["import_archive"]),
    (
        "serve",
        &[
            "room",
            "whereabouts",
            "report_result",
            "set_room",
            "room_settings",
            "reports",
            "confirm_report",
            "player_by_code",
            "door",
            "enter",
            "me",
            "check_in_by_code",
            "withdraw_by_code",
            "request_drop",
            "call_judge",
        ],
    ),
    (
        "door",
        &[
            "door_view",
            "set_door",
            "desk_enter",
            "decide_entry",
            "withdraw_entry",
            "check_in",
            "draw_lottery",
            "decide_drop_request",
        ],
    ),
    (
        "judge",
        &[
            "judge_calls",
            "desk_call_judge",
            "claim_call",
            "resolve_call",
        ],
    ),
    (
        "library",
        &[
            "library_info",
            "open_library",
            "library_players",
            "library_find",
            "library_add",
            "library_edit",
            "library_duplicates",
            "library_merge",
            "library_remove",
            "library_export",
            "library_import",
            "library_history",
            "library_events",
        ],
    ),
    ("register", &["register_from_library", "open_library"]),
    (
        "exchange",
        &[
            "exchange_info",
            "set_shop_name",
            "exchange_export",
            "exchange_import",
            "trust_shop",
            "exchange_unmatched",
            "exchange_confirm",
        ],
    ),
    ("table-range", &["set_table_range"]),
    (
        "deck-check",
        &["deck_check", "deck_check_extension", "deck_checks"],
    ),
    ("codes", &["table_codes"]),
    ("ticket", &["player_ticket", "reissue_player_code"]),
    ("station", &["record_result"]),
    ("rulesets", &["catalogue"]),
    ("titles", &["catalogue"]),
    // The CLI's own: the seeds' worked examples (a developer check) and a demo event.
    ("verify-rules", &[]),
    ("demo", &[]),
];

/// Surface commands only the app has, and why the CLI needs none.
pub const APP_ONLY: &[(&str, &str)] = &[
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
        "set_mirror",
        "the app remembers its mirror folder for every event it opens; each CLI command takes --mirror FOLDER for its own run",
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
    use clap::CommandFactory;
    use tablekeeper_commands::desk::surface::COMMANDS;

    #[test]
    fn every_subcommand_is_declared_with_commands_of_the_surface() {
        let cli = crate::args::Cli::command();
        for subcommand in cli.get_subcommands() {
            let name = subcommand.get_name();
            if name == "help" {
                continue;
            }
            assert!(
                SUBCOMMANDS.iter().any(|(n, _)| *n == name),
                "`{name}` is missing from cli/src/surface.rs"
            );
        }
        for (name, runs) in SUBCOMMANDS {
            assert!(
                cli.find_subcommand(name).is_some(),
                "`{name}` is declared but the CLI has no such subcommand"
            );
            for command in *runs {
                assert!(
                    COMMANDS.iter().any(|c| c.name == *command),
                    "`{name}` runs `{command}`, which the surface does not declare"
                );
            }
        }
    }

    #[test]
    fn every_command_of_the_surface_is_reachable_from_the_cli_or_the_apps_alone() {
        for command in COMMANDS {
            let from_cli = SUBCOMMANDS
                .iter()
                .any(|(_, runs)| runs.contains(&command.name));
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
}
