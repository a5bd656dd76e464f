//! The site's routes: the table `src/routes` (a method, a path and a
//! handler a line), which `build.rs` makes into the two routers here,
//! `api()` (its answers never cached: `crate::app` adds the header) and
//! `pages()`. The assets, the health check and metrics and the fallback are
//! added beside them in `crate::app`.

include!(concat!(env!("OUT_DIR"), "/routes.rs"));
