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
WINDOWS_CARGO=(/usr/bin/cargo build --locked --release --target "$WINDOWS_TARGET"
  -Zbuild-std=std,panic_unwind --workspace --bins --tests)
WINDOWS_RELEASE="$CARGO_TARGET_DIR/$WINDOWS_TARGET/release"
# Debian packages the Windows build and its tests need (bookworm and bookworm-security).
WINDOWS_PACKAGES=(rustc-web cargo-web rust-web-src gcc-mingw-w64-x86-64-posix
  g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 nsis wine64 osslsigncode openssl python3 x11-utils)
