//! The systemd unit `deploy/thaayam.service`: it passes `systemd-analyze
//! verify` (run against the binary under test, where the unit names
//! /usr/local/bin/thaayam), with no warning about the unit, and it keeps
//! what an operator relies on: its own user, the state directory, the
//! token from an environment file, restart on failure, the hardening.
//! Without `systemd-analyze` (not Linux, no systemd package) the check by
//! systemd is skipped with a message; `.ci/run` installs it.

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
