//! The board renderer: engine types in, encoded bytes out (PNG pictures of
//! a position or of a seat's route, GIF replays of a game). No I/O.
//!
//! Drawing uses tiny-skia (anti-aliased paths) and ab_glyph (text with the
//! embedded DejaVu fonts); pictures are written as indexed PNG with a
//! palette built from the theme (`render/palette.rs`, calibrated in
//! `render/calibration.rs`; `render/encode.rs`: fdeflate), and the `gif` crate writes replays with one shared palette
//! and only the changed rectangle per frame.
//! `docs/rendering.md` gives the measurements behind these choices.

mod board;
mod cache;
mod calibration;
mod canvas;
mod chart;
mod crop;
mod dirty;
mod draw;
mod encode;
mod error;
mod fonts;
mod hotspot;
mod layout;
#[cfg(test)]
mod legibility_tests;
mod movement;
mod palette;
mod png;
mod replay;
mod route;
mod sprite;
mod strip;
mod text;
mod theme;
mod view;

pub use board::render_pixmap;
pub use chart::{CHART_HEIGHT, CHART_WIDTH, Chart, Mark, MarkKind, render_chart};
pub use error::RenderError;
pub use hotspot::{Hotspots, Spot, hotspots};
pub use layout::DEFAULT_SIZE;
pub use png::{encode_png, render_png, render_route};
pub use replay::{ReplayOptions, ReplayWords, frame_views, replay_gif};
pub use route::route_pixmap;
pub(crate) use strip::piece_counts;
pub use view::{BoardView, Capture, Labels, LastAction, Letters, SeriesThrow};
