//! The window's first size: the configured 1200×820 where the screen has room for it, else
//! the whole work area of the screen it opened on (maximized), so on a 1366×768 laptop the
//! New-event form's Create button and the round's controls are not below the screen's edge.

/// Maximizes `window` when its outer size does not fit the work area (the screen less its
/// taskbar) of the monitor it is on.
pub fn fit(window: &tauri::WebviewWindow) {
    let monitor = match window.current_monitor() {
        Ok(Some(monitor)) => monitor,
        _ => match window.primary_monitor() {
            Ok(Some(monitor)) => monitor,
            _ => return,
        },
    };
    let Ok(outer) = window.outer_size() else {
        return;
    };
    let area = monitor.work_area().size;
    if !fits((outer.width, outer.height), (area.width, area.height)) {
        let _ = window.maximize();
    }
}

/// Whether a window of `outer` (width, height) fits an area of `area`, both in physical
/// pixels.
fn fits(outer: (u32, u32), area: (u32, u32)) -> bool {
    outer.0 <= area.0 && outer.1 <= area.1
}

#[cfg(test)]
mod tests {
    use super::fits;

    #[test]
    fn a_laptop_screen_of_768_pixels_does_not_hold_the_configured_window() {
        // 1200×820 plus a title bar, on 1366×768 less a 40-pixel taskbar.
        assert!(!fits((1200, 857), (1366, 728)));
        // The same on a 1920×1080 screen, and at 150 % scaling (physical pixels).
        assert!(fits((1200, 857), (1920, 1040)));
        assert!(!fits((1800, 1285), (1920, 1040)));
        assert!(fits((1800, 1285), (2880, 1740)));
    }
}
