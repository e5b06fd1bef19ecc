//! CPU time of the calling thread, for the benchmarks: on a machine shared
//! with other builds, wall time also counts the time other processes held
//! the core, CPU time only what this thread spent.

use std::time::Duration;

/// CPU time the calling thread has used so far (`None` where the platform
/// has no per-thread clock).
#[cfg(unix)]
pub fn thread_cpu_time() -> Option<Duration> {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime only writes the timespec it is given.
    #[allow(unsafe_code)]
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    let secs = u64::try_from(t.tv_sec).ok()?;
    let nanos = u32::try_from(t.tv_nsec).ok()?;
    (rc == 0).then(|| Duration::new(secs, nanos))
}

/// CPU time the calling thread has used so far (`None` where the platform
/// has no per-thread clock).
#[cfg(not(unix))]
pub fn thread_cpu_time() -> Option<Duration> {
    None
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
