# The Windows build's environment, sourced by build.sh and test.sh: Debian's own Rust (its
# standard library's source builds std for the target; the rustup toolchain stays the one
# for Linux builds), MinGW-w64 for C and C++, and a target folder of its own.
# shellcheck shell=bash
WINDOWS_TARGET=x86_64-pc-windows-gnu
export CARGO_TARGET_DIR="$PWD/target/win"
export RUSTC=/usr/bin/rustc
# build-std is a nightly flag; Debian's stable compiler allows it with this.
export RUSTC_BOOTSTRAP=1
export CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc-posix
export CXX_x86_64_pc_windows_gnu=x86_64-w64-mingw32-g++-posix
export AR_x86_64_pc_windows_gnu=x86_64-w64-mingw32-ar
export CARGO_PROFILE_RELEASE_STRIP=symbols
export CARGO_INCREMENTAL=0
# Under Wine: the runner puts the test aid DLL beside each test binary.
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER="$PWD/packaging/windows/wine/run"
# Which cargo profile: `release` for what a shop installs (`./tk windows`); `./tk test`
# sets `wine` (Cargo.toml), release's semantics at a lower optimisation level, which
# compiles in about half the time and is what the tests under Wine and the installer test
# need (docs/windows.md).
WINDOWS_PROFILE=${TK_WINDOWS_PROFILE:-release}
WINDOWS_CARGO=(/usr/bin/cargo build --locked --profile "$WINDOWS_PROFILE" --target "$WINDOWS_TARGET"
  -Zbuild-std=std,panic_unwind)
WINDOWS_OUT="$CARGO_TARGET_DIR/$WINDOWS_TARGET/$WINDOWS_PROFILE"
# What one Windows build selects: the programs (the CLI and the app), and with crates named
# ("store commands …") those crates' test binaries too, in ONE cargo invocation, so the
# dependencies' features are resolved once. Built in two invocations (the tests, then the
# programs) the features came out apart and 235 crates were compiled twice, about ten of a
# CI run's minutes. The app's own test binary is built with them; the CLI's only when the
# CLI is among the crates named; only the named crates' run under Wine.
windows_build_selection() {
  local crate seen=" "
  for crate in "$@" cli app; do
    case "$seen" in *" $crate "*) continue ;; esac
    seen="$seen$crate "
    printf -- '-p\ntablekeeper-%s\n' "$crate"
  done
  printf -- '--bins\n'
  if [ $# -gt 0 ]; then printf -- '--tests\n'; fi
  # The CLI's own test programs only when they run under Wine: its `process-tests`
  # feature (on by default) is the one default feature of the workspace's crates, so
  # turning defaults off changes nothing else, and no dependency's features.
  case " $* " in *" cli "*) ;; *) printf -- '--no-default-features\n' ;; esac
}
# Debian packages the Windows build and its tests need (bookworm and bookworm-security).
WINDOWS_PACKAGES=(rustc-web cargo-web rust-web-src gcc-mingw-w64-x86-64-posix
  g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 nsis wine64 osslsigncode openssl python3 x11-utils)
