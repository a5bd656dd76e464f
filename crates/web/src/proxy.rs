//! Behind a reverse proxy: every connection comes from the proxy, so the
//! client's own address is read from the header the proxy adds, but only
//! when the connection comes from an address listed in
//! `--trusted-proxies`. From anyone else the headers are ignored: a client
//! could write any address there and escape its limits.
//!
//! The client is the right-most address in the header that is not a
//! trusted proxy: each proxy appends the address it got the request from,
//! so entries to the right of the client's were written by our proxies and
//! anything to its left was written by the client (and may be made up).
//!
//! An entry that is not an address (`unknown`, empty, an RFC 7239
//! obfuscated `_name`) where the client should be makes the client
//! [`UNKNOWN_CLIENT`], never the proxy: the proxy's own address is the one
//! client that `/metrics` answers behind it and that every client behind
//! it would otherwise share limits with. All such clients share the limits
//! of that one address (there is nothing to tell them apart by); nobody
//! else does.

use axum::http::HeaderMap;
use serde::Deserialize;
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

/// The client whose proxy could not name it: the unspecified IPv6 address
/// `::`, which no real client has, which is not loopback, and which is
/// never the proxy.
pub const UNKNOWN_CLIENT: IpAddr = IpAddr::V6(std::net::Ipv6Addr::UNSPECIFIED);

/// An address range, `10.0.0.0/8`, `fd00::/8`, or one address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    network: IpAddr,
    prefix: u8,
}

impl Cidr {
    /// Whether `ip` is in the range (an IPv4-mapped IPv6 address counts as
    /// its IPv4 address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.network, canonical(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - self.prefix as u32).unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX.checked_shl(128 - self.prefix as u32).unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

impl FromStr for Cidr {
    type Err = String;

    fn from_str(text: &str) -> Result<Cidr, String> {
        let text = text.trim();
        let bad = || {
            format!(
                "'{text}' is not an address or a range: write 127.0.0.1, 10.0.0.0/8, ::1 or \
                 fd00::/8"
            )
        };
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let network = canonical(address.parse::<IpAddr>().map_err(|_| bad())?);
        let bits = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(prefix) => prefix.parse::<u8>().ok().filter(|&p| p <= bits).ok_or_else(bad)?,
            None => bits,
        };
        Ok(Cidr { network, prefix })
    }
}

impl fmt::Display for Cidr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.network, self.prefix)
    }
}

impl<'de> Deserialize<'de> for Cidr {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cidr, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Which header the proxies write the client's address in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum ForwardedHeader {
    /// `X-Forwarded-For: client, proxy1, proxy2` (Caddy's and nginx's usual).
    #[default]
    XForwardedFor,
    /// `Forwarded: for=client, for=proxy1` (RFC 7239).
    Forwarded,
}

impl fmt::Display for ForwardedHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForwardedHeader::XForwardedFor => "x-forwarded-for",
            ForwardedHeader::Forwarded => "forwarded",
        })
    }
}

/// The proxies whose headers are believed, and which header they write.
/// Only that one header is read: a proxy that writes X-Forwarded-For
/// passes a client's own `Forwarded` header on untouched, so reading both
/// would let the client choose.
#[derive(Clone, Debug, Default)]
pub struct Proxies {
    pub trusted: Vec<Cidr>,
    pub header: ForwardedHeader,
}

impl Proxies {
    /// Whether a connection from `peer` is one of our proxies.
    pub fn trusts(&self, peer: IpAddr) -> bool {
        self.trusted.iter().any(|cidr| cidr.contains(peer))
    }

    /// The client a request from `peer` is for: `peer` itself unless it is
    /// a trusted proxy; then the right-most address in the header that is
    /// not a trusted proxy (the left-most if all are); `peer` if the header
    /// is missing; [`UNKNOWN_CLIENT`] if the entry where the client should
    /// be cannot be read.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let entries: Vec<&str> = match self.header {
            ForwardedHeader::XForwardedFor => headers
                .get_all("x-forwarded-for")
                .iter()
                // A line that is not text is one entry that is no address.
                .map(|v| v.to_str().unwrap_or("unknown"))
                .flat_map(|v| v.split(','))
                .collect(),
            ForwardedHeader::Forwarded => headers
                .get_all("forwarded")
                .iter()
                .map(|v| v.to_str().unwrap_or("for=unknown"))
                .flat_map(|v| v.split(','))
                .filter_map(forwarded_for)
                .collect(),
        };
        let mut client = peer;
        for entry in entries.iter().rev() {
            let Some(ip) = parse_node(entry) else {
                // Where the client should be, our proxy wrote no address
                // (or a proxy we trust passed on what it could not read).
                return UNKNOWN_CLIENT;
            };
            client = ip;
            if !self.trusts(ip) {
                break;
            }
        }
        canonical(client)
    }
}

/// The `for=` value of one `Forwarded` element (`for=1.2.3.4;proto=https`).
fn forwarded_for(element: &str) -> Option<&str> {
    element.split(';').find_map(|pair| {
        let (key, value) = pair.trim().split_once('=')?;
        key.trim().eq_ignore_ascii_case("for").then_some(value.trim())
    })
}

/// An address as proxies write it: `1.2.3.4`, `1.2.3.4:5678`, `::1`,
/// `[::1]`, `[::1]:5678`, each possibly in double quotes.
fn parse_node(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    if let Ok(ip) = text.parse() {
        return Some(ip);
    }
    if let Some(rest) = text.strip_prefix('[') {
        return rest.split_once(']').and_then(|(ip, _)| ip.parse().ok());
    }
    let (ip, port) = text.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    ip.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)
}
