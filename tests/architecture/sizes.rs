//! Issue 56: what grew is split. No file of `src/` over [`MAX_FILE_LINES`]
//! lines and no function of the product over [`MAX_FN_LINES`], but for the
//! few listed here, each with its reason; a listed one that shrank under
//! the limit must leave the list (so the list stays true).

use std::collections::BTreeMap;
use std::path::Path;

/// The most lines a file of `src/` may have.
pub(crate) const MAX_FILE_LINES: usize = 600;
/// The most lines a function of the product (tests aside) may span, from
/// its `fn` line to its closing brace.
pub(crate) const MAX_FN_LINES: usize = 80;

/// Files allowed over the limit, and why.
const LONG_FILES: &[(&str, &str)] = &[];

/// Functions allowed over the limit (`file::name`), and why.
const LONG_FNS: &[(&str, &str)] = &[
    ("engine/notation.rs::parse_tpn", "one grammar, read top to bottom as the notation's spec gives it"),
    ("discord/view/words.rs::words_of", "one match over every kind of word, a line or two each"),
    ("lab/web_bench.rs::rounds", "the workbench's one measured loop, its phases in the order they run"),
    ("bin/thaayam-lab.rs::run", "the workbench's command table: one short arm per command"),
];

/// Every function's length in a file's code (comments removed by the
/// caller): `(name, lines)` for each `fn` outside test code, by counting
/// braces from its `fn` line to the brace that closes its body.
pub(crate) fn function_lengths(lines: &[(String, bool)]) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (i, (line, in_inline_mod)) in lines.iter().enumerate() {
        if *in_inline_mod {
            continue;
        }
        let Some(name) = fn_name(line) else { continue };
        let mut depth = 0i64;
        let mut opened = false;
        for (j, (l, _)) in lines.iter().enumerate().skip(i) {
            for c in without_literals(l).chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                out.push((name.clone(), j - i + 1));
                break;
            }
            if !opened && l.trim_end().ends_with(';') {
                break; // a declaration without a body (a trait's)
            }
        }
    }
    out
}

/// The name of the function a line opens, if it does.
fn fn_name(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "fn")?;
    let before_ok = words[..at]
        .iter()
        .all(|w| matches!(*w, "pub" | "async" | "const" | "unsafe" | "extern") || w.starts_with("pub("));
    let name: String = words.get(at + 1)?.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (before_ok && !name.is_empty()).then_some(name)
}

/// A line with its string and character literals blanked, so that braces
/// in `format!("{x}")` or `'{'` are not counted.
pub(crate) fn without_literals(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        match (in_str, c) {
            (true, '\\') => {
                chars.next();
            }
            (true, '"') => in_str = false,
            (true, _) => {}
            (false, '"') => in_str = true,
            (false, '\'') => {
                // '{' or '\u{..}' as a char literal; a lifetime has no closing quote soon.
                let rest: String = chars.clone().take(12).collect();
                if let Some(end) = rest.find('\'').filter(|&e| e > 0 && (e == 1 || rest.starts_with('\\'))) {
                    for _ in 0..=end {
                        chars.next();
                    }
                } else {
                    out.push(c);
                }
            }
            (false, _) => out.push(c),
        }
    }
    out
}

/// Whether a file of `src/` holds tests only (its functions are not held
/// to the limit).
fn is_test_file(file: &str) -> bool {
    let name = Path::new(file).file_name().and_then(|n| n.to_str()).unwrap_or("");
    name == "tests.rs" || name.ends_with("_tests.rs") || name == "testing.rs"
}

/// Each file of `src/` with its number of lines and its code lines (as
/// `code_lines` gives them).
pub(crate) type Files = BTreeMap<String, (usize, Vec<(String, bool)>)>;

/// What breaks the size rules: files and functions over their limit and not
/// listed, and listed ones that are no longer over it.
pub(crate) fn size_violations(files: &Files) -> Vec<String> {
    let mut v = Vec::new();
    for (file, (total, lines)) in files {
        let listed = LONG_FILES.iter().any(|(f, _)| f == file);
        if *total > MAX_FILE_LINES && !listed {
            v.push(format!("{file}: {total} lines (at most {MAX_FILE_LINES}: split it by concept)"));
        }
        if listed && *total <= MAX_FILE_LINES {
            v.push(format!("{file}: {total} lines, listed in LONG_FILES: take it off the list"));
        }
        if is_test_file(file) {
            continue;
        }
        for (name, n) in function_lengths(lines) {
            let key = format!("{file}::{name}");
            let listed = LONG_FNS.iter().any(|(f, _)| *f == key);
            if n > MAX_FN_LINES && !listed {
                v.push(format!("{key}: {n} lines (at most {MAX_FN_LINES})"));
            }
        }
    }
    for (key, _) in LONG_FNS {
        let (file, name) = key.rsplit_once("::").unwrap_or((key, ""));
        let still = files
            .get(file)
            .is_some_and(|(_, lines)| function_lengths(lines).iter().any(|(n, len)| n == name && *len > MAX_FN_LINES));
        if !still {
            v.push(format!("{key}: listed in LONG_FNS but no longer over {MAX_FN_LINES} lines: take it off the list"));
        }
    }
    v
}
