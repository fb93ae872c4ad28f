//! The cut line of the open event: the engine's projection for the planned cut
//! (else the one suggested), as the view every host shows.

use super::open::Session;
use crate::error::CommandError;
use crate::views::projection::CutLineView;

impl Session {
    /// Each player's chance of making a cut of `cut` (`None`: the planned cut, else the one
    /// suggested) with the Swiss rounds left.
    pub fn cut_line(&self, cut: Option<u32>) -> Result<CutLineView, CommandError> {
        let cut = match cut {
            Some(cut) => cut,
            None => match self.event.settings.planned_cut {
                0 => self.recommended_cut(),
                planned => planned,
            },
        };
        let mut event = self.event.clone();
        if event.settings.planned_rounds == 0 {
            // Before round 1 nothing is announced yet: the rounds suggested are the plan.
            event.settings.planned_rounds = self.recommended_rounds();
        }
        let line = tablekeeper_engine::rules::projection::project(&event, cut)?;
        let standings = tablekeeper_engine::standings::compute(&event)?;
        Ok(CutLineView::of(&event, &standings, &line))
    }
}
