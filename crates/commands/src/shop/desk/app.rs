//! The app itself: what it is and holds (version, folders, recent events, preferences), the
//! catalogue of rulesets and titles, and the notices commands leave for the window.

use std::path::Path;

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::PenaltyType;
use tablekeeper_engine::rules::structure::Structure;
use tablekeeper_engine::top_cut::decks::SelectionMethod;
use tablekeeper_words::{ErrorKind, Language, msg};
use ts_rs::TS;

use crate::catalogue::{self, RulesetSummary, TitleSummary};
use crate::desk::app_files::AppFile;
use crate::desk::base::{Desk, Nothing};
use crate::error::{CommandError, ErrorView};
use crate::session::Session;
use crate::views::EventView;
use crate::vocabulary::{CsvEncoding, Document, ExportFormat, Paper};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AppInfo {
    pub version: String,
    /// Where new events are created when no path is chosen.
    pub default_folder: String,
    /// Where the app keeps its own data (the recent files, preferences).
    pub data_folder: String,
    /// Recently opened event files, newest first (only files that still exist).
    pub recent: Vec<String>,
    pub open_event: Option<EventView>,
    /// Why the event the app was started with (a double-clicked file) did not open.
    pub startup_error: Option<ErrorView>,
    pub preferences: Preferences,
    /// The main laptop's address while this app is a scorekeeper station of it (the host
    /// fills this in; the open event is then the main laptop's).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub station: Option<String>,
}

/// Defaults the organizer set for new events.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Preferences {
    /// Ruleset id for new events (`null`: the title's, else the app's default).
    #[serde(default)]
    pub default_ruleset: Option<String>,
    /// Title preset id for new events.
    #[serde(default)]
    pub default_title: Option<String>,
}

/// Every list the UI offers as a choice, from the one declaration of each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Catalogue {
    pub rulesets: Vec<RulesetSummary>,
    pub titles: Vec<TitleSummary>,
    pub structures: Vec<Structure>,
    pub penalties: Vec<PenaltyType>,
    pub selection_methods: Vec<SelectionMethod>,
    pub export_formats: Vec<ExportFormat>,
    pub encodings: Vec<CsvEncoding>,
    pub documents: Vec<Document>,
    pub papers: Vec<Paper>,
    pub languages: Vec<Language>,
}

impl Desk {
    pub(crate) fn preferences(&self) -> Preferences {
        if !self.shop.app_state {
            return Preferences::default();
        }
        std::fs::read(self.app_file(AppFile::Preferences))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    pub fn app_info(&mut self, _: Nothing) -> Result<AppInfo, CommandError> {
        Ok(AppInfo {
            version: env!("CARGO_PKG_VERSION").to_string(),
            default_folder: self.shop.default_folder.display().to_string(),
            data_folder: self.shop.data_dir.display().to_string(),
            recent: self
                .recent()
                .into_iter()
                .filter(|p| Path::new(p).exists())
                .collect(),
            open_event: self.events.active_session().map(Session::summary),
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
        self.write_app_file(AppFile::Preferences, &text)?;
        self.app_info(())
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
}
