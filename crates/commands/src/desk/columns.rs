//! The surface's columns — who may call a command, what it changes, where it runs, what it
//! needs, what hosts do besides running it — and the `surface!` macro that turns the one
//! list in `surface.rs` into the dispatcher, the command list and the TypeScript
//! declaration.

/// Who may call a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Access {
    /// What the room sees: anyone on the shop's network while the event is shared (the
    /// players' phones), no token needed. Serves nothing a player may not see.
    Public,
    /// Reads the open event: the scorekeeper, or a joined station on the LAN.
    Read,
    /// Changes the open event: the scorekeeper, or a joined station on the LAN.
    Write,
    /// Files and the app itself (open, create, print, export, restore): the local app and
    /// the CLI only.
    Local,
}

/// What a command changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Nothing: it reads (a preview applies its actions to a copy).
    Nothing,
    /// The open event's file (one committed step).
    Event,
    /// Files other than the open event's log (a new event, an export, a printout, a backup
    /// restored), or which event is open.
    Files,
    /// The app's own state: preferences, what the room sees, the round clock.
    App,
}

/// Where a host runs a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Thread {
    /// Quick (at most one small synced write, never the network): the desktop shell may
    /// run it on the window's own thread when the desk is free (`call_here`).
    Here,
    /// Off the window's thread.
    Worker,
    /// Off the window's thread, and it can take seconds: the window says it is working.
    Slow,
}

/// What a command needs open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Needs {
    Nothing,
    /// An open event: without one the command is refused with `no-event`.
    Event,
}

/// What a host does besides running a command: the few commands hosts treat in their own
/// way say so here, so no host knows a command by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hosting {
    /// The phones' poll, many a second: the LAN server answers it from the desk's shared
    /// snapshot, never counts it as a guess, and serves the event being worked on when the
    /// shared one is closed.
    Poll,
    /// A new entry from a device: the LAN server holds one device to a few a minute.
    Entry,
    /// Writes a PDF the desktop opens in the system's viewer when the request says `open`.
    Viewer,
    /// Run on a station's own laptop (its window, preferences and notices), not sent to the
    /// main laptop.
    StationLocal,
    /// A station's answer names the main laptop's open event and the station's address.
    StationInfo,
    /// A station has the main laptop render it (`printout`) and writes the file itself.
    StationPrint,
    /// A station's replica asking for its copy: the LAN server remembers the station's
    /// address (on the server's port) as a laptop that may carry the event on.
    Replica,
}

/// One command of the surface and its properties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct CommandSpec {
    pub name: &'static str,
    pub request: &'static str,
    pub response: &'static str,
    pub access: Access,
    pub effect: Effect,
    pub thread: Thread,
    pub needs: Needs,
    /// What hosts do besides running it (most commands: nothing).
    pub hosting: &'static [Hosting],
}

impl CommandSpec {
    /// Whether hosts treat this command as `hosting` says.
    pub fn hosted(&self, hosting: Hosting) -> bool {
        self.hosting.contains(&hosting)
    }
}

macro_rules! surface {
    ($( $name:ident ( $request:ty ) -> $response:ty : $access:ident , $effect:ident , $thread:ident , $needs:ident $(, $hosting:ident)* ; )*) => {
        /// Every command, in the order of the documentation.
        pub const COMMANDS: &[CommandSpec] = &[
            $(CommandSpec {
                name: stringify!($name),
                request: stringify!($request),
                response: stringify!($response),
                access: Access::$access,
                effect: Effect::$effect,
                thread: Thread::$thread,
                needs: Needs::$needs,
                hosting: &[$(Hosting::$hosting),*],
            },)*
        ];

        /// Runs command `name` with a JSON `request` on `desk` and returns its JSON view; a
        /// command that changes something counts a change on the desk's revision
        /// (`desk/changes.rs`), whichever host sent it.
        pub fn dispatch(desk: &mut Desk, name: &str, request: Value) -> Result<Value, CommandError> {
            let answer = run_by_name(desk, name, request);
            if answer.is_ok() && spec(name).is_some_and(|spec| spec.effect != Effect::Nothing) {
                desk.changes().bump();
            }
            answer
        }

        fn run_by_name(desk: &mut Desk, name: &str, request: Value) -> Result<Value, CommandError> {
            if spec(name).is_some_and(|spec| spec.needs == Needs::Event) {
                desk.session()?;
            }
            match name {
                $(stringify!($name) => {
                    let request: $request = serde_json::from_value(request).map_err(|e| bad_request(name, &e))?;
                    let response: $response = desk.$name(request)?;
                    serde_json::to_value(response).map_err(|e| internal(&e))
                })*
                other => Err(CommandError::input(
                    ErrorKind::UnknownCommand,
                    msg!("error.unknown-command", "there is no command '{name}'", name = other),
                )),
            }
        }

        /// `Commands.ts`: every command's request and response type for the UI.
        pub fn typescript() -> String {
            let mut names: Vec<String> = Vec::new();
            let mut lines: Vec<String> = Vec::new();
            $(
                let request = <$request as ts_rs::TS>::name(&ts_rs::Config::default());
                let response = <$response as ts_rs::TS>::name(&ts_rs::Config::default());
                names.extend(type_names(&request));
                names.extend(type_names(&response));
                lines.push(format!("  {}: {{ request: {}; response: {} }};", stringify!($name), request, response));
            )*
            names.sort();
            names.dedup();
            let imports: String = names
                .iter()
                .map(|n| format!("import type {{ {n} }} from './{n}';\n"))
                .collect();
            let properties: Vec<String> = COMMANDS
                .iter()
                .map(|c| {
                    let word = |v: serde_json::Value| v.as_str().unwrap_or_default().to_string();
                    let hosting: Vec<String> = c
                        .hosting
                        .iter()
                        .map(|h| format!("'{}'", word(serde_json::json!(h))))
                        .collect();
                    format!(
                        "  {}: {{ access: '{}', effect: '{}', thread: '{}', needs: '{}', hosting: [{}] }},",
                        c.name,
                        word(serde_json::json!(c.access)),
                        word(serde_json::json!(c.effect)),
                        word(serde_json::json!(c.thread)),
                        word(serde_json::json!(c.needs)),
                        hosting.join(", "),
                    )
                })
                .collect();
            format!(
                "// Generated from crates/commands/src/desk/surface.rs by `cargo test -p tablekeeper-commands`; do not edit.\n{imports}\n/** Every command of the surface: its request and response. */\nexport type Commands = {{\n{}\n}};\n\n/** Every command's properties, as the surface declares them. */\nexport const COMMAND_PROPERTIES = {{\n{}\n}} as const satisfies Record<keyof Commands, {{ access: string; effect: string; thread: 'here' | 'worker' | 'slow'; needs: string; hosting: readonly string[] }}>;\n",
                lines.join("\n"),
                properties.join("\n")
            )
        }
    };
}

pub(crate) use surface;

/// The exported type names a TypeScript type expression refers to.
pub(super) fn type_names(expression: &str) -> Vec<String> {
    expression
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|word| {
            word.chars().next().is_some_and(char::is_uppercase)
                && !matches!(*word, "Array" | "Record" | "Partial")
        })
        .map(str::to_string)
        .collect()
}

pub(super) fn bad_request(name: &str, error: &serde_json::Error) -> crate::error::CommandError {
    crate::error::CommandError::input(
        tablekeeper_words::ErrorKind::InvalidRequest,
        tablekeeper_words::msg!(
            "error.invalid-request",
            "the request for '{name}' is not valid: {detail}",
            name = name,
            detail = error.to_string()
        ),
    )
}

pub(super) fn internal(error: &serde_json::Error) -> crate::error::CommandError {
    crate::error::CommandError::input(
        tablekeeper_words::ErrorKind::Internal,
        tablekeeper_words::msg!("error.internal", "{detail}", detail = error.to_string()),
    )
}
