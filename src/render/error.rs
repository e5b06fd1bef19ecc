//! Why a picture could not be made.

use std::fmt;

/// Sizes outside this range are refused.
pub(crate) const MIN_SIZE: u32 = 200;
pub(crate) const MAX_SIZE: u32 = 4096;

/// Why a picture could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// The size is outside `MIN_SIZE..=MAX_SIZE`.
    Size(u32),
    /// The event log does not replay: the index of the refused event.
    Replay(usize, String),
    /// The encoder failed.
    Encode(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Size(s) => write!(f, "size {s} is outside {MIN_SIZE}..={MAX_SIZE}"),
            RenderError::Replay(i, e) => write!(f, "event {i} does not replay: {e}"),
            RenderError::Encode(e) => write!(f, "encoding failed: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}
