//! Files of the room's secrets (the shop's code secret, a station's carried room) are
//! readable by this account only.

/// Only the owner may read `path` (0600 on Unix; on Windows the user's own folders are
/// already private to the account).
pub fn keep_private(path: &std::path::Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
    }
    #[cfg(not(unix))]
    let _ = path;
}
