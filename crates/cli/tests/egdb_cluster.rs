//! The distributed database build (`mancala egdb build -n/-p/-h`,
//! `scripts/egdb-cluster.sh`): its files against the one-machine build's,
//! and its behaviour when a process is missing or killed.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

const GAMES: [&str; 4] =
    ["barbados-warri-speightstown", "barbados-warri-bridgetown", "wahree", "oware-abapa"];
const SEEDS: &str = "12";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_mancala")
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/egdb-cluster.sh")
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("egdb-cluster-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// The one-machine file of `game` to 12 seeds (built once per test run).
fn reference(game: &str) -> PathBuf {
    static BUILT: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let built = BUILT.get_or_init(|| Mutex::new(HashMap::new()));
    // One build at a time; each is built once.
    let mut built = built.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = built.get(game) {
        return p.clone();
    }
    let path = dir(&format!("reference-{game}")).join("one.egdb");
    let o = Command::new(bin())
        .args(["egdb", "build", "--game", game, "--seeds", SEEDS, "--threads", "1", "--out"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    built.insert(game.to_string(), path.clone());
    path
}

fn cluster(processes: usize, port: u16, game: &str, out: &Path) -> Output {
    Command::new("bash")
        .arg(script())
        .arg(processes.to_string())
        .args(["--game", game, "--seeds", SEEDS, "--out"])
        .arg(out)
        .env("MANCALA", bin())
        .env("EGDB_CLUSTER_PORT", port.to_string())
        .output()
        .unwrap()
}

/// A first port of `n` consecutive ports free on 127.0.0.1 right now (the
/// operating system's choice, checked by binding them all), so that tests
/// run side by side, or beside other programs, never meet on a port.
fn free_ports(n: u16) -> u16 {
    for _ in 0..200 {
        let first =
            std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        if first.checked_add(n).is_none() {
            continue;
        }
        let held: Vec<_> = (first..first + n)
            .map_while(|p| std::net::TcpListener::bind(("127.0.0.1", p)).ok())
            .collect();
        if held.len() == usize::from(n) {
            return first;
        }
    }
    panic!("no {n} consecutive free ports on 127.0.0.1");
}

fn same_bytes(a: &Path, b: &Path) -> bool {
    std::fs::read(a).unwrap() == std::fs::read(b).unwrap()
}

/// Every 2 x 6 ruleset at 12 seeds with 1, 2 and 3 processes over
/// loopback: the file is byte for byte the one-machine build's.
#[test]
fn distributed_build_is_byte_identical_with_1_2_and_3_processes() {
    let d = dir("identical");
    for game in GAMES {
        let one = reference(game);
        for processes in 1..=3 {
            let out = d.join(format!("{game}-{processes}.egdb"));
            let o = cluster(processes, free_ports(processes as u16), game, &out);
            assert!(o.status.success(), "{game}, {processes} processes: {}", text(&o));
            assert!(same_bytes(&one, &out), "{game} with {processes} processes differs");
            // Each process reports its own share of every layer.
            let all = text(&o);
            for p in 0..processes {
                assert!(
                    all.contains(&format!("[{p}] process {p} of {processes}: its share")),
                    "{all}"
                );
            }
        }
    }
    std::fs::remove_dir_all(&d).unwrap();
}

fn hostfile(d: &Path, port: u16, processes: u16) -> PathBuf {
    let h = d.join("hosts");
    let lines: Vec<String> = (0..processes).map(|i| format!("127.0.0.1:{}", port + i)).collect();
    std::fs::write(&h, lines.join("\n") + "\n").unwrap();
    h
}

fn process(game: &str, seeds: &str, out: &Path, hosts: &Path, p: usize, n: usize) -> Command {
    let mut c = Command::new(bin());
    c.args(["egdb", "build", "--game", game, "--seeds", seeds, "--out"])
        .arg(out)
        .args(["-n", &n.to_string(), "-p", &p.to_string(), "-h"])
        .arg(hosts);
    c
}

/// Waits for `child` at most `limit`; kills it and fails if it is still
/// running then.
fn wait_for(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("{what} still running after {limit:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// Two processes of three started: both stop by themselves within the
/// connection timeout (here 3 s), non-zero, saying what is missing.
#[test]
fn a_process_that_never_comes_up_stops_the_others() {
    let d = dir("missing");
    let hosts = hostfile(&d, 31200, 3);
    let out = d.join("db.egdb");
    let children: Vec<Child> = (0..2)
        .map(|p| {
            process("wahree", "6", &out, &hosts, p, 3)
                .args(["--connect-timeout", "3"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let start = Instant::now();
    for (p, child) in children.into_iter().enumerate() {
        let o = wait_for(child, Duration::from_secs(30), "a process without its peer");
        assert!(!o.status.success(), "process {p}: {}", text(&o));
        let all = text(&o);
        assert!(all.contains("not every process connected within 3 s"), "{all}");
        assert!(all.contains(&format!("process {p} of 3")), "{all}");
    }
    assert!(start.elapsed() < Duration::from_secs(20));
    std::fs::remove_dir_all(&d).unwrap();
}

/// Three processes build Wahree to 12 seeds; when `victim` is killed in
/// the middle of layer 12, the others stop (non-zero, with the reason) and
/// the file keeps layers 0 to 11; the same command again finishes the
/// file, byte for byte the one-machine build's.
fn kill_and_resume(victim: usize) {
    let game = "wahree";
    let d = dir(&format!("kill-{victim}"));
    let hosts = hostfile(&d, free_ports(3), 3);
    let out = d.join("db.egdb");
    let mut children: Vec<Child> = (0..3)
        .map(|p| {
            process(game, SEEDS, &out, &hosts, p, 3)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    // The victim's progress lines: kill it once layer 12 has started.
    let stderr = children[victim].stderr.take().unwrap();
    let mut seen = Vec::new();
    for line in BufReader::new(stderr).lines() {
        let line = line.unwrap();
        let started = line.contains("layer 12: ") && line.contains("owns");
        seen.push(line);
        if started {
            break;
        }
    }
    assert!(seen.last().is_some_and(|l| l.contains("layer 12")), "{seen:?}");
    std::thread::sleep(Duration::from_millis(100));
    children[victim].kill().unwrap();
    let _ = children[victim].wait();
    for (p, child) in children.into_iter().enumerate().filter(|&(p, _)| p != victim) {
        let o = wait_for(child, Duration::from_secs(60), "a process whose peer was killed");
        assert!(!o.status.success(), "process {p}: {}", text(&o));
        let all = text(&o);
        assert!(all.contains("the connection to another process broke"), "{all}");
    }
    // Layers 0 to 11 are in the file, complete.
    let info = Command::new(bin()).args(["egdb", "info"]).arg(&out).output().unwrap();
    assert!(info.status.success(), "{}", text(&info));
    assert!(text(&info).contains("positions with 0 to 11 seeds"), "{}", text(&info));
    // The same command again: resumes at layer 12.
    let o = cluster(3, free_ports(3), game, &out);
    assert!(o.status.success(), "{}", text(&o));
    let started = |n: u32| {
        text(&o)
            .lines()
            .any(|l| l.starts_with("[0] process 0: ") && l.contains(&format!(" layer {n}: ")))
    };
    assert!(started(12) && !started(11), "{}", text(&o));
    assert!(same_bytes(&reference(game), &out), "the resumed file differs");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn killing_a_worker_process_stops_the_others_and_the_build_resumes_identical() {
    kill_and_resume(2);
}

#[test]
fn killing_process_0_stops_the_others_and_the_build_resumes_identical() {
    kill_and_resume(0);
}

/// Wrong distributed options: a clear error, a non-zero exit, no file.
#[test]
fn bad_distributed_options_are_refused_clearly() {
    let d = dir("bad");
    let out = d.join("db.egdb");
    let run = |args: &[&str]| {
        let o = Command::new(bin())
            .args(["egdb", "build", "--seeds", "4", "--out"])
            .arg(&out)
            .args(args)
            .output()
            .unwrap();
        assert!(!o.status.success(), "{args:?}: {}", text(&o));
        text(&o)
    };
    let e = run(&["--game", "wahree", "-n", "2", "-p", "2"]);
    assert!(e.contains("process index 2 is out of range: with 2 processes it is 0 to 1"), "{e}");
    let e = run(&["--game", "anywoli", "-n", "1"]);
    assert!(e.contains("the distributed build does not handle relay sowing"), "{e}");
    let e = run(&["--game", "wahree", "-n", "2", "--builder", "edges"]);
    assert!(e.contains("uses the retrograde builder"), "{e}");
    let e = run(&["--game", "wahree", "-p", "1"]);
    assert!(e.contains("--processes"), "{e}");
    let hosts = d.join("hosts");
    std::fs::write(&hosts, format!("127.0.0.1:{}\n", free_ports(1))).unwrap();
    let e = run(&["--game", "wahree", "-n", "2", "-h", hosts.to_str().unwrap()]);
    assert!(e.contains("has 1 addresses, 2 processes need one each"), "{e}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// Each process in its own network namespace, as on separate hosts
/// (`scripts/egdb-netns.sh`; needs root, so run by hand:
/// `cargo test --release -p mancala-cli --test egdb_cluster -- --ignored`).
#[test]
#[ignore]
fn processes_in_separate_network_namespaces_build_the_same_file() {
    let d = dir("netns");
    let out = d.join("db.egdb");
    let o = Command::new("bash")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/egdb-netns.sh"))
        .args(["3", "--game", "wahree", "--seeds", SEEDS, "--out"])
        .arg(&out)
        .env("MANCALA", bin())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    assert!(same_bytes(&reference("wahree"), &out), "the file differs");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Rules with a stall limit (Oware (Abapa) with a made-up limit of 27, the
/// longest forcing line of its layer 3, so that layers 5 and 6 are computed
/// reading some lower positions as unresolved): the distributed build
/// writes the one-machine build's file byte for byte, from scratch and
/// resuming a file whose lower layers it has to read and send (with their
/// long lines cleared) before computing the rest. The processes run as
/// threads of this test, over loopback.
#[test]
fn a_stall_limit_build_carries_exactness_the_same_way_distributed() {
    use mancala_ai::egdb::cluster::{build_distributed, ClusterOptions};
    use mancala_ai::egdb::{self, BuildOptions, Egdb};
    use mancala_rules::{Rules, Ruleset, Stall, RULESETS};
    use std::sync::Arc;
    let rules = Rules { stall: Stall::QuietMoves(27), ..RULESETS[4].rules };
    let ruleset: &'static Ruleset = Box::leak(Box::new(Ruleset {
        id: "test-abapa-stall-27",
        name: "Abapa with a stall limit",
        version: 1,
        rules,
        match_first_to: None,
    }));
    let d = dir("stall");
    let options = BuildOptions { max_seeds: 6, threads: 1, ..BuildOptions::default() };
    let one = d.join("one.egdb");
    egdb::build(ruleset, &one, &options, &mut |_| {}).unwrap();
    let model = Egdb::build_in_memory_options(
        ruleset,
        &BuildOptions { carry_exactness: false, ..options.clone() },
    )
    .unwrap();
    let db = Egdb::open(&one, ruleset).unwrap();
    assert!(db.layers().iter().all(|e| e.carried()));
    // The flag is not all that differs: some layer gave up forced results.
    let forced = |db: &Egdb| db.layers().iter().map(|e| e.win + e.loss).sum::<u64>();
    assert!(forced(&db) < forced(&model), "{} {}", forced(&db), forced(&model));

    let distributed = |out: &Path| {
        let port = free_ports(2);
        let addresses: Vec<String> = (0..2).map(|i| format!("127.0.0.1:{}", port + i)).collect();
        let workers: Vec<_> = (0..2)
            .map(|p| {
                let (out, options) = (out.to_path_buf(), options.clone());
                let cluster = ClusterOptions {
                    addresses: addresses.clone(),
                    ..ClusterOptions::new(2, p, None).unwrap()
                };
                std::thread::spawn(move || {
                    build_distributed(ruleset, &out, &options, &cluster, Arc::new(|_: &str| {}))
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap().unwrap();
        }
    };
    let fresh = d.join("fresh.egdb");
    distributed(&fresh);
    assert!(same_bytes(&one, &fresh), "a distributed build from scratch differs");
    let resumed = d.join("resumed.egdb");
    let lower = BuildOptions { stop_after_layer: Some(4), ..options.clone() };
    egdb::build(ruleset, &resumed, &lower, &mut |_| {}).unwrap();
    distributed(&resumed);
    assert!(same_bytes(&one, &resumed), "a distributed build over layers 0-4 differs");
    std::fs::remove_dir_all(&d).unwrap();
}
