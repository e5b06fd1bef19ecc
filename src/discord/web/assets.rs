//! The pages' scripts and style sheets, files of `assets/web/` embedded in
//! the binary and served at addresses named by their content's hash
//! (`/assets/live.3f2a9c01d2e4b5f6.js`, and the same under `/activity/`
//! for the Activity's relative addresses), kept by browsers and proxies
//! for a year without asking again (`immutable`): a changed file is a new
//! address. No script is written into a page, so the pages' content
//! security policy allows scripts from this site only.

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// A script or a style sheet of the pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asset {
    /// The game pages' style.
    PageCss,
    /// A running game's page following it live (and its times localised).
    LiveJs,
    /// The replay's arrow keys.
    StepJs,
    /// The dice check of a finished game.
    DiceJs,
    /// The Activity's style.
    ActivityCss,
    /// The Activity's script.
    ActivityJs,
}

const ALL: [Asset; 6] =
    [Asset::PageCss, Asset::LiveJs, Asset::StepJs, Asset::DiceJs, Asset::ActivityCss, Asset::ActivityJs];

impl Asset {
    /// Its name, its kind and its text.
    fn source(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Asset::PageCss => ("page", "css", include_str!("../../../assets/web/page.css")),
            Asset::LiveJs => ("live", "js", include_str!("../../../assets/web/live.js")),
            Asset::StepJs => ("step", "js", include_str!("../../../assets/web/step.js")),
            Asset::DiceJs => ("dice", "js", include_str!("../../../assets/web/dice.js")),
            Asset::ActivityCss => ("activity", "css", include_str!("../../../assets/web/activity.css")),
            Asset::ActivityJs => ("activity", "js", include_str!("../../../assets/web/activity.js")),
        }
    }

    /// The last part of its address: `live.<16 hex digits of its SHA-256>.js`.
    pub(crate) fn file(self) -> &'static str {
        static FILES: OnceLock<[String; 6]> = OnceLock::new();
        let files = FILES.get_or_init(|| {
            ALL.map(|a| {
                let (name, kind, text) = a.source();
                let hash = Sha256::digest(text.as_bytes());
                format!("{name}.{}.{kind}", hex::encode(&hash[..8]))
            })
        });
        ALL.iter().position(|&a| a == self).and_then(|i| files.get(i)).map_or("", String::as_str)
    }

    /// Its address on the game pages.
    pub(crate) fn href(self) -> String {
        format!("/assets/{}", self.file())
    }

    /// Its text.
    pub(crate) fn text(self) -> &'static str {
        self.source().2
    }
}

/// The routes of the assets: `/assets/{file}` and `/activity/assets/{file}`.
pub(crate) fn routes() -> Router {
    Router::new().route("/assets/{file}", get(serve)).route("/activity/assets/{file}", get(serve))
}

async fn serve(Path(file): Path<String>) -> Response {
    let Some(asset) = ALL.into_iter().find(|a| a.file() == file) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let kind = match asset.source().1 {
        "css" => "text/css; charset=utf-8",
        _ => "text/javascript; charset=utf-8",
    };
    let mut r = asset.text().into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_has_an_address_of_its_own_named_by_its_content() {
        let files: Vec<&str> = ALL.iter().map(|a| a.file()).collect();
        for (a, f) in ALL.iter().zip(&files) {
            let (name, kind, text) = a.source();
            assert!(f.starts_with(&format!("{name}.")) && f.ends_with(&format!(".{kind}")), "{f}");
            assert_eq!(f.len(), name.len() + kind.len() + 18, "{f}");
            assert!(!text.trim().is_empty(), "{f} is empty");
        }
        let mut unique = files.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), files.len(), "{files:?}");
    }
}
