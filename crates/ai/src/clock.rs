//! The clocks a think time is counted on: the wall clock, or the processor
//! time of the thread that thinks.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// Which clock a think time (`ab:time`, `mcts:time`, levels 7 and 8) runs
/// on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// Real time, what a person waiting for the move sees. A busy machine
    /// gives the search less work in that time.
    #[default]
    Wall,
    /// The processor time used by the searching thread: the same work
    /// whatever else the machine runs, so a match played beside other jobs,
    /// or several matches at once, plays as it would on an idle machine.
    /// Where the system cannot report it (outside Linux), the wall clock.
    Thread,
}

impl Clock {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Clock::Wall => "wall",
            Clock::Thread => "cpu",
        }
    }
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Clock {
    type Err = String;

    fn from_str(text: &str) -> Result<Clock, String> {
        match text.trim() {
            "wall" => Ok(Clock::Wall),
            "cpu" => Ok(Clock::Thread),
            other => Err(format!(
                "`{other}` is not a clock; `wall` (real time) or `cpu` (the thinking thread's \
                 processor time)"
            )),
        }
    }
}

/// The processor time this thread has used, where the system reports it.
#[cfg(target_os = "linux")]
pub fn thread_time() -> Option<Duration> {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to write.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
}

/// The processor time this thread has used, where the system reports it.
#[cfg(not(target_os = "linux"))]
pub fn thread_time() -> Option<Duration> {
    None
}

/// Time measured from a start on one [`Clock`]. A thread clock counts the
/// thread that started it: read it from that thread.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    wall: Instant,
    /// The thread's processor time at the start, for [`Clock::Thread`]
    /// where the system reports it.
    thread: Option<Duration>,
}

impl Stopwatch {
    pub fn start(clock: Clock) -> Stopwatch {
        let thread = if clock == Clock::Thread { thread_time() } else { None };
        Stopwatch { wall: Instant::now(), thread }
    }

    /// The time since the start, on the stopwatch's clock.
    pub fn elapsed(&self) -> Duration {
        // The thread's clock is read only for a thread stopwatch: a wall
        // one (every playing search) makes no system call for it.
        match self.thread.and_then(|from| Some(thread_time()?.saturating_sub(from))) {
            Some(elapsed) => elapsed,
            None => self.wall.elapsed(),
        }
    }

    /// The wall-clock instant by which `budget` (on the stopwatch's clock)
    /// would run out if the thread had the processor to itself from now
    /// on: for code that only takes a wall-clock deadline.
    pub fn wall_deadline(&self, budget: Duration) -> Instant {
        Instant::now() + budget.saturating_sub(self.elapsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_named_wall_and_cpu() {
        assert_eq!("wall".parse(), Ok(Clock::Wall));
        assert_eq!("cpu".parse(), Ok(Clock::Thread));
        for clock in [Clock::Wall, Clock::Thread] {
            assert_eq!(clock.to_string().parse(), Ok(clock));
        }
        let err = "sundial".parse::<Clock>().unwrap_err();
        assert!(err.contains("`sundial`") && err.contains("`wall`") && err.contains("`cpu`"));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_thread_clock_does_not_run_while_the_thread_sleeps() {
        let wall = Stopwatch::start(Clock::Wall);
        let thread = Stopwatch::start(Clock::Thread);
        std::thread::sleep(Duration::from_millis(60));
        assert!(wall.elapsed() >= Duration::from_millis(60));
        assert!(thread.elapsed() < Duration::from_millis(30), "{:?}", thread.elapsed());
        // Work advances it.
        let mut x = 0u64;
        while thread.elapsed() < Duration::from_millis(5) {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        assert!(wall.elapsed() >= thread.elapsed());
    }
}
