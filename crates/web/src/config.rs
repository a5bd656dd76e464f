//! The server's settings, from three places under the same names: a flag
//! (`--rate-limit 20`), an environment variable (`MANCALA_RATE_LIMIT=20`)
//! and a key of the TOML file named by `--config FILE` or `MANCALA_CONFIG`
//! (`rate_limit = 20`). A flag wins over the environment, the environment
//! over the file, the file over the default. Every setting is declared
//! once, in the `settings!` list below, which makes the flag, the variable,
//! the file's key and the default from it.
//!
//! Bad settings stop the server at start with a message naming the setting
//! or the file, and exit status 2: a flag or variable of the wrong type
//! (clap's message), a file that cannot be read, is not TOML, or has an
//! unknown key or a value of the wrong type.

use crate::proxy::{Cidr, ForwardedHeader};
use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches};
use serde::Deserialize;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// The log's format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// One readable line per event.
    #[default]
    Text,
    /// One JSON object per line, for a log collector.
    Json,
}

impl fmt::Display for LogFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LogFormat::Text => "text",
            LogFormat::Json => "json",
        })
    }
}

/// A list of addresses and ranges: `127.0.0.1,10.0.0.0/8` on the command
/// line or in the environment, an array of strings in the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CidrList(pub Vec<Cidr>);

impl FromStr for CidrList {
    type Err = String;

    fn from_str(text: &str) -> Result<CidrList, String> {
        text.split(',')
            .filter(|s| !s.trim().is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map(CidrList)
    }
}

impl<'de> Deserialize<'de> for CidrList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CidrList, D::Error> {
        Vec::<Cidr>::deserialize(d).map(CidrList)
    }
}

impl fmt::Display for CidrList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list: Vec<String> = self.0.iter().map(Cidr::to_string).collect();
        f.write_str(&list.join(","))
    }
}

/// Where a setting's value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Flag,
    Environment,
    File,
    Default,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Source::Flag => "flag",
            Source::Environment => "env",
            Source::File => "file",
            Source::Default => "default",
        })
    }
}

/// A setting that stops the server at start (exit status 2).
#[derive(Debug)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

macro_rules! settings {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty = $default:expr, $env:literal, $value:literal;
    )*) => {
        /// Serves the mancala catalogue, rules pages and games in the
        /// browser. Every option can also be set by its environment
        /// variable or, with `_` for `-`, as a key of the configuration
        /// file; a flag wins over the environment, the environment over the
        /// file.
        #[derive(clap::Parser, Debug)]
        #[command(name = "mancala-web", version)]
        pub struct Options {
            /// A TOML file of settings: `rate_limit = 20`, one key per
            /// option, named like the option with `_` for `-`.
            #[arg(long, env = "MANCALA_CONFIG", value_name = "FILE")]
            pub config: Option<PathBuf>,
            $(
                $(#[doc = $doc])*
                #[arg(long, env = $env, value_name = $value)]
                pub $name: Option<$ty>,
            )*
        }

        /// The configuration file's keys.
        #[derive(Deserialize, Debug, Default)]
        #[serde(deny_unknown_fields)]
        struct FileSettings {
            $( $name: Option<$ty>, )*
        }

        /// The settings in effect, with where each came from.
        #[derive(Clone, Debug)]
        pub struct Settings {
            $( $(#[doc = $doc])* pub $name: $ty, )*
            /// Each setting's name (the file's key) and its source.
            pub sources: Vec<(&'static str, Source)>,
            /// The configuration file read, if any.
            pub file: Option<PathBuf>,
        }

        impl Default for Settings {
            fn default() -> Settings {
                Settings {
                    $( $name: $default, )*
                    sources: vec![$( (stringify!($name), Source::Default), )*],
                    file: None,
                }
            }
        }

        impl Settings {
            /// Each setting as `(name, environment variable)`.
            pub const NAMES: &'static [(&'static str, &'static str)] =
                &[$( (stringify!($name), $env), )*];

            fn merge(
                options: Options,
                matches: &clap::ArgMatches,
                file: FileSettings,
            ) -> Settings {
                let mut settings = Settings::default();
                settings.sources.clear();
                $(
                    let source = match (options.$name, file.$name) {
                        (Some(value), _) => {
                            settings.$name = value;
                            match matches.value_source(stringify!($name)) {
                                Some(ValueSource::EnvVariable) => Source::Environment,
                                _ => Source::Flag,
                            }
                        }
                        (None, Some(value)) => {
                            settings.$name = value;
                            Source::File
                        }
                        (None, None) => Source::Default,
                    };
                    settings.sources.push((stringify!($name), source));
                )*
                settings
            }

            /// Every setting as `name=value [source]`, secrets masked.
            pub fn describe(&self) -> String {
                let mut out = Vec::new();
                if let Some(file) = &self.file {
                    out.push(format!("config={}", file.display()));
                }
                $(
                    let value = mask(stringify!($name), &self.$name.to_string());
                    let source = self.source(stringify!($name));
                    out.push(format!("{}={value} [{source}]", stringify!($name)));
                )*
                out.join(" ")
            }
        }
    };
}

settings! {
    /// Address to listen on (default 127.0.0.1:8080).
    bind: String = "127.0.0.1:8080".into(), "MANCALA_BIND", "ADDR";
    /// Address others use to reach this server, for invitation links; an
    /// https:// address makes the session cookie `Secure` (default:
    /// http://BIND).
    public_url: String = String::new(), "MANCALA_PUBLIC_URL", "URL";
    /// Where games are stored: sqlite://FILE, or
    /// postgres://USER:PASSWORD@HOST:PORT/DATABASE (postgresql:// too)
    /// (default sqlite://mancala.db).
    database: String = "sqlite://mancala.db".into(), "MANCALA_DATABASE", "URL";
    /// Requests per second allowed from one address (0: no limit); bursts
    /// of twice that are allowed (default 50).
    rate_limit: u32 = 50, "MANCALA_RATE_LIMIT", "N";
    /// Computer moves thought about at once (default: the number of CPUs).
    ai_threads: usize = std::thread::available_parallelism().map_or(1, |n| n.get()),
        "MANCALA_AI_THREADS", "N";
    /// Seconds a player to move may be away from an online game (no page
    /// open, no move) before the opponent can claim the win (default 180).
    abandon_seconds: u64 = crate::ABANDON_SECONDS, "MANCALA_ABANDON_SECONDS", "N";
    /// Connections one address (an IPv6 /64) may hold open at once; more
    /// are answered 429 and closed (default 64).
    max_connections_per_address: usize = 64, "MANCALA_MAX_CONNECTIONS_PER_ADDRESS", "N";
    /// Seconds a client has to send a request's headers, and that an idle
    /// kept-alive connection stays open (default 20).
    header_timeout_seconds: u64 = 20, "MANCALA_HEADER_TIMEOUT_SECONDS", "N";
    /// Seconds a request may take (its body included) before it is
    /// answered 503 (default 60).
    request_timeout_seconds: u64 = 60, "MANCALA_REQUEST_TIMEOUT_SECONDS", "N";
    /// Seconds a storage call may take before the request is answered 503
    /// (default 10).
    storage_timeout_seconds: u64 = 10, "MANCALA_STORAGE_TIMEOUT_SECONDS", "N";
    /// Games one address (an IPv6 /64) may create an hour (0: no limit;
    /// default 120).
    games_per_address_per_hour: u32 = 120, "MANCALA_GAMES_PER_ADDRESS_PER_HOUR", "N";
    /// Hints and reviews one address may have waiting or being computed;
    /// more are answered 429 (default 4).
    analyses_per_address: usize = 4, "MANCALA_ANALYSES_PER_ADDRESS", "N";
    /// The folder of endgame databases (DIR/GAME.egdb, as `mancala egdb
    /// build` writes them), for the analysis board and reviews; a missing
    /// file means no database for that game; empty: none (default egdb).
    egdb_dir: String = "egdb".into(), "MANCALA_EGDB_DIR", "DIR";
    /// Hours an online game's invitation can be taken (default 24).
    invitation_hours: u64 = crate::INVITATION_HOURS, "MANCALA_INVITATION_HOURS", "N";
    /// Seconds between the server's pings on each WebSocket; a socket
    /// silent for two pings is closed and its player counts as gone
    /// (default 20).
    ping_seconds: u64 = crate::PING_SECONDS, "MANCALA_PING_SECONDS", "N";
    /// Reverse proxies whose client-address header is believed: addresses
    /// or ranges, comma-separated (127.0.0.1,10.0.0.0/8,::1). Default:
    /// none, every header is ignored.
    trusted_proxies: CidrList = CidrList::default(), "MANCALA_TRUSTED_PROXIES", "LIST";
    /// The header the trusted proxies write the client's address in:
    /// x-forwarded-for or forwarded (default x-forwarded-for).
    forwarded_header: ForwardedHeader = ForwardedHeader::default(),
        "MANCALA_FORWARDED_HEADER", "HEADER";
    /// A second address that serves only GET /metrics and GET /healthz, to
    /// anyone who reaches it (default: none; the main address answers
    /// /metrics to loopback clients only).
    metrics_bind: String = String::new(), "MANCALA_METRICS_BIND", "ADDR";
    /// The log's format: text or json (default text).
    log_format: LogFormat = LogFormat::Text, "MANCALA_LOG_FORMAT", "FORMAT";
    /// Seconds a stop (SIGTERM, Ctrl-C) may take: moves in flight are
    /// finished, pages told to reconnect, the store closed (default 10).
    shutdown_seconds: u64 = 10, "MANCALA_SHUTDOWN_SECONDS", "N";
}

impl Settings {
    /// Reads the settings from `args` (the program's name first), the
    /// environment and the file they name. A usage error (bad flag or
    /// variable) comes back as clap's, to be printed by `Error::exit`.
    pub fn load<I, T>(args: I) -> Result<Result<Settings, ConfigError>, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let matches = Options::command().try_get_matches_from(args)?;
        let mut options = Options::from_arg_matches(&matches)?;
        let path = options.config.take();
        let file = match &path {
            Some(path) => match read_file(path) {
                Ok(file) => file,
                Err(e) => return Ok(Err(e)),
            },
            None => FileSettings::default(),
        };
        let mut settings = Settings::merge(options, &matches, file);
        settings.file = path;
        Ok(Ok(settings))
    }

    /// The environment variable a usage error is about, if its value came
    /// from there (clap's message names only the flag).
    pub fn variable_in(error: &clap::Error) -> Option<&'static str> {
        let arg = match error.get(clap::error::ContextKind::InvalidArg)? {
            clap::error::ContextValue::String(arg) => arg.clone(),
            _ => return None,
        };
        let name = arg.strip_prefix("--")?.split([' ', '=']).next()?.replace('-', "_");
        let (_, env) = Settings::NAMES.iter().find(|(n, _)| *n == name)?;
        let flag = format!("--{}", name.replace('_', "-"));
        let given = std::env::args().any(|a| a == flag || a.starts_with(&format!("{flag}=")));
        (!given && std::env::var_os(env).is_some()).then_some(*env)
    }

    /// Where `name`'s value came from.
    pub fn source(&self, name: &str) -> Source {
        self.sources.iter().find(|(n, _)| *n == name).map_or(Source::Default, |(_, s)| *s)
    }

    /// The `MANCALA_*` environment variables that name no setting (a typo,
    /// most likely), to be warned about.
    pub fn unknown_variables() -> Vec<String> {
        std::env::vars_os()
            .filter_map(|(name, _)| name.into_string().ok())
            .filter(|name| name.starts_with("MANCALA_"))
            .filter(|name| name != "MANCALA_CONFIG")
            .filter(|name| !Settings::NAMES.iter().any(|(_, env)| env == name))
            .collect()
    }

    /// The server's `Config` from these settings (`public_url` as given:
    /// the caller fills in the default once it knows the bound address).
    pub fn config(&self) -> crate::Config {
        crate::Config {
            public_url: self.public_url.clone(),
            database: self.database.clone(),
            rate_limit: self.rate_limit,
            ai_threads: self.ai_threads,
            abandon_seconds: self.abandon_seconds,
            max_connections_per_address: self.max_connections_per_address,
            header_timeout_seconds: self.header_timeout_seconds,
            request_timeout_seconds: self.request_timeout_seconds,
            storage_timeout_seconds: self.storage_timeout_seconds,
            games_per_address_per_hour: self.games_per_address_per_hour,
            analyses_per_address: self.analyses_per_address,
            invitation_hours: self.invitation_hours,
            ping_seconds: self.ping_seconds,
            egdb_dir: (!self.egdb_dir.is_empty()).then(|| PathBuf::from(&self.egdb_dir)),
            proxies: crate::proxy::Proxies {
                trusted: self.trusted_proxies.0.clone(),
                header: self.forwarded_header,
            },
            time: crate::time::Time::system(),
        }
    }
}

fn read_file(path: &std::path::Path) -> Result<FileSettings, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        ConfigError(format!("cannot read the configuration file {}: {e}", path.display()))
    })?;
    toml::from_str(&text).map_err(|e| {
        ConfigError(format!(
            "the configuration file {} is not valid: {}",
            path.display(),
            e.to_string().trim_end()
        ))
    })
}

/// A setting's value for the log: a password in a database URL (its user
/// information, or a `password=` parameter) becomes `***`.
pub fn mask(name: &str, value: &str) -> String {
    if name != "database" {
        return value.to_string();
    }
    let mut out = value.to_string();
    if let Some(scheme) = out.find("://") {
        let start = scheme + 3;
        let authority_end = out[start..].find('/').map_or(out.len(), |i| start + i);
        if let Some(at) = out[start..authority_end].rfind('@') {
            let at = start + at;
            if let Some(colon) = out[start..at].find(':') {
                out.replace_range(start + colon + 1..at, "***");
            }
        }
    }
    if let Some(query) = out.find('?') {
        let (base, params) = out.split_at(query + 1);
        let params: Vec<String> = params
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                _ => pair.to_string(),
            })
            .collect();
        out = format!("{base}{}", params.join("&"));
    }
    out
}
