//! Settings from flags, MANCALA_* variables and a TOML file: one list of
//! names, the precedence, the effective configuration in the log, and a
//! clear refusal (exit status 2) of anything wrong.

use super::restart::Process;
use super::*;
use clap::CommandFactory;
use mancala_web::config::{mask, Options, Settings};
use std::process::{Command, Stdio};

#[test]
fn settings_have_one_name_everywhere_and_the_readme_lists_each() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let command = Options::command();
    let mut seen = 0;
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        if id == "help" || id == "version" {
            continue;
        }
        let long = arg.get_long().unwrap();
        assert_eq!(long, id.replace('_', "-"), "the flag of {id}");
        let env = arg.get_env().unwrap().to_str().unwrap();
        assert_eq!(env, format!("MANCALA_{}", id.to_uppercase()), "the variable of {id}");
        if id != "config" {
            assert!(Settings::NAMES.contains(&(id, env)), "{id} is not a file key");
            seen += 1;
        }
        let row = readme.lines().find(|l| l.starts_with(&format!("| `--{long}")));
        let row = row.unwrap_or_else(|| panic!("README.md's options table has no --{long}"));
        assert!(row.contains(&format!("`{env}`")), "README.md's row for --{long} lacks {env}");
    }
    assert_eq!(seen, Settings::NAMES.len());
}

#[test]
fn settings_mask_the_password_of_a_database_url() {
    assert_eq!(
        mask("database", "postgres://mancala:s3cr:et@db.example:5432/mancala"),
        "postgres://mancala:***@db.example:5432/mancala"
    );
    assert_eq!(
        mask("database", "postgresql://u@h/db?sslmode=disable&password=hunter2"),
        "postgresql://u@h/db?sslmode=disable&password=***"
    );
    assert_eq!(
        mask("database", "sqlite:///var/lib/mancala/games.db"),
        "sqlite:///var/lib/mancala/games.db"
    );
    assert_eq!(mask("public_url", "https://u:p@x"), "https://u:p@x");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_flag_beats_environment_beats_file_beats_default() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mancala.toml");
    let db = dir.path().join("games.db");
    std::fs::write(
        &file,
        format!(
            "# a club's server\nrate_limit = 1\nai_threads = 3\nping_seconds = 7\n\
             database = \"sqlite://{}\"\ntrusted_proxies = [\"10.0.0.0/8\", \"::1\"]\n",
            db.display()
        ),
    )
    .unwrap();
    let config = file.to_str().unwrap();
    let server = Process::start(
        dir.path(),
        "settings",
        &["--bind", "127.0.0.1:0", "--ping-seconds", "11"],
        &[("MANCALA_CONFIG", config), ("MANCALA_AI_THREADS", "2"), ("MANCALA_PING_SECONDS", "9")],
    );
    let log = server.log();
    let line = log.lines().find(|l| l.contains("effective configuration:")).unwrap();
    for expected in [
        &format!("effective configuration: config={config} "),
        "rate_limit=1 [file]",
        "ai_threads=2 [env]",
        "ping_seconds=11 [flag]",
        "bind=127.0.0.1:0 [flag]",
        "abandon_seconds=180 [default]",
        "trusted_proxies=10.0.0.0/8,::1/128 [file]",
        &format!("database=sqlite://{} [file]", db.display()),
        &format!("public_url=http://{} [default]", server.addr),
    ] {
        assert!(line.contains(expected), "{expected} not in {line}");
    }
    // The file's rate limit is the one in force: 1 a second, bursts of 2.
    let mut statuses = Vec::new();
    for _ in 0..3 {
        statuses.push(http_at(server.addr, "GET", "/api/games", &[], b"").await.status);
    }
    assert_eq!(statuses, [200, 200, 429]);
    assert!(db.exists(), "the file's database was not used");
}

/// Runs the binary with a bad setting: it must stop at once with status 2
/// and a message holding each of `expected`.
fn refused(dir: &std::path::Path, args: &[&str], env: &[(&str, &str)], expected: &[&str]) {
    let mut child = Command::new(BINARY)
        .args(["--bind", "127.0.0.1:0"])
        .args(args)
        .env("MANCALA_DATABASE", format!("sqlite://{}/games.db", dir.display()))
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{args:?} {env:?} started a server instead of stopping");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.code(), Some(2), "{args:?} {env:?}: {stderr}");
    for e in expected {
        assert!(stderr.contains(e), "{args:?} {env:?}: {e:?} not in {stderr}");
    }
}

#[test]
fn settings_that_are_wrong_stop_the_server_with_status_2_and_say_which() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = |name: &str, text: &str| {
        let path = d.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let typo = file("typo.toml", "rate_limt = 5\n");
    refused(
        d,
        &["--config", &typo],
        &[],
        &["typo.toml", "unknown field `rate_limt`", "rate_limit"],
    );
    let wrong = file("wrong.toml", "ping_seconds = 20\nrate_limit = \"fast\"\n");
    refused(d, &["--config", &wrong], &[], &["wrong.toml", "line 2", "rate_limit", "expected u32"]);
    let negative = file("negative.toml", "shutdown_seconds = -1\n");
    refused(d, &[], &[("MANCALA_CONFIG", &negative)], &["negative.toml", "shutdown_seconds"]);
    let proxy = file("proxy.toml", "trusted_proxies = [\"10.0.0.0/33\"]\n");
    refused(d, &["--config", &proxy], &[], &["proxy.toml", "10.0.0.0/33", "10.0.0.0/8"]);
    let not_toml = file("broken.toml", "rate_limit = [\n");
    refused(d, &["--config", &not_toml], &[], &["broken.toml", "not valid"]);
    let missing = d.join("missing.toml");
    refused(d, &["--config", missing.to_str().unwrap()], &[], &["missing.toml", "cannot read"]);
    refused(
        d,
        &[],
        &[("MANCALA_RATE_LIMIT", "abc")],
        &["MANCALA_RATE_LIMIT", "--rate-limit", "abc"],
    );
    refused(d, &["--log-format", "xml"], &[], &["xml", "text", "json"]);
    refused(d, &["--trusted-proxies", "proxy.local"], &[], &["proxy.local"]);
}
