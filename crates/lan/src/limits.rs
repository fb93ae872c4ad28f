//! Every limit the server keeps, in one place. Each is enforced before the thing it bounds
//! is allocated or waited for: nothing a device on the shop's network sends can make the
//! server hold more memory, threads or time than these allow.

use std::time::Duration;

/// The largest body any command takes (a bulk result list of a big round fits easily).
/// A larger `Content-Length` is refused before a byte of the body is read; a chunked body
/// is cut off at this size.
pub const BODY_LIMIT: usize = 256 * 1024;

/// The request line and headers together (a phone sends under 1 KB).
pub const HEADER_BYTES: usize = 16 * 1024;

/// Headers per request.
pub const HEADER_COUNT: usize = 48;

/// The read buffer of one connection (hyper's minimum is 8 KB).
pub const READ_BUFFER: usize = 32 * 1024;

/// From the first byte of a request (or the end of the last one on a kept connection) to
/// the end of its headers. Also how long an idle kept connection stays open.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// To receive a request's whole body once its headers are in.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// A TLS handshake from its first byte.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an answer may wait for a device that does not read it.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections the system queues before the server accepts them (a full queue drops new
/// ones, which clients retry only after a second).
pub const BACKLOG: u32 = 1024;

/// Open connections in all; more are closed as soon as they are accepted.
pub const CONNECTIONS: usize = 512;

/// Open connections from one device (a browser opens six at most; a station one).
pub const CONNECTIONS_PER_CLIENT: usize = 64;

/// Requests answered at the desk at once (each holds a thread while it does).
pub const DESK_WORKERS: usize = 8;

/// How long a request may wait for a free desk worker before it is told to try again.
pub const DESK_WAIT: Duration = Duration::from_secs(10);
