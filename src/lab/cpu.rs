//! CPU time of the calling thread, for the benchmarks: on a machine shared
//! with other builds, wall time also counts the time other processes held
//! the core, CPU time only what this thread spent.

use std::time::Duration;

/// CPU time the calling thread has used so far (`None` where the platform
/// has no per-thread clock).
pub fn thread_cpu_time() -> Option<Duration> {
    cpu_time::ThreadTime::try_now().ok().map(|t| t.as_duration())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_advances_with_work() {
        let Some(start) = thread_cpu_time() else { return };
        let mut x = 0u64;
        while thread_cpu_time().is_some_and(|t| t < start + Duration::from_millis(2)) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        assert!(x > 0);
    }
}
