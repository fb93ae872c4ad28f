//! A CUPS scheduler of the test's own: its configuration, spool and socket in a temporary
//! folder, one printer (`counter`) whose jobs are written to a file there as received (a raw
//! queue on a file device), and the scheduler stopped when the guard goes. `None` where CUPS
//! is not installed (a contributor's machine without it; `./tk setup` installs it).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct PrivateCups {
    child: Child,
    pub socket: PathBuf,
    /// Where the printer `counter` writes the job it received last.
    pub output: PathBuf,
}

impl Drop for PrivateCups {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn installed(program: &str) -> bool {
    ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]
        .iter()
        .any(|dir| Path::new(dir).join(program).exists())
}

impl PrivateCups {
    pub fn start(dir: &Path) -> Option<PrivateCups> {
        if !(installed("cupsd") && installed("lpadmin") && installed("lp")) {
            eprintln!("CUPS is not installed: the print service's test is skipped");
            return None;
        }
        // Open to CUPS's filters, which run as the scheduler's user (lp) under a root cupsd.
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755))
                .expect("the scheduler's folder open to its filters");
        }
        for sub in ["etc", "spool", "cache", "state", "tmp", "log", "out"] {
            std::fs::create_dir_all(dir.join(sub)).expect("a folder of the scheduler's");
        }
        let socket = dir.join("cups.sock");
        let output = dir.join("out").join("job");
        std::fs::write(
            dir.join("etc/cupsd.conf"),
            format!(
                "Listen {}\nLogLevel warn\nWebInterface No\nDefaultAuthType None\n\
                 <Location />\n  Order allow,deny\n  Allow all\n</Location>\n\
                 <Location /admin>\n  Order allow,deny\n  Allow all\n</Location>\n\
                 <Policy default>\n  <Limit All>\n    Order deny,allow\n  </Limit>\n</Policy>\n",
                socket.display()
            ),
        )
        .expect("cupsd.conf");
        let d = dir.display();
        std::fs::write(
            dir.join("etc/cups-files.conf"),
            format!(
                "ServerRoot {d}/etc\nRequestRoot {d}/spool\nCacheDir {d}/cache\nStateDir {d}/state\n\
                 TempDir {d}/tmp\nErrorLog {d}/log/error_log\nAccessLog {d}/log/access_log\n\
                 PageLog {d}/log/page_log\nFileDevice Yes\nServerBin /usr/lib/cups\n\
                 DataDir /usr/share/cups\nSandboxing Relaxed\n"
            ),
        )
        .expect("cups-files.conf");
        let child = Command::new("cupsd")
            .arg("-f")
            .arg("-c")
            .arg(dir.join("etc/cupsd.conf"))
            .arg("-s")
            .arg(dir.join("etc/cups-files.conf"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("cupsd starts");
        let cups = PrivateCups {
            child,
            socket,
            output,
        };
        let started = Instant::now();
        while !cups.socket.exists() {
            assert!(started.elapsed() < Duration::from_secs(10), "cupsd listens");
            std::thread::sleep(Duration::from_millis(50));
        }
        let added = Command::new("lpadmin")
            .env("CUPS_SERVER", &cups.socket)
            .args(["-p", "counter", "-E", "-m", "raw", "-v"])
            .arg(format!("file://{}", cups.output.display()))
            .output()
            .expect("lpadmin runs");
        assert!(added.status.success(), "the printer added: {added:?}");
        Some(cups)
    }

    /// The bytes the printer received for its last job, once `expected` bytes arrived.
    pub fn received(&self, expected: usize) -> Vec<u8> {
        let started = Instant::now();
        loop {
            let bytes = std::fs::read(&self.output).unwrap_or_default();
            if bytes.len() >= expected || started.elapsed() > Duration::from_secs(15) {
                return bytes;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}
