//! The network side of the server: accepts connections within the caps of `limits.rs`,
//! tells the station's encrypted link from a phone's plain HTTP by the first byte, speaks
//! HTTP/1.1 through hyper (header size, count and time limits), reads each body within its
//! limit and time, and hands the whole request to the router on a desk worker. Every
//! connection is its own task: none waits for another, and a task that fails ends only its
//! own connection.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming as Body;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tablekeeper_words::{ErrorKind, msg};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio::time::{Instant, Sleep, sleep, timeout};
use tokio_rustls::TlsAcceptor;

use crate::answer::{Answer, header, language_of};
use crate::gate::{Activity, Gate, Ticket};
use crate::limits::*;
use crate::routes::{self, Incoming};
use crate::shared::Shared;

/// The first byte of a TLS handshake record.
const TLS_HANDSHAKE: u8 = 0x16;

/// What every connection task shares.
pub(crate) struct Listener {
    pub shared: Arc<Shared>,
    pub tls: TlsAcceptor,
    /// Held by a request while its router runs (even after its client has gone).
    desk_workers: Arc<Semaphore>,
    gate: Gate,
}

impl Listener {
    pub fn new(shared: Arc<Shared>, tls: TlsAcceptor) -> Listener {
        Listener {
            shared,
            tls,
            desk_workers: Arc::new(Semaphore::new(DESK_WORKERS)),
            gate: Gate::default(),
        }
    }
}

/// Accepts connections until `stop` turns true. Accepting never fails for good because of
/// one connection (a client that hung up, no file descriptors left for a moment): it waits a
/// little and goes on.
/// What a connection over a cap is told before it is closed.
const BUSY: &[u8] =
    b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";

pub(crate) async fn accept_loop(
    socket: TcpListener,
    listener: Arc<Listener>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            _ = stop.changed() => return,
            accepted = socket.accept() => match accepted {
                Ok((stream, peer)) => {
                    let Some(ticket) = listener.gate.admit(peer.ip()) else {
                        // Over a cap: closed at once, before anything is read — with a word,
                        // at most one attempt that never waits, so another laptop asking
                        // where the event is hears "busy", not "nobody serves here"
                        // (`crate::fence::reach`).
                        let _ = stream.try_write(BUSY);
                        drop(stream);
                        continue;
                    };
                    let _ = stream.set_nodelay(true);
                    tokio::spawn(connection(stream, peer, Arc::clone(&listener), ticket));
                }
                Err(_) => sleep(std::time::Duration::from_millis(50)).await,
            },
        }
    }
}

/// One connection, until it closes or the gate closes it to make room for another device.
async fn connection(stream: TcpStream, peer: SocketAddr, listener: Arc<Listener>, ticket: Ticket) {
    let activity = ticket.activity();
    tokio::select! {
        () = activity.evicted() => {}
        () = speak(stream, peer, listener, Arc::clone(&activity)) => {}
    }
    drop(ticket);
}

/// Encrypted (a station) or plain (a phone), then HTTP until the connection closes.
async fn speak(
    stream: TcpStream,
    peer: SocketAddr,
    listener: Arc<Listener>,
    activity: Arc<Activity>,
) {
    let mut first = [0u8; 1];
    let secure = match timeout(HEADER_TIMEOUT, stream.peek(&mut first)).await {
        Ok(Ok(1)) => first[0] == TLS_HANDSHAKE,
        _ => return,
    };
    if secure {
        let Ok(Ok(tls)) = timeout(HANDSHAKE_TIMEOUT, listener.tls.accept(stream)).await else {
            return;
        };
        serve(Watched::new(tls), peer.ip(), true, listener, activity).await;
    } else {
        serve(Watched::new(stream), peer.ip(), false, listener, activity).await;
    }
}

/// HTTP/1.1 on `io` with the limits of `limits.rs`, until the client closes, goes idle for
/// [`HEADER_TIMEOUT`], breaks a limit or stops reading answers.
pub(crate) async fn serve<I>(
    io: I,
    client: IpAddr,
    secure: bool,
    listener: Arc<Listener>,
    activity: Arc<Activity>,
) where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let service = service_fn(move |request| {
        // A whole request: this connection is in use, the last to give way to another device.
        activity.touch();
        let listener = Arc::clone(&listener);
        async move { Ok::<_, Infallible>(answer(request, client, secure, listener).await) }
    });
    let _ = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_headers(HEADER_COUNT)
        .max_header_size(HEADER_BYTES)
        .max_buf_size(READ_BUFFER)
        .keep_alive(true)
        // A client that closes its sending side after a whole request still gets the
        // answer (a partial request at that point is an error and closes at once).
        .half_close(true)
        .serve_connection(TokioIo::new(io), service)
        .await;
}

/// One request: refused before its body is read when it announces too much, read within
/// its limit and time, then answered by the router on a desk worker.
async fn answer(
    request: Request<Body>,
    client: IpAddr,
    secure: bool,
    listener: Arc<Listener>,
) -> Response<Full<Bytes>> {
    let language = language_of(request.headers());
    let announced = header(request.headers(), "content-length")
        .map(|length| length.trim().parse::<u64>().unwrap_or(u64::MAX));
    if announced.is_some_and(|length| length > BODY_LIMIT as u64) {
        return routes::too_large(language).closing().into_response();
    }
    let (parts, body) = request.into_parts();
    let body = match timeout(BODY_TIMEOUT, Limited::new(body, BODY_LIMIT).collect()).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(error)) if error.is::<http_body_util::LengthLimitError>() => {
            return routes::too_large(language).closing().into_response();
        }
        Ok(Err(_)) => {
            return Answer::error(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.invalid-request.body-unreadable",
                    "the request's body could not be read; send it again"
                ),
                language,
            )
            .closing()
            .into_response();
        }
        Err(_) => {
            return Answer::error(
                ErrorKind::TooSlow,
                msg!(
                    "error.too-slow",
                    "the request did not arrive in time; check the Wi-Fi and send it again"
                ),
                language,
            )
            .closing()
            .into_response();
        }
    };
    let incoming = Incoming {
        method: parts.method,
        path: parts.uri.path().to_string(),
        headers: parts.headers,
        body,
        client,
        secure,
    };
    let workers = Arc::clone(&listener.desk_workers);
    let Ok(Ok(worker)) = timeout(DESK_WAIT, workers.acquire_owned()).await else {
        return Answer::error(
            ErrorKind::Busy,
            msg!(
                "error.busy",
                "the main laptop is busy; try again in a moment"
            ),
            language,
        )
        .into_response();
    };
    let shared = Arc::clone(&listener.shared);
    let routed = tokio::task::spawn_blocking(move || {
        let answer = routes::route(&shared, &incoming);
        drop(worker);
        answer
    });
    match routed.await {
        Ok(answer) => answer.into_response(),
        // A panic answering one request stays with it.
        Err(_) => Answer::error(
            ErrorKind::Internal,
            msg!(
                "error.internal.request",
                "the main laptop could not answer this request; nothing was changed by it"
            ),
            language,
        )
        .into_response(),
    }
}

/// A connection whose writes may stall for at most [`WRITE_TIMEOUT`]: a device that stops
/// reading its answers cannot keep its connection (and its place) forever.
pub(crate) struct Watched<T> {
    inner: T,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<T> Watched<T> {
    pub fn new(inner: T) -> Watched<T> {
        Watched {
            inner,
            stalled: None,
        }
    }

    /// A write's poll: `Pending` for at most [`WRITE_TIMEOUT`] in a row, then an error; a
    /// write that goes on starts the wait again.
    fn within_time<R>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<std::io::Result<R>>,
    ) -> Poll<std::io::Result<R>> {
        match polled {
            Poll::Pending => match self.check_stall(cx) {
                Poll::Ready(error) => Poll::Ready(Err(error)),
                Poll::Pending => Poll::Pending,
            },
            done => {
                self.stalled = None;
                done
            }
        }
    }

    /// After a write that could not go on: an error once it has waited too long.
    fn check_stall(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Error> {
        let deadline = self.stalled.get_or_insert_with(|| {
            Box::pin(tokio::time::sleep_until(Instant::now() + WRITE_TIMEOUT))
        });
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client stopped reading",
            )),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Watched<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Watched<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, data);
        self.within_time(cx, polled)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let polled = Pin::new(&mut self.inner).poll_flush(cx);
        self.within_time(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
