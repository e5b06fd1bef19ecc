//! The architecture, checked on the source: which layer may import which
//! (`engine` ← `dice` ← {`ai`, `render`, `store`} ← `discord` ←
//! `main`/`cli`; inside the bot `game` ← `view` ← `live` ← `commands` ←
//! `bot` (the game pages, `web`, beside `commands`), with the operators' wing `ops` beside `live`, which counts
//! through it), the workbench (`lab`) only behind its cargo feature, the purity of the
//! engine and of the bot's `game` and `view` wings (no Discord client, no
//! tokio, no store, no global state in `game`), one series walk (the
//! engine's), ids as types (no `type UserId`) and a guild number 0
//! decided in one place (`discord/game/ids.rs`, not `guild == 0` here and
//! there), and no import circle between any files of `src/` (a

//! `mod.rs` that defines items its children use, while re-exporting
//! theirs, is such a circle: it declares and re-exports, a concept's own
//! file defines).
//!
//! The reading is textual (imports and `crate::`/`super::` paths in code,
//! inline modules included, comments skipped), which is all these rules
//! need; a path through a `mod.rs` re-export counts as an import of the
//! file that defines it, and so does a path through a child module the
//! file declares (`live::lang::Languages` in `discord/mod.rs`).

#[path = "architecture/sizes.rs"]
mod sizes;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One source file: its module path (`discord::game::table`) and its code
/// lines with comments removed, each with whether it sits inside an inline
/// `mod … { }` block (where `super` means the file itself).
struct Source {
    module: Vec<String>,
    lines: Vec<(String, bool)>,
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

fn read_sources() -> BTreeMap<String, Source> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src_dir()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src_dir()).expect("under src").to_path_buf();
                let text = std::fs::read_to_string(&path).expect("utf-8 source");
                let key = rel.to_string_lossy().replace('\\', "/");
                out.insert(key, Source { module: module_of(&rel), lines: code_lines(&text) });
            }
        }
    }
    out
}

/// The lines without `//` comments, each marked when inside an inline module.
fn code_lines(text: &str) -> Vec<(String, bool)> {
    let mut depth: i64 = 0;
    let mut inline_at: Vec<i64> = Vec::new();
    let mut out = Vec::new();
    for raw in text.lines() {
        let line = match raw.find("//") {
            Some(i) if !raw[..i].contains('"') => &raw[..i],
            _ => raw,
        };
        let trimmed = line.trim_start();
        let opens_mod =
            (trimmed.starts_with("mod ") || trimmed.starts_with("pub mod ") || trimmed.starts_with("pub(crate) mod "))
                && trimmed.trim_end().ends_with('{');
        out.push((line.to_string(), !inline_at.is_empty()));
        if opens_mod {
            inline_at.push(depth);
        }
        for c in sizes::without_literals(line).chars() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if inline_at.last().is_some_and(|&d| d == depth) {
                        inline_at.pop();
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// Expands `a::{b, c::{d, e}}` into `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else { return vec![tree] };
    let prefix = &tree[..open];
    let inner = tree[open + 1..].strip_suffix('}').unwrap_or(&tree[open + 1..]);
    let mut parts = Vec::new();
    let (mut level, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => level += 1,
            '}' => level -= 1,
            ',' if level == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).flat_map(|p| expand(&format!("{prefix}{p}"))).collect()
}

/// The `use` statements of a file (joined when they span lines): the tree,
/// whether it is inside an inline module, and whether it is a re-export.
fn use_trees(src: &Source) -> Vec<(String, bool, bool)> {
    let mut out = Vec::new();
    let mut pending: Option<(String, bool, bool)> = None;
    for (line, inline) in &src.lines {
        let t = line.trim();
        if let Some((mut acc, inl, public)) = pending.take() {
            acc.push_str(t);
            if acc.ends_with(';') {
                out.push((acc.trim_end_matches(';').to_string(), inl, public));
            } else {
                pending = Some((acc, inl, public));
            }
            continue;
        }
        let public = t.starts_with("pub ") || t.starts_with("pub(crate) ");
        let body = t
            .strip_prefix("pub(crate) ")
            .or_else(|| t.strip_prefix("pub(super) "))
            .or_else(|| t.strip_prefix("pub "))
            .unwrap_or(t);
        if let Some(tree) = body.strip_prefix("use ") {
            if tree.ends_with(';') {
                out.push((tree.trim_end_matches(';').to_string(), *inline, public));
            } else {
                pending = Some((tree.to_string(), *inline, public));
            }
        }
    }
    out
}

/// Every path a file names: its `use` trees (expanded) and the `crate::…`
/// and `super::…` paths in its code, each with whether it is inside an
/// inline module.
fn paths(src: &Source) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = use_trees(src)
        .into_iter()
        .flat_map(|(tree, inline, _)| expand(&tree).into_iter().map(move |p| (p, inline)))
        .collect();
    let children = children(src);
    let starts: Vec<String> = ["crate::".to_string(), "super::".to_string()]
        .into_iter()
        .chain(children.iter().map(|c| format!("{c}::")))
        .collect();
    for (line, inline) in &src.lines {
        let t = line.trim();
        if t.starts_with("use ") || t.starts_with("pub use ") || t.starts_with("pub(crate) use ") {
            continue;
        }
        for start in starts.iter().map(String::as_str) {
            let mut from = 0;
            while let Some(i) = line[from..].find(start) {
                let at = from + i;
                let before = line[..at].chars().last();
                if before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':')) {
                    let end = line[at..]
                        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                        .map_or(line.len(), |e| at + e);
                    let path = line[at..end].trim_end_matches(':');
                    // A child module's path starts from the file itself.
                    let path = if start == "crate::" || start == "super::" {
                        path.to_string()
                    } else {
                        format!("self::{path}")
                    };
                    out.push((path, *inline));
                }
                from = at + start.len();
            }
        }
    }
    out
}

/// The child modules a file declares (`mod hub;`, `pub(crate) mod live;`).
fn children(src: &Source) -> Vec<String> {
    src.lines
        .iter()
        .filter(|(_, inline)| !inline)
        .filter_map(|(line, _)| {
            let t = line.trim();
            let t = t.strip_prefix("pub(crate) ").or_else(|| t.strip_prefix("pub ")).unwrap_or(t);
            let name = t.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.trim().to_string())
        })
        .collect()
}

/// The module path a `crate::`/`super::`/`self::` path starts from, or
/// `None` for an outside crate.
fn absolute(path: &str, src: &Source, inline: bool) -> Option<Vec<String>> {
    let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    if segs.is_empty() {
        return None;
    }
    let mut base: Vec<String> = match segs[0] {
        "crate" => Vec::new(),
        "super" | "self" => src.module.clone(),
        _ => return None,
    };
    if segs[0] == "crate" {
        segs.remove(0);
    } else {
        // In a file `a/b.rs` (module a::b), `self` is a::b and `super` is a;
        // inside an inline module of that file `super` is the file itself.
        let mut first = true;
        while let Some(&s) = segs.first() {
            match s {
                "self" => {}
                "super" if first && inline => {}
                "super" => {
                    base.pop();
                }
                _ => break,
            }
            first = false;
            segs.remove(0);
        }
    }
    base.extend(segs.iter().map(|s| s.to_string()));
    Some(base)
}

/// The file a module path resolves to: the deepest module that exists,
/// then through its `pub use` re-exports to the file defining the item.
fn resolve(
    module: &[String],
    sources: &BTreeMap<String, Source>,
    exports: &BTreeMap<(String, String), Vec<String>>,
    depth: u8,
) -> Option<String> {
    let mut best = None;
    let mut used = 0;
    for n in 0..=module.len() {
        let m = &module[..n];
        let file = if m.is_empty() {
            Some("lib.rs".to_string())
        } else {
            let joined = m.join("/");
            [format!("{joined}.rs"), format!("{joined}/mod.rs")].into_iter().find(|f| sources.contains_key(f))
        };
        if let Some(f) = file {
            best = Some(f);
            used = n;
        }
    }
    let file = best?;
    if let Some(name) = module.get(used)
        && depth < 4
        && let Some(target) = exports.get(&(file.clone(), name.clone()))
    {
        return resolve(target, sources, exports, depth + 1).or(Some(file));
    }
    Some(file)
}

/// Re-exports: (file, name) → the module path it re-exports.
fn re_exports(sources: &BTreeMap<String, Source>) -> BTreeMap<(String, String), Vec<String>> {
    let mut out = BTreeMap::new();
    for (file, src) in sources {
        for (tree, inline, public) in use_trees(src) {
            if !public {
                continue;
            }
            for p in expand(&tree) {
                let p = if p.starts_with("crate::") || p.starts_with("super::") || p.starts_with("self::") {
                    p
                } else {
                    format!("self::{p}")
                };
                if let Some(abs) = absolute(&p, src, inline)
                    && let Some(name) = abs.last()
                {
                    out.insert((file.clone(), name.clone()), abs.clone());
                }
            }
        }
    }
    out
}

/// Each file's imports of other files of the crate.
fn graph(sources: &BTreeMap<String, Source>) -> BTreeMap<String, BTreeSet<String>> {
    let exports = re_exports(sources);
    let mut g = BTreeMap::new();
    for (file, src) in sources {
        let mut deps = BTreeSet::new();
        for (p, inline) in paths(src) {
            let p = if p.starts_with("crate::") || p.starts_with("super::") || p.starts_with("self::") {
                p
            } else {
                // A `use` of a child module declared in this file (`use hub::Hub`).
                format!("self::{p}")
            };
            if let Some(abs) = absolute(&p, src, inline)
                && let Some(target) = resolve(&abs, sources, &exports, 0)
                && &target != file
            {
                deps.insert(target);
            }
        }
        g.insert(file.clone(), deps);
    }
    g
}

/// Lines of files under `dir` that name one of `forbidden`.
fn violations(sources: &BTreeMap<String, Source>, dir: &str, forbidden: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for (file, src) in sources.iter().filter(|(f, _)| f.starts_with(dir)) {
        for (line, _) in &src.lines {
            for f in forbidden {
                let hit = line.match_indices(f).any(|(i, _)| {
                    line[..i].chars().last().is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'))
                });
                if hit {
                    out.push(format!("{file}: `{f}` in `{}`", line.trim()));
                }
            }
        }
    }
    out
}

#[test]
fn the_engine_is_pure() {
    let sources = read_sources();
    let forbidden = [
        "crate::ai",
        "crate::render",
        "crate::store",
        "crate::discord",
        "crate::cli",
        "crate::lab",
        "crate::dice",
        "rand::",
        "rand_chacha::",
        "tokio::",
        "serenity::",
        "poise::",
        "rusqlite::",
        "tracing::",
        "std::fs",
        "std::time",
        "std::net",
        "std::thread",
        "std::env",
        "println!",
        "eprintln!",
    ];
    let v = violations(&sources, "engine/", &forbidden);
    assert!(v.is_empty(), "the engine must stay pure:\n{}", v.join("\n"));
}

#[test]
fn ai_render_and_store_see_only_the_engine() {
    let sources = read_sources();
    let others = [
        ("ai/", ["crate::render", "crate::store"]),
        ("render/", ["crate::ai", "crate::store"]),
        ("store/", ["crate::ai", "crate::render"]),
    ];
    let mut v = Vec::new();
    for (dir, forbidden) in others {
        v.extend(violations(&sources, dir, &forbidden));
        v.extend(violations(&sources, dir, &["crate::discord", "crate::cli", "crate::lab", "serenity::", "poise::"]));
    }
    assert!(v.is_empty(), "ai, render and store depend on the engine only:\n{}", v.join("\n"));
}

/// The workbench (benchmarks, test rigs) sits on top: no layer of the
/// product, the command line included, imports it, so the `thaayam`
/// binary carries none of it.
#[test]
fn no_layer_of_the_product_uses_the_workbench() {
    let sources = read_sources();
    let mut v = Vec::new();
    for dir in ["engine/", "dice/", "ai/", "render/", "store/", "discord/", "cli/", "main.rs"] {
        v.extend(violations(&sources, dir, &["crate::lab", "thaayam::lab"]));
    }
    assert!(v.is_empty(), "only the workbench's binary uses `lab`:\n{}", v.join("\n"));
}

#[test]
fn the_bot_wings_point_one_way_and_game_and_view_are_pure() {
    let sources = read_sources();
    let pure = ["serenity::", "poise::", "tokio::", "crate::store", "#[tokio::test]"];
    let web = "crate::discord::web";
    let rules: [(&str, Vec<&str>); 6] = [
        (
            "discord/game/",
            [
                &pure[..],
                &[
                    "crate::discord::view",
                    "crate::discord::live",
                    "crate::discord::commands",
                    "crate::discord::bot",
                    "crate::render",
                    web,
                ],
            ]
            .concat(),
        ),
        (
            "discord/view/",
            [&pure[..], &["crate::discord::live", "crate::discord::commands", "crate::discord::bot", web]].concat(),
        ),
        // The live wing announces its changes (the hub's broadcast); the
        // game pages follow them: nothing below `web` imports it.
        ("discord/live/", vec!["crate::discord::commands", "crate::discord::bot", web]),
        // `ops` reports on the bot through the narrow `Reports` it is
        // handed, never the bot's whole `Data` (issue 56).
        (
            "discord/ops/",
            vec![
                "Data;",
                "Data,",
                "Data}",
                "Data)",
                "Data>",
                "Data ",
                "crate::discord::game",
                "crate::discord::view",
                "crate::discord::live",
                "crate::discord::commands",
                "crate::discord::bot",
                web,
            ],
        ),
        ("discord/commands/", vec!["crate::discord::bot", web]),
        // The pages read the games (game, view, live's hub, the store),
        // beside the commands, started by the bot.
        ("discord/web/", vec!["crate::discord::commands", "crate::discord::bot"]),
    ];
    let mut v = Vec::new();
    for (dir, forbidden) in &rules {
        v.extend(violations(&sources, dir, forbidden));
    }
    assert!(
        v.is_empty(),
        "game ← view ← live ← {{commands, web}} ← bot, ops beside live, game and view pure:\n{}",
        v.join("\n")
    );
}

/// Issue 29: where a series ends is decided in one place. The engine walks
/// every use of a series for `thaayam moves`, the computer's plans and the
/// bot's menu (they keep only their policies), and the bot's pure game
/// wing keeps no process-global state (its caches belong to a table).
#[test]
fn the_engine_owns_the_one_series_walk() {
    let sources = read_sources();
    let defines = |name: &str| -> Vec<String> {
        sources
            .iter()
            .filter(|(_, src)| src.lines.iter().any(|(line, _)| line.contains(&format!("fn {name}("))))
            .map(|(file, _)| file.clone())
            .collect()
    };
    assert_eq!(defines("in_series"), ["engine/series.rs"], "one `in_series`, the engine's");
    let mut globals = Vec::new();
    for (file, src) in sources.iter().filter(|(f, _)| f.starts_with("discord/game/")) {
        for (line, _) in &src.lines {
            let t = line.trim_start();
            if t.starts_with("static ") || t.starts_with("pub(crate) static ") || t.contains("thread_local!") {
                globals.push(format!("{file}: {}", line.trim()));
            }
        }
    }
    assert!(globals.is_empty(), "the game wing keeps no global state:\n{}", globals.join("\n"));
}

/// Every import circle: the groups of files that reach each other through
/// their imports (strongly connected components of more than one file,
/// found with Tarjan's algorithm), each sorted, in file order.
fn circles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, n: &'a str) {
            let i = self.index.len();
            self.index.insert(n, i);
            self.low.insert(n, i);
            self.stack.push(n);
            self.on_stack.insert(n);
            for d in self.g.get(n).into_iter().flatten() {
                let d = d.as_str();
                if !self.index.contains_key(d) {
                    self.visit(d);
                    let low = self.low[n].min(self.low[d]);
                    self.low.insert(n, low);
                } else if self.on_stack.contains(d) {
                    let low = self.low[n].min(self.index[d]);
                    self.low.insert(n, low);
                }
            }
            if self.low[n] == self.index[n] {
                let mut group = Vec::new();
                while let Some(m) = self.stack.pop() {
                    self.on_stack.remove(m);
                    group.push(m.to_string());
                    if m == n {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for n in g.keys() {
        if !walk.index.contains_key(n.as_str()) {
            walk.visit(n);
        }
    }
    walk.found.sort();
    walk.found
}

#[test]
fn no_import_circles_anywhere_in_src() {
    let found: Vec<String> = circles(&graph(&read_sources())).iter().map(|c| c.join(" ↔ ")).collect();
    assert!(found.is_empty(), "files that import each other, directly or through others:\n{}", found.join("\n"));
}

#[test]
fn the_checker_sees_imports_and_circles() {
    let src = Source {
        module: vec!["discord".into(), "live".into(), "board".into()],
        lines: code_lines(
            "use super::{change::remember, clock};\nuse crate::discord::Data;\nfn f() { crate::store::x(); }\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
    };
    let abs: Vec<Vec<String>> = paths(&src).iter().filter_map(|(p, i)| absolute(p, &src, *i)).collect();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(abs.contains(&s(&["discord", "live", "change", "remember"])), "{abs:?}");
    assert!(abs.contains(&s(&["discord", "live", "clock"])));
    assert!(abs.contains(&s(&["discord", "Data"])));
    assert!(abs.contains(&s(&["store", "x"])));
    assert!(abs.contains(&s(&["discord", "live", "board", "*"])), "super inside `mod tests` is the file: {abs:?}");
    let parent = Source {
        module: vec!["discord".into()],
        lines: code_lines("pub(crate) mod live;\nstruct Data {\n    langs: Arc<live::lang::Languages>,\n}\n"),
    };
    let abs: Vec<Vec<String>> = paths(&parent).iter().filter_map(|(p, i)| absolute(p, &parent, *i)).collect();
    assert!(abs.contains(&s(&["discord", "live", "lang", "Languages"])), "a child's path in code: {abs:?}");
    let mut g = BTreeMap::new();
    g.insert("discord/a.rs".to_string(), BTreeSet::from(["discord/b.rs".to_string()]));
    g.insert("discord/b.rs".to_string(), BTreeSet::from(["discord/a.rs".to_string()]));
    g.insert("discord/c.rs".to_string(), BTreeSet::from(["discord/a.rs".to_string()]));
    assert_eq!(circles(&g), vec![vec!["discord/a.rs".to_string(), "discord/b.rs".to_string()]]);
    g.insert("discord/b.rs".to_string(), BTreeSet::from(["discord/c.rs".to_string()]));
    assert_eq!(circles(&g).concat(), ["discord/a.rs", "discord/b.rs", "discord/c.rs"], "a longer circle");
    g.insert("discord/b.rs".to_string(), BTreeSet::new());
    assert!(circles(&g).is_empty());
}

/// What keeps the workbench (`src/lab`, the `thaayam-lab` binary) out of
/// the product, given `lib.rs` and `Cargo.toml`: each broken gate, in
/// words (none when `lab` is declared only behind its feature, the
/// feature is off by default, and the binary requires it).
fn workbench_gates(lib: &str, manifest: &str) -> Vec<String> {
    let mut broken = Vec::new();
    let lines: Vec<&str> = lib.lines().map(str::trim).collect();
    let declared: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.ends_with("mod lab;") || l.ends_with("mod lab {"))
        .map(|(i, _)| i)
        .collect();
    if declared.is_empty() {
        broken.push("lib.rs does not declare `lab`".to_string());
    }
    for at in declared {
        if at == 0 || lines[at - 1] != "#[cfg(feature = \"lab\")]" {
            broken.push(format!("lib.rs declares `{}` without `#[cfg(feature = \"lab\")]`", lines[at]));
        }
    }
    let manifest: toml::Table = match manifest.parse() {
        Ok(m) => m,
        Err(e) => return vec![format!("Cargo.toml: {e}")],
    };
    let features = manifest.get("features").and_then(|f| f.as_table());
    let default = features.and_then(|f| f.get("default")).and_then(|d| d.as_array()).cloned().unwrap_or_default();
    if !features.is_some_and(|f| f.contains_key("lab")) {
        broken.push("no `lab` feature".to_string());
    }
    if default.iter().any(|f| f.as_str() == Some("lab")) {
        broken.push("`lab` is a default feature".to_string());
    }
    let bins = manifest.get("bin").and_then(|b| b.as_array()).cloned().unwrap_or_default();
    match bins.iter().find(|b| b.get("name").and_then(|n| n.as_str()) == Some("thaayam-lab")) {
        None => broken.push("no `thaayam-lab` binary".to_string()),
        Some(lab) => {
            let required = lab.get("required-features").and_then(|r| r.as_array()).cloned().unwrap_or_default();
            if !required.iter().any(|f| f.as_str() == Some("lab")) {
                broken.push("`thaayam-lab` does not require the `lab` feature".to_string());
            }
        }
    }
    broken
}

/// The workbench (`src/lab`, the `thaayam-lab` binary) sits behind the
/// `lab` cargo feature, off by default: the product library carries no rig
/// and `cargo install --path .` installs `thaayam` alone.
#[test]
fn the_workbench_is_behind_its_feature() {
    let lib = std::fs::read_to_string(src_dir().join("lib.rs")).expect("lib.rs");
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).expect("Cargo.toml");
    let broken = workbench_gates(&lib, &manifest);
    assert!(broken.is_empty(), "`lab` only behind its feature:\n{}", broken.join("\n"));
}

#[test]
fn the_checker_sees_a_workbench_outside_its_feature() {
    let lib = "pub mod engine;\n#[cfg(feature = \"lab\")]\npub mod lab;\n";
    let manifest = "[features]\nlab = []\n[[bin]]\nname = \"thaayam-lab\"\nrequired-features = [\"lab\"]\n";
    assert!(workbench_gates(lib, manifest).is_empty(), "{:?}", workbench_gates(lib, manifest));
    let bare = "pub mod engine;\npub mod lab;\n";
    assert_eq!(workbench_gates(bare, manifest).len(), 1, "declared without its cfg");
    let on =
        "[features]\ndefault = [\"lab\"]\nlab = []\n[[bin]]\nname = \"thaayam-lab\"\nrequired-features = [\"lab\"]\n";
    assert_eq!(workbench_gates(lib, on), ["`lab` is a default feature"]);
    let free = "[features]\nlab = []\n[[bin]]\nname = \"thaayam-lab\"\n";
    assert_eq!(workbench_gates(lib, free), ["`thaayam-lab` does not require the `lab` feature"]);
    assert_eq!(workbench_gates("pub mod engine;\n", manifest), ["lib.rs does not declare `lab`"]);
}

/// Lines that compare a guild number with 0 (`guild == 0`, `guild_id != 0`,
/// `info.guild == 0`…): where a game lives is a type (`Venue`), and the
/// number a game outside servers is stored with is named in one place,
/// `allowed`, which decides it (`discord/game/ids.rs`).
fn guild_zero_tests(sources: &BTreeMap<String, Source>, allowed: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (file, src) in sources.iter().filter(|(f, _)| f.as_str() != allowed) {
        for (line, _) in &src.lines {
            for (at, _) in line.match_indices("guild") {
                if line[..at].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue; // `by_guild`, `other_guild`
                }
                let rest = line[at + "guild".len()..].trim_start_matches("_id").trim_start_matches("()").trim_start();
                let Some(rest) = rest.strip_prefix("==").or_else(|| rest.strip_prefix("!=")) else { continue };
                let rest = rest.trim_start();
                if rest.starts_with('0')
                    && !rest[1..].starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.')
                {
                    out.push(format!("{file}: `{}`", line.trim()));
                }
            }
        }
    }
    out
}

/// Files that define a type alias for a user id: the bot's ids are types
/// (`discord/game/ids.rs`), not names for `u64`.
fn user_id_aliases(sources: &BTreeMap<String, Source>) -> Vec<String> {
    let mut out = Vec::new();
    for (file, src) in sources {
        for (line, _) in &src.lines {
            let t = line.trim_start();
            let t = t.strip_prefix("pub(crate) ").or_else(|| t.strip_prefix("pub ")).unwrap_or(t);
            if t.starts_with("type UserId") {
                out.push(format!("{file}: `{}`", line.trim()));
            }
        }
    }
    out
}

/// Issue 42 §2: ids and places are types. No `type UserId = u64`, and no
/// guild number compared with 0 outside the one place that decides what
/// a guild number of a game outside servers is (`discord/game/ids.rs`'s
/// `Venue`; the store keeps what it said of a finished game: `games.rated`).
#[test]
fn ids_are_types_and_outside_servers_is_decided_once() {
    let sources = read_sources();
    let aliases = user_id_aliases(&sources);
    assert!(aliases.is_empty(), "a user id is a type (`discord/game/ids.rs`):\n{}", aliases.join("\n"));
    let zeros = guild_zero_tests(&sources, "discord/game/ids.rs");
    assert!(zeros.is_empty(), "a guild 0 is decided in `discord/game/ids.rs` only:\n{}", zeros.join("\n"));
}

#[test]
fn the_checker_sees_guild_zero_tests_and_user_id_aliases() {
    let source = |file: &str, text: &str| {
        let src = Source { module: vec![], lines: code_lines(text) };
        BTreeMap::from([(file.to_string(), src)])
    };
    let planted = source(
        "discord/live/ids.rs",
        "fn f(guild: u64) -> bool {\n    if guild == 0 { return true; }\n    info.guild_id != 0 || t.guild() == 0\n}\n",
    );
    assert_eq!(guild_zero_tests(&planted, "discord/game/ids.rs").len(), 3, "each comparison is seen");
    assert!(guild_zero_tests(&planted, "discord/live/ids.rs").is_empty(), "the one place may");
    let fine = source(
        "discord/a.rs",
        "// guild == 0 in a comment\nlet x = by_guild == 0;\nlet y = guild == 0x1;\nlet z = guild == 07;\nlet w = guild_count == 0;\n",
    );
    assert!(guild_zero_tests(&fine, "discord/game/ids.rs").is_empty(), "{:?}", guild_zero_tests(&fine, "x"));
    let alias = source("discord/game/table.rs", "/// A user.\npub(crate) type UserId = u64;\n");
    assert_eq!(user_id_aliases(&alias).len(), 1);
    let newtype = source("discord/game/ids.rs", "pub(crate) struct UserId(pub(crate) u64);\n// type UserId = u64\n");
    assert!(user_id_aliases(&newtype).is_empty());
}

/// Issue 56: no file of `src/` over 600 lines, no function of the product
/// over 80, but a listed few with their reason (`architecture/sizes.rs`).
#[test]
fn files_and_functions_stay_small_but_for_a_listed_few() {
    let files = read_sources().into_iter().map(|(f, src)| (f, (src.lines.len(), src.lines))).collect();
    let v = sizes::size_violations(&files);
    assert!(v.is_empty(), "split what grew (or list it in tests/architecture/sizes.rs, with why):\n{}", v.join("\n"));
}

#[test]
fn the_checker_measures_functions_by_their_braces() {
    let body: String = (0..79).map(|i| format!("    let s{i} = format!(\"{{x}} }} {{\"); let c = '}}';\n")).collect();
    let text = format!(
        "/// Doc.\npub(crate) async fn long(\n    a: u8,\n) -> u8 {{\n{body}}}\nfn short() {{ }}\nfn decl();\n"
    );
    let lines = code_lines(&text);
    let lengths = sizes::function_lengths(&lines);
    assert_eq!(lengths, vec![("long".to_string(), 83), ("short".to_string(), 1)], "{lengths:?}");
    let files = BTreeMap::from([("discord/a.rs".to_string(), (lines.len(), lines))]);
    let v = sizes::size_violations(&files);
    assert!(v.iter().any(|l| l.starts_with("discord/a.rs::long: 83 lines")), "{v:?}");
    let tests = code_lines(&format!("#[cfg(test)]\nmod tests {{\n{text}}}\n"));
    assert!(sizes::function_lengths(&tests).is_empty(), "test modules are not measured");
}

/// Lines outside `allowed` that read or write a server's settings in the
/// store (`.server(`, `.save_server(`): the bot knows its servers through
/// one cache, which reads and writes them.
fn server_store_calls(sources: &BTreeMap<String, Source>, allowed: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (file, src) in sources.iter().filter(|(f, _)| f.starts_with("discord/") && f.as_str() != allowed) {
        for (line, _) in &src.lines {
            if line.contains(".server(") || line.contains(".save_server(") {
                out.push(format!("{file}: `{}`", line.trim()));
            }
        }
    }
    out
}

/// Issue 56: a server is one noun, and the bot has one cache of its
/// settings (`discord/live/servers.rs`, one freshness rule): the four
/// caches it replaced are gone, and no other file of the bot reads or
/// writes a server's settings in the store.
#[test]
fn there_is_one_cache_of_the_servers_settings() {
    let sources = read_sources();
    let gone = ["discord/live/defaults.rs", "discord/live/languages.rs"];
    let back: Vec<&str> = gone.iter().copied().filter(|f| sources.contains_key(*f)).collect();
    assert!(back.is_empty(), "the servers' settings are cached in `live/servers.rs` only: {back:?}");
    let calls = server_store_calls(&sources, "discord/live/servers.rs");
    assert!(calls.is_empty(), "a server's settings are read and written by `live/servers.rs`:\n{}", calls.join("\n"));
    for (file, words) in [("discord/live/page_key.rs", "pages_off"), ("discord/live/away.rs", "limits")] {
        let src = sources.get(file).map(|s| &s.lines[..]).unwrap_or_default();
        let kept: Vec<&String> = src.iter().map(|(l, _)| l).filter(|l| l.contains(words)).collect();
        assert!(kept.is_empty(), "{file} keeps no server's {words}: {kept:?}");
    }
}

#[test]
fn the_checker_sees_a_second_cache_of_the_servers_settings() {
    let lines = code_lines("let s = store.call(move |s| s.server(7)).await;\n// s.server(7) in a comment\n");
    let sources = BTreeMap::from([("discord/commands/x.rs".to_string(), Source { module: vec![], lines })]);
    assert_eq!(server_store_calls(&sources, "discord/live/servers.rs").len(), 1, "the call, not the comment");
    assert!(server_store_calls(&sources, "discord/commands/x.rs").is_empty(), "the one place may");
}

/// The store's files that are a backend or open one: only they may name
/// which engine a connection is.
const BACKEND_FILES: &[&str] =
    &["store/backend.rs", "store/db.rs", "store/sqlite.rs", "store/postgres.rs", "store/postgres_db.rs"];

/// Lines of the store's shared code that ask which backend they run on
/// (`is_postgres`) or build one (the operator's `Database::Sqlite` path
/// or URL is a setting, not a connection, and may be named): each backend
/// is an object behind `store/backend.rs`'s trait, and what differs in
/// their SQL is a method of `Db` that each implements.
fn backend_questions(sources: &BTreeMap<String, Source>) -> Vec<String> {
    let asks = ["is_postgres(", "is_sqlite(", "impl Backend for", "Sqlite(Connection", "Sqlite(conn", "Postgres::open"];
    let mut out = Vec::new();
    let shared = sources.iter().filter(|(f, _)| f.starts_with("store/") && !BACKEND_FILES.contains(&f.as_str()));
    for (file, src) in shared {
        for (line, _) in &src.lines {
            if asks.iter().any(|a| line.contains(a)) {
                out.push(format!("{file}: `{}`", line.trim()));
            }
        }
    }
    out
}

/// Issue 56: one backend trait, SQLite an object like PostgreSQL, and the
/// store's operations written once: none of them asks which engine it
/// talks to.
#[test]
fn the_stores_shared_code_never_asks_which_backend_it_runs_on() {
    let sources = read_sources();
    for file in BACKEND_FILES {
        assert!(sources.contains_key(*file), "{file} is one of the store's backend files");
    }
    let found = backend_questions(&sources);
    assert!(found.is_empty(), "the store's shared code asks its backend's kind:\n{}", found.join("\n"));
}

#[test]
fn the_checker_sees_shared_code_that_asks_its_backend() {
    let lines = code_lines("if tx.is_postgres() {\n// is_postgres in a comment\n}\n");
    let sources = BTreeMap::from([("store/rows.rs".to_string(), Source { module: vec![], lines: lines.clone() })]);
    assert_eq!(backend_questions(&sources).len(), 1, "the call, not the comment");
    let sources = BTreeMap::from([("store/postgres_db.rs".to_string(), Source { module: vec![], lines })]);
    assert!(backend_questions(&sources).is_empty(), "a backend's own file may");
}
