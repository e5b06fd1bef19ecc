//! GIF replays: decoded and composited frame by frame, the last frame must
//! show the final position; long games are sampled under the size cap.
//! `DUMP_FRAMES=<dir>` writes every composited frame there as PNG (to look).

use thaayam::dice::{ThrowSource, random_game};
use thaayam::engine::{Event, MoveGen, Record, Ruleset, SeatSet};
use thaayam::render::{ReplayOptions, frame_views, render_pixmap, replay_gif};

fn game(players: usize, seed: u64) -> Record {
    let ruleset = Ruleset::default();
    let seats = SeatSet::for_players(players).expect("seats");
    let mut src = ThrowSource::from_u64(seed, ruleset.rules().dice);
    random_game(ruleset, seats, &mut src, &mut MoveGen::new()).0
}

/// The delay of every frame, in hundredths of a second.
fn delays(gif_bytes: &[u8]) -> Vec<u16> {
    let mut d = gif::DecodeOptions::new().read_info(gif_bytes).expect("gif header");
    let mut out = Vec::new();
    while let Some(f) = d.read_next_frame().expect("frame") {
        out.push(f.delay);
    }
    out
}

/// Every frame composited onto the canvas, as RGB.
fn decode(gif_bytes: &[u8]) -> (u32, u32, Vec<Vec<u8>>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(gif_bytes).expect("gif header");
    let palette = d.global_palette().expect("global palette").to_vec();
    let (w, h) = (u32::from(d.width()), u32::from(d.height()));
    let mut canvas = vec![0u8; (w * h * 3) as usize];
    let mut frames = Vec::new();
    while let Some(f) = d.read_next_frame().expect("frame") {
        for y in 0..u32::from(f.height) {
            for x in 0..u32::from(f.width) {
                let i = f.buffer[(y * u32::from(f.width) + x) as usize];
                if Some(i) == f.transparent {
                    continue;
                }
                let at = (((y + u32::from(f.top)) * w + x + u32::from(f.left)) * 3) as usize;
                canvas[at..at + 3].copy_from_slice(&palette[usize::from(i) * 3..usize::from(i) * 3 + 3]);
            }
        }
        frames.push(canvas.clone());
    }
    (w, h, frames)
}

fn mean_abs_diff(a: &[u8], b: &[u8]) -> f64 {
    a.iter().zip(b).map(|(x, y)| f64::from(x.abs_diff(*y))).sum::<f64>() / a.len() as f64
}

fn rgb(pm: &tiny_skia::Pixmap) -> Vec<u8> {
    pm.pixels().iter().flat_map(|p| [p.red(), p.green(), p.blue()]).collect()
}

#[test]
fn replay_has_a_frame_per_action_and_ends_on_the_final_position() {
    let rec = game(2, 3);
    let names: [String; 4] = ["Meena".into(), String::new(), "Ravi".into(), String::new()];
    let opts = ReplayOptions { size: 320, names: names.clone(), max_frames: 10_000, ..ReplayOptions::default() };
    let gif_bytes = replay_gif(rec.ruleset, rec.seats, &rec.events, &opts).expect("replay");
    let actions = rec.events.iter().filter(|e| matches!(e, Event::Act { .. })).count();
    let (w, h, frames) = decode(&gif_bytes);
    assert_eq!(frames.len(), actions + 1);
    let views = frame_views(rec.ruleset, rec.seats, &rec.events, &names).expect("views");
    for (i, view) in [(0, &views[0]), (frames.len() - 1, &views[views.len() - 1])] {
        let want = render_pixmap(view, 320).expect("render");
        assert_eq!((want.width(), want.height()), (w, h));
        let d = mean_abs_diff(&frames[i], &rgb(&want));
        assert!(d < 1.5, "frame {i} differs from its view by {d:.2} on average");
    }
    if let Ok(dir) = std::env::var("DUMP_FRAMES") {
        for (i, f) in frames.iter().enumerate().step_by(10) {
            let path = format!("{dir}/frame{i:04}.png");
            image::save_buffer(&path, f, w, h, image::ExtendedColorType::Rgb8).expect("save");
        }
    }
}

#[test]
fn long_replays_are_sampled_under_the_byte_cap() {
    let rec = game(4, 7);
    let opts = ReplayOptions { size: 240, max_bytes: 150_000, ..ReplayOptions::default() };
    let gif_bytes = replay_gif(rec.ruleset, rec.seats, &rec.events, &opts).expect("replay");
    assert!(gif_bytes.len() <= 150_000, "{} bytes", gif_bytes.len());
    let (_, _, frames) = decode(&gif_bytes);
    let actions = rec.events.iter().filter(|e| matches!(e, Event::Act { .. })).count();
    assert!(frames.len() >= 2 && frames.len() < actions, "{} frames for {actions} actions", frames.len());
}

#[test]
fn a_log_that_does_not_replay_is_an_error() {
    let rec = game(2, 1);
    let mut events = rec.events.clone();
    events.insert(0, events[events.len() - 1]);
    let err = replay_gif(rec.ruleset, rec.seats, &events, &ReplayOptions::default());
    assert!(err.is_err());
}

#[test]
fn a_long_game_plays_in_45_seconds_with_captures_held_longer() {
    // Four players: long games (seed 7: 246 actions, 202.5 s at 0.8 s a
    // frame before budgets).
    let rec = game(4, 7);
    let opts = ReplayOptions { size: 200, max_frames: 10_000, ..ReplayOptions::default() };
    let gif_bytes = replay_gif(rec.ruleset, rec.seats, &rec.events, &opts).expect("replay");
    let d = delays(&gif_bytes);
    let total: u32 = d.iter().map(|&c| u32::from(c)).sum();
    println!("{} frames, {:.1} s", d.len(), f64::from(total) / 100.0);
    assert!(total <= 4_500, "{total} cs");
    // Every action has its frame here, so frames match views one to one.
    let views = frame_views(rec.ruleset, rec.seats, &rec.events, &opts.names).expect("views");
    assert_eq!(d.len(), views.len());
    let middle = 1..d.len() - 1;
    let captures: Vec<u16> =
        middle.clone().filter(|&i| views[i].last.last().is_some_and(|l| l.captured > 0)).map(|i| d[i]).collect();
    let plain: Vec<u16> = middle
        .filter(|&i| views[i].last.last().is_some_and(|l| l.captured == 0 && l.to.is_some()))
        .map(|i| d[i])
        .collect();
    assert!(!captures.is_empty() && !plain.is_empty());
    let longest_plain = plain.iter().max().copied().unwrap_or(0);
    assert!(captures.iter().all(|&c| c > longest_plain), "captures {captures:?}, plain up to {longest_plain}");
}
