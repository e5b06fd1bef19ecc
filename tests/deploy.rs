//! The systemd unit `deploy/thaayam.service`: it passes `systemd-analyze
//! verify` (run against the binary under test, where the unit names
//! /usr/local/bin/thaayam), with no warning about the unit, and it keeps
//! what an operator relies on: its own user, the state directory, the
//! token from an environment file, restart on failure, the hardening.
//! Without `systemd-analyze` (not Linux, no systemd package) the check by
//! systemd is skipped with a message; `.ci/run` installs it.
//!
//! Also what is shipped beside the binary: the vendored Embedded App SDK
//! (`assets/activity/embedded-app-sdk.js`) is the bundle whose SHA-256
//! `scripts/vendor-activity-sdk.sh` recorded, built from a lockfile with
//! integrity hashes.

use std::path::Path;
use std::process::Command;

const UNIT: &str = include_str!("../deploy/thaayam.service");

/// The unit's `Key=value` lines.
fn settings() -> Vec<(&'static str, &'static str)> {
    UNIT.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split_once('=')).collect()
}

fn value(key: &str) -> Vec<&'static str> {
    settings().into_iter().filter(|(k, _)| *k == key).map(|(_, v)| v).collect()
}

#[test]
fn the_unit_keeps_what_operators_rely_on() {
    assert!(value("DynamicUser") == ["yes"] || !value("User").is_empty(), "an unprivileged user of its own");
    assert_eq!(value("StateDirectory"), ["thaayam"], "the database under /var/lib/thaayam");
    assert_eq!(value("WorkingDirectory"), ["/var/lib/thaayam"], "a relative database path lands there");
    assert_eq!(value("EnvironmentFile"), ["/etc/thaayam/env"], "DISCORD_TOKEN from a file, not the unit");
    assert_eq!(value("Restart"), ["on-failure"]);
    assert!(value("ExecStart").iter().any(|v| v.contains("thaayam run")), "{:?}", value("ExecStart"));
    for key in ["NoNewPrivileges", "ProtectHome", "PrivateTmp", "PrivateDevices"] {
        assert_eq!(value(key), ["yes"], "{key}");
    }
    assert_eq!(value("ProtectSystem"), ["strict"]);
    assert!(value("Environment").iter().all(|v| !v.contains("DISCORD_TOKEN")), "the token is never in the unit");
    // The pages' caps are sized from it (systemd's default of 1,024 leaves a public listener little).
    let files: Vec<u64> = value("LimitNOFILE").iter().filter_map(|v| v.parse().ok()).collect();
    assert!(files.len() == 1 && files[0] >= 16_384, "LimitNOFILE, a number of at least 16384: {files:?}");
}

#[test]
fn the_vendored_sdk_is_the_bundle_its_recorded_hash_names() {
    use sha2::{Digest, Sha256};
    let bundle = include_bytes!("../assets/activity/embedded-app-sdk.js");
    let recorded = include_str!("../assets/activity/embedded-app-sdk.js.sha256");
    let (hash, name) = recorded.trim().split_once("  ").expect("`sha256sum` format: HASH  NAME");
    assert_eq!(name, "embedded-app-sdk.js");
    let got: String = Sha256::digest(bundle).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(got, hash, "the bundle changed without scripts/vendor-activity-sdk.sh recording it");
    // Built from a lockfile that pins every package by its integrity hash.
    let lock: serde_json::Value =
        serde_json::from_str(include_str!("../assets/activity/package-lock.json")).expect("a lockfile");
    let packages = lock["packages"].as_object().expect("the lockfile's packages");
    let sdk = &packages["node_modules/@discord/embedded-app-sdk"];
    let version = include_str!("../assets/activity/VERSION");
    assert!(
        version.contains(&format!("@discord/embedded-app-sdk {}", sdk["version"].as_str().unwrap_or("?"))),
        "{version}"
    );
    for (path, p) in packages.iter().filter(|(path, _)| !path.is_empty()) {
        let integrity = p["integrity"].as_str().unwrap_or_default();
        assert!(integrity.starts_with("sha512-"), "{path} is pinned by its integrity hash: {p}");
    }
    let script = include_str!("../scripts/vendor-activity-sdk.sh");
    assert!(script.contains("npm ci --ignore-scripts"), "installed from the lockfile, no install script run");
}

#[test]
fn systemd_analyze_verifies_the_unit() {
    let Ok(found) = Command::new("systemd-analyze").arg("--version").output() else {
        eprintln!(
            "SKIPPED: systemd-analyze is not installed (Debian: apt-get install systemd); the unit was not verified"
        );
        return;
    };
    assert!(found.status.success(), "systemd-analyze --version failed");
    let dir = std::env::temp_dir().join(format!("thaayam-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let unit = dir.join("thaayam.service");
    let exe = Path::new(env!("CARGO_BIN_EXE_thaayam"));
    std::fs::write(&unit, UNIT.replace("/usr/local/bin/thaayam", &exe.display().to_string())).expect("write unit");
    let out = Command::new("systemd-analyze").arg("verify").arg(&unit).output().expect("run systemd-analyze");
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let about_unit: Vec<&str> = stderr.lines().filter(|l| l.contains("thaayam.service")).collect();
    assert!(out.status.success() && about_unit.is_empty(), "systemd-analyze verify: {stderr}");
}
