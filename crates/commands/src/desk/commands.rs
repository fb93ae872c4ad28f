//! The body of every command of the surface: each takes its typed request and returns its
//! view, so the hosts only parse input and render.

use std::path::Path;

use tablekeeper_engine::PlayerDetails;
use tablekeeper_engine::model::PenaltyType;
use tablekeeper_engine::rules::structure::Structure;
use tablekeeper_engine::top_cut::decks::SelectionMethod;
use tablekeeper_words::{ErrorKind, msg};

use super::door_commands::DrawRequest;
use super::requests::*;
use super::{Desk, printout_name, printouts_folder};
use crate::backup::{self, BackupView, RestoreView};
use crate::bracket_view::BracketView;
use crate::breakdown::BreakdownView;
use crate::catalogue;
use crate::csv_import::ImportPreview;
use crate::error::CommandError;
use crate::export::{self, ExportView};
use crate::result_input::parse_result;
use crate::session::{
    CreateOptions, CutOptions, EditKeep, FinalsChoice, HistoryItem, RulesetSource, SavedCopyView,
    Session,
};
use crate::views::{
    EventView, ExplanationView, PairingsView, PenaltyView, PlayerView, StandingsView, TableView,
};
use crate::vocabulary::{CsvEncoding, Document, ExportFormat, Paper};
use tablekeeper_words::Language;

impl Desk {
    pub fn app_info(&mut self, _: Nothing) -> Result<AppInfo, CommandError> {
        Ok(AppInfo {
            version: env!("CARGO_PKG_VERSION").to_string(),
            default_folder: self.default_folder.display().to_string(),
            data_folder: self.data_dir.display().to_string(),
            recent: self
                .recent()
                .into_iter()
                .filter(|p| Path::new(p).exists())
                .collect(),
            open_event: self.session.as_ref().map(Session::summary),
            startup_error: self.startup_error.clone(),
            preferences: self.preferences(),
            station: None,
        })
    }

    pub fn catalogue(&mut self, _: Nothing) -> Result<Catalogue, CommandError> {
        Ok(Catalogue {
            rulesets: catalogue::rulesets()?,
            titles: catalogue::titles()?,
            structures: Structure::ALL.to_vec(),
            penalties: PenaltyType::ALL.to_vec(),
            selection_methods: SelectionMethod::ALL.to_vec(),
            export_formats: ExportFormat::ALL.to_vec(),
            encodings: CsvEncoding::ALL.to_vec(),
            documents: Document::ALL.to_vec(),
            papers: Paper::ALL.to_vec(),
            languages: Language::ALL.to_vec(),
        })
    }

    /// Stores the organizer's defaults for new events (a ruleset and a title that exist).
    pub fn set_preferences(&mut self, request: Preferences) -> Result<AppInfo, CommandError> {
        if let Some(id) = request.default_ruleset.as_deref() {
            tablekeeper_engine::ruleset::catalogue::ruleset(id)
                .map_err(tablekeeper_engine::EngineError::from)?;
        }
        if let Some(id) = request.default_title.as_deref() {
            tablekeeper_engine::ruleset::catalogue::title(id)
                .map_err(tablekeeper_engine::EngineError::from)?;
        }
        let text = serde_json::to_vec_pretty(&request).map_err(|e| {
            CommandError::input(
                ErrorKind::Internal,
                msg!("error.internal", "{detail}", detail = e.to_string()),
            )
        })?;
        self.write_app_file("preferences.json", &text)?;
        self.app_info(())
    }

    pub fn create_event(&mut self, request: CreateEventRequest) -> Result<EventView, CommandError> {
        let path = match request.path {
            Some(path) => path,
            None => self.new_event_path(&request.name)?,
        };
        let preferences = self.preferences();
        let (ruleset, title) = match (request.ruleset, request.title) {
            (None, None) if request.ruleset_file.is_none() => {
                (preferences.default_ruleset, preferences.default_title)
            }
            given => given,
        };
        let ruleset = match request.ruleset_file {
            Some(file) => Some(RulesetSource::File(file)),
            None => ruleset.map(RulesetSource::Embedded),
        };
        // The event open now stays open beside the new one, which gets its own table range.
        let first_table = request
            .first_table
            .unwrap_or_else(|| self.next_free_table());
        let first_table = if first_table == 1 { 0 } else { first_table };
        self.park_active();
        let session = Session::create(
            &path,
            CreateOptions {
                name: request.name,
                ruleset,
                title,
                planned_rounds: request.planned_rounds,
                overrides: request.overrides,
                standings_seed: request.standings_seed,
                structure: request.structure.unwrap_or_default(),
                elimination_finalists: request.elimination_finalists.unwrap_or(0),
                min_rounds: request.min_rounds.unwrap_or(0),
                team_size: request.team_size.unwrap_or(0),
                planned_cut: request.planned_cut.unwrap_or(0),
                first_table,
            },
        );
        let session = match session {
            Ok(session) => session,
            Err(error) => {
                self.unpark_last();
                return Err(error);
            }
        };
        self.opened(session)
    }

    /// Opens an event beside those already open and makes it the active one (an event
    /// already open becomes active; opening the active one again reads its file anew).
    pub fn open_event(&mut self, request: OpenEventRequest) -> Result<EventView, CommandError> {
        self.startup_error = None;
        if let Some(parked) = self.take_parked(&request.path) {
            self.park_active();
            self.session = Some(parked.session);
            self.room = parked.room;
            let path = request.path.display().to_string();
            self.remember(&path);
            return self.session().map(Session::summary);
        }
        let reopening = self
            .session
            .as_ref()
            .is_some_and(|s| s.path() == request.path.as_path());
        if reopening {
            // Release the lock first, so reopening the same file works.
            self.session = None;
        } else {
            self.park_active();
        }
        match Session::open(&request.path) {
            Ok(session) => {
                let view = self.opened(session)?;
                self.warn_overlapping_tables();
                Ok(view)
            }
            Err(error) => {
                self.unpark_last();
                Err(error)
            }
        }
    }

    /// Creates an event file from an archive and opens it.
    pub fn import_archive(
        &mut self,
        request: ImportArchiveRequest,
    ) -> Result<EventView, CommandError> {
        let archive = crate::archive::read(&request.archive)?;
        let path = match request.path {
            Some(path) => path,
            None => self.new_event_path(&archive.event.name)?,
        };
        self.park_active();
        let session = match crate::archive::import(&archive, &path) {
            Ok(session) => session,
            Err(error) => {
                self.unpark_last();
                return Err(error);
            }
        };
        self.opened(session)
    }

    /// Closes the active event; the event opened before it (if any) becomes active.
    pub fn close_event(&mut self, _: Nothing) -> Result<(), CommandError> {
        self.session = None;
        self.room = crate::room::Room::default();
        self.unpark_last();
        Ok(())
    }

    pub fn summary(&mut self, _: Nothing) -> Result<EventView, CommandError> {
        Ok(self.session()?.summary())
    }

    pub fn players(&mut self, _: Nothing) -> Result<Vec<PlayerView>, CommandError> {
        Ok(self.session()?.players())
    }

    /// A scanned match slip of the current round: its round and table (the app then waits
    /// for the result of that table).
    pub fn read_slip(&mut self, request: ReadSlipRequest) -> Result<ScannedSlip, CommandError> {
        let (round, table) = crate::slip_code::read(self.session()?.event(), &request.code)?;
        Ok(ScannedSlip { round, table })
    }

    /// What the last commands had to say besides their results (a backup that could not be
    /// written, a name no font prints), once each. Never waits for a backup in progress:
    /// its notice, if any, comes when asked again.
    pub fn take_notices(
        &mut self,
        _: Nothing,
    ) -> Result<Vec<tablekeeper_words::message::Message>, CommandError> {
        Ok(self
            .session_mut()
            .map(Session::take_notices_now)
            .unwrap_or_default())
    }

    pub fn add_players(
        &mut self,
        request: AddPlayersRequest,
    ) -> Result<Vec<PlayerView>, CommandError> {
        let players = request
            .names
            .into_iter()
            .filter(|name| !name.trim().is_empty())
            .map(|name| PlayerDetails {
                name,
                ..Default::default()
            })
            .chain(request.players)
            .collect::<Vec<_>>();
        if players.is_empty() {
            return Err(CommandError::input(
                ErrorKind::EmptyName,
                msg!(
                    "error.empty-name.type-players-name-first",
                    "type a player's name first"
                ),
            ));
        }
        let added = self.session_mut()?.add_players(players)?;
        self.link_to_library(&added);
        self.warn_playing_elsewhere(&added);
        Ok(added)
    }

    pub fn add_team(&mut self, request: AddTeamRequest) -> Result<Vec<PlayerView>, CommandError> {
        self.session_mut()?.add_players(vec![PlayerDetails {
            name: request.name,
            members: request.members,
            publisher_id: request.publisher_id,
            ..Default::default()
        }])
    }

    pub fn edit_player(&mut self, request: EditPlayerRequest) -> Result<PlayerView, CommandError> {
        let keep = EditKeep {
            name: request.name.is_none(),
        };
        self.session_mut()?.edit_player(
            &request.player,
            PlayerDetails {
                name: request.name.unwrap_or_default(),
                reading: request.reading,
                publisher_id: request.publisher_id,
                nickname: request.nickname,
                members: Vec::new(),
            },
            keep,
        )
    }

    pub fn import_preview(
        &mut self,
        request: ImportRequest,
    ) -> Result<ImportPreview, CommandError> {
        self.session()?.import_preview(&request.bytes)
    }

    pub fn import_players(
        &mut self,
        request: ImportRequest,
    ) -> Result<Vec<PlayerView>, CommandError> {
        let added = self.session_mut()?.import_players(&request.bytes)?;
        self.link_to_library(&added);
        self.warn_playing_elsewhere(&added);
        Ok(added)
    }

    pub fn set_deck(&mut self, request: SetDeckRequest) -> Result<PlayerView, CommandError> {
        let session = self.session_mut()?;
        // A team member's deck is their own (named by member name or TEAM.SEAT).
        let (id, member) = session.find_person(&request.player)?;
        let mut deck = session
            .event()
            .player(id)
            .ok()
            .and_then(|p| match member {
                Some(seat) => p.member_decks.get(usize::from(seat)).cloned().flatten(),
                None => p.deck.clone(),
            })
            .unwrap_or_default();
        let value = |text: &str| Some(text.trim().to_string()).filter(|t| !t.is_empty());
        deck.nation_clan = value(&request.nation_clan);
        deck.ride_line = value(&request.ride_line);
        deck.title = value(&request.title);
        deck.oshi = value(&request.oshi);
        if let Some(name) = &request.name {
            deck.name = value(name);
        }
        if let Some(list) = &request.list {
            deck.cards = crate::deck::parse_list(list)?;
        }
        session.set_deck(&request.player, deck)
    }

    pub fn drop_player(&mut self, request: PlayerRequest) -> Result<PlayerView, CommandError> {
        self.session_mut()?.drop_player(&request.player)
    }

    pub fn set_fixed_table(
        &mut self,
        request: FixedTableRequest,
    ) -> Result<PlayerView, CommandError> {
        self.session_mut()?
            .set_fixed_table(&request.player, request.table)
    }

    /// The ruleset's tardiness penalty for a late player (decision 16); recorded with
    /// `apply`.
    pub fn tardiness(&mut self, request: TardinessRequest) -> Result<TardinessView, CommandError> {
        let session = self.session_mut()?;
        let penalty = session.tardiness_penalty(request.minutes);
        let recorded = match (penalty, request.apply) {
            (Some(kind), true) => {
                Some(session.record_tardiness(&request.player, kind, request.minutes)?)
            }
            _ => None,
        };
        Ok(TardinessView {
            minutes: request.minutes,
            penalty,
            recorded,
        })
    }

    pub fn set_rounds(&mut self, request: SetRoundsRequest) -> Result<EventView, CommandError> {
        self.session_mut()?.set_planned_rounds(request.rounds)
    }

    /// Pairs the next Swiss round, or the next bracket round once the cut has started.
    pub fn pair_round(&mut self, request: PairRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .pair(request.seed, request.allow_rematches, request.order)
    }

    /// A round's pairings; the pairer's explanation only when asked (it replays the log
    /// and pairs the round again, which a refresh of the Results screen does not need).
    pub fn pairings(&mut self, request: PairingsRequest) -> Result<PairingsView, CommandError> {
        let session = self.session()?;
        let mut view = session.pairings(request.round)?;
        if request.explain && view.bracket_round.is_none() {
            view.explanation = Some(session.explain(Some(view.round))?);
        }
        Ok(view)
    }

    pub fn explain(&mut self, request: RoundRequest) -> Result<ExplanationView, CommandError> {
        self.session()?.explain(request.round)
    }

    pub fn repair_round(&mut self, request: RepairRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .repair_round(request.seed, request.allow_rematches, &request.reason)
    }

    pub fn swap(&mut self, request: SwapRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .swap_players(&request.a, &request.b, &request.reason)
    }

    pub fn give_bye(&mut self, request: GiveByeRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .give_bye(&request.player, &request.reason)
    }

    /// Pairs the next round as it was played on paper (one logged step, with warnings).
    pub fn enter_pairing(
        &mut self,
        request: EnterPairingRequest,
    ) -> Result<PairingsView, CommandError> {
        let tables = match &request.csv {
            Some(bytes) => crate::paper::pairing_csv(bytes)?,
            None => request
                .tables
                .into_iter()
                .map(|t| (t.table, t.a, t.b.filter(|b| !b.trim().is_empty())))
                .collect(),
        };
        self.session_mut()?.enter_pairing(tables, &request.reason)
    }

    /// What entering this result would record (the real action on a copy), without
    /// recording it: the preview the Results screen shows while typing.
    pub fn preview_result(&mut self, request: ResultRequest) -> Result<TableView, CommandError> {
        let entry = parse_result(&request.result, request.graded_reason.as_deref())?;
        self.session()?.preview_result(
            request.round,
            request.table,
            entry,
            request.replace,
            request.override_reason.as_deref(),
        )
    }

    /// Records (or corrects) a result and answers with all the Results screen shows of it,
    /// so entering a result is one round trip.
    pub fn record_result(&mut self, request: ResultRequest) -> Result<RecordedView, CommandError> {
        let entry = parse_result(&request.result, request.graded_reason.as_deref())?;
        let session = self.session_mut()?;
        let table = session.enter_result(
            request.round,
            request.table,
            entry,
            request.replace,
            request.override_reason.as_deref(),
        )?;
        let progress = session.progress(request.round)?;
        Ok(RecordedView {
            table,
            progress,
            step: session.newest_step(),
            notices: session.take_notices_now(),
        })
    }

    /// Many results of one round as one step ("3 2-1", "4 b", one per line).
    pub fn record_results(
        &mut self,
        request: BulkResultsRequest,
    ) -> Result<Vec<TableView>, CommandError> {
        let results = crate::paper::result_lines(&request.lines)?;
        self.session_mut()?.record_results(request.round, results)
    }

    pub fn undo(&mut self, _: Nothing) -> Result<HistoryItem, CommandError> {
        self.session_mut()?.undo()
    }

    pub fn redo(&mut self, _: Nothing) -> Result<HistoryItem, CommandError> {
        self.session_mut()?.redo()
    }

    pub fn history(&mut self, _: Nothing) -> Result<Vec<HistoryItem>, CommandError> {
        self.session()?.history()
    }

    pub fn back_to_round(
        &mut self,
        request: BackToRoundRequest,
    ) -> Result<Vec<HistoryItem>, CommandError> {
        self.session_mut()?
            .back_to_round(request.round, request.confirm)
    }

    pub fn penalty(&mut self, request: PenaltyRequest) -> Result<PenaltyView, CommandError> {
        self.session_mut()?.record_penalty(
            &request.player,
            request.round,
            request.penalty,
            &request.infraction,
            request.note,
        )
    }

    pub fn penalties(&mut self, _: Nothing) -> Result<Vec<PenaltyView>, CommandError> {
        Ok(self.session()?.penalties())
    }

    pub fn standings(&mut self, request: StandingsRequest) -> Result<StandingsView, CommandError> {
        let mut view = self.session()?.standings()?;
        if let Some(first) = request.first {
            view.rows
                .truncate(usize::try_from(first).unwrap_or(usize::MAX));
        }
        Ok(view)
    }

    /// Each player's chance of making a cut of `cut` (the planned one, else the one
    /// suggested) with the rounds left.
    pub fn projection(
        &mut self,
        request: ProjectionRequest,
    ) -> Result<crate::projection_view::CutLineView, CommandError> {
        self.session()?.cut_line(request.cut)
    }

    /// The open event's prizes under its recorded prize rules, or the rules given.
    pub fn prizes(
        &mut self,
        request: PrizesRequest,
    ) -> Result<crate::prizes_view::PayoutView, CommandError> {
        self.session()?.prizes(request)
    }

    /// Records the event's prize rules (checked first) and returns the payout under them.
    pub fn set_prizes(
        &mut self,
        request: SetPrizesRequest,
    ) -> Result<crate::prizes_view::PayoutView, CommandError> {
        let session = self.session_mut()?;
        session.check_prize_rules(&request.rules)?;
        session.door_step(tablekeeper_engine::Action::SetPrizeRules {
            rules: request.rules,
        })?;
        recorded_payout(session)
    }

    /// Draws the door-prize raffle with the seed given (to replay a draw) or a fresh one,
    /// recorded in the log.
    pub fn draw_raffle(
        &mut self,
        request: DrawRequest,
    ) -> Result<crate::prizes_view::PayoutView, CommandError> {
        let seed = crate::seed::from_text(request.seed.as_deref())?;
        let session = self.session_mut()?;
        session.door_step(tablekeeper_engine::Action::DrawRaffle { seed })?;
        recorded_payout(session)
    }

    /// A season's standings over event files; needs no event open.
    pub fn season(
        &mut self,
        request: SeasonRequest,
    ) -> Result<crate::prizes_view::SeasonView, CommandError> {
        let request = self.with_library_events(request)?;
        crate::prizes_view::season(request)
    }

    /// The season's files with the library's events in its date range (when it has one).
    fn with_library_events(
        &mut self,
        mut request: SeasonRequest,
    ) -> Result<SeasonRequest, CommandError> {
        if request.from.is_none() && request.to.is_none() {
            return Ok(request);
        }
        let from = request
            .from
            .as_deref()
            .map(crate::prizes_view::season_date)
            .transpose()?;
        let to = request
            .to
            .as_deref()
            .map(crate::prizes_view::season_date)
            .transpose()?;
        let events = self.library_events_between(from.as_deref(), to.as_deref())?;
        request.files.extend(events);
        Ok(request)
    }

    /// Prints a season's table as PDF: to `output`, or beside the season's first event in
    /// `season printouts/` (replacing an older copy only once the new one is complete).
    pub fn print_season(
        &mut self,
        request: crate::prizes_view::PrintSeasonRequest,
    ) -> Result<PrintView, CommandError> {
        let printer = self.season_printer.ok_or_else(no_printer)?;
        let season = self.with_library_events(request.season)?;
        let view = crate::prizes_view::season(season)?;
        let bytes = printer(&view, request.paper, request.language, &super::print_time())?;
        let path = match request.output {
            Some(path) => path,
            None => {
                let first = view.events.first().map(|e| e.file.clone());
                let folder = first
                    .as_deref()
                    .and_then(Path::parent)
                    .unwrap_or(&self.default_folder)
                    .join("season printouts");
                std::fs::create_dir_all(&folder).map_err(|e| CommandError::Io {
                    path: folder.display().to_string(),
                    detail: e.to_string(),
                })?;
                folder.join(printout_name("season", None, request.language.id()))
            }
        };
        export::write_file(&path, &bytes)?;
        Ok(PrintView {
            path: path.display().to_string(),
            bytes: bytes.len() as u64,
            opened: false,
        })
    }

    /// Picks tables of the round for a deck check, with a recorded seed.
    pub fn deck_check(
        &mut self,
        request: crate::deck_check_view::DeckCheckRequest,
    ) -> Result<crate::deck_check_view::DeckCheckView, CommandError> {
        self.session_mut()?.check_decks(request)
    }

    /// Records the time extension a checked table was given.
    pub fn deck_check_extension(
        &mut self,
        request: crate::deck_check_view::DeckCheckExtensionRequest,
    ) -> Result<Vec<crate::deck_check_view::DeckCheckView>, CommandError> {
        self.session_mut()?.extend_checked_table(request)
    }

    /// A round's deck checks (`null`: the current round).
    pub fn deck_checks(
        &mut self,
        request: RoundRequest,
    ) -> Result<Vec<crate::deck_check_view::DeckCheckView>, CommandError> {
        self.session()?.deck_checks(request.round)
    }

    /// Writes a season's table as CSV.
    pub fn export_season(
        &mut self,
        request: crate::prizes_view::ExportSeasonRequest,
    ) -> Result<ExportView, CommandError> {
        let season = self.with_library_events(request.season)?;
        let view = crate::prizes_view::season(season)?;
        export::season(
            &view,
            request.encoding.unwrap_or(CsvEncoding::Utf8Bom),
            &request.path,
        )
    }

    /// Each player's opponents and the values behind their tiebreakers.
    pub fn breakdown(&mut self, _: Nothing) -> Result<BreakdownView, CommandError> {
        self.session()?.breakdown()
    }

    pub fn start_cut(&mut self, request: CutRequest) -> Result<BracketView, CommandError> {
        let finals = match request.finals {
            Some(Finals::DoubleElimination) => FinalsChoice::Double,
            Some(Finals::SingleElimination) => FinalsChoice::Single,
            None => FinalsChoice::RulesetDefault,
        };
        self.session_mut()?.start_cut_as(
            CutOptions {
                size: request.size,
                third_place: request.third_place,
                excluded: request.excluded,
                seed: request.seed,
                double: false,
                method: request.method,
            },
            finals,
        )
    }

    pub fn pair_bracket_round(&mut self, _: Nothing) -> Result<PairingsView, CommandError> {
        self.session_mut()?.pair_bracket_round()
    }

    pub fn bracket(&mut self, _: Nothing) -> Result<Option<BracketView>, CommandError> {
        self.session()?.bracket()
    }

    pub fn export(&mut self, request: ExportRequest) -> Result<ExportView, CommandError> {
        export::write(
            self.session()?,
            request.format,
            request.encoding.unwrap_or(CsvEncoding::Utf8Bom),
            &request.path,
        )
    }

    /// Renders a printout and writes it to `<event> printouts/` beside the event file,
    /// replacing an older copy of the same document only once the new one is complete.
    pub fn print(&mut self, request: PrintRequest) -> Result<PrintView, CommandError> {
        let output = request.output.clone();
        let printout = self.printout(request)?;
        let path = match output {
            Some(path) => path,
            None => {
                let event = self.session()?.path().to_path_buf();
                let folder = printouts_folder(&event);
                std::fs::create_dir_all(&folder).map_err(|e| CommandError::Io {
                    path: folder.display().to_string(),
                    detail: e.to_string(),
                })?;
                folder.join(&printout.file_name)
            }
        };
        export::write_file(&path, &printout.bytes)?;
        Ok(PrintView {
            path: path.display().to_string(),
            bytes: printout.bytes.len() as u64,
            opened: false,
        })
    }

    /// A printout's PDF and the name to save it under, without writing it: what a second
    /// station prints on its own printer.
    pub fn printout(&mut self, request: PrintRequest) -> Result<PrintoutView, CommandError> {
        let printer = self.printer.ok_or_else(no_printer)?;
        let context = self.print_context(request.round, request.document)?;
        let session = self.session()?;
        let bytes = printer(session, &request, &context)?;
        let round = match (request.round, request.document) {
            (Some(round), _) => Some(round),
            // The round the printout shows; rendering already refused an event without one.
            (None, Document::Pairings | Document::PairingsByName | Document::Slips) => {
                session.event().current_round().map(|r| r.number)
            }
            (None, _) => None,
        };
        Ok(PrintoutView {
            file_name: printout_name(request.document.id(), round, request.language.id()),
            bytes,
        })
    }

    /// The automatic backups of the open event, or of `event` (one too damaged to open),
    /// newest first.
    pub fn backups(
        &mut self,
        request: Option<BackupsRequest>,
    ) -> Result<Vec<BackupView>, CommandError> {
        if let Some(event) = request.and_then(|r| r.event) {
            return backup::list(&event);
        }
        let session = self.session_mut()?;
        session.settle_backups();
        backup::list(session.path())
    }

    /// Replaces the open event (or `event`, one too damaged to open) with one of its
    /// backups: the event is closed, restored (the current file kept beside it) and opened
    /// again.
    pub fn restore_backup(&mut self, request: RestoreRequest) -> Result<RestoreView, CommandError> {
        let path = match request.event {
            Some(event) => event,
            None => self.session()?.path().to_path_buf(),
        };
        // Dropping the session waits for its backups in progress.
        self.session = None;
        let restored = backup::restore(&path, &request.backup);
        // Open the event again either way (the old one when the restore was refused); a file
        // that was damaged before a refused restore stays closed.
        if let Ok(session) = Session::open(&path) {
            self.opened(session)?;
        } else if restored.is_ok() {
            self.opened(Session::open(&path)?)?;
        }
        restored
    }

    pub fn save_copy(&mut self, request: SaveCopyRequest) -> Result<SavedCopyView, CommandError> {
        self.session()?.save_copy(&request.path, request.replace)
    }

    /// The whole event as the versioned archive (`docs/cli-json.md`; `export` writes it to a
    /// file), as JSON: its log holds the event file's own format.
    pub fn archive(&mut self, _: Nothing) -> Result<ArchiveDocument, CommandError> {
        let archive = crate::archive::export(self.session()?)?;
        serde_json::to_value(&archive)
            .map(ArchiveDocument)
            .map_err(|e| {
                CommandError::input(
                    ErrorKind::Internal,
                    msg!("error.internal", "{detail}", detail = e.to_string()),
                )
            })
    }

    /// The report for the publisher: standings, penalties, disqualifications, decks.
    pub fn report(&mut self, _: Nothing) -> Result<crate::report::EventReport, CommandError> {
        crate::report::report(self.session()?)
    }
}

/// The payout under the event's recorded prize rules, as they stand after a change; rules
/// just removed give an empty sheet rather than an error.
fn recorded_payout(session: &Session) -> Result<crate::prizes_view::PayoutView, CommandError> {
    if session.event().prizes.rules.is_none() {
        return Ok(crate::prizes_view::PayoutView::empty(session.event()));
    }
    session.prizes(PrizesRequest {
        rules: None,
        raffle_seed: None,
    })
}

fn no_printer() -> CommandError {
    CommandError::input(
        ErrorKind::PrintInput,
        msg!(
            "error.print-input.no-printer",
            "this program cannot print; use the app or the tablekeeper command"
        ),
    )
}
