//! docs/RULES.md is the project's copy of the rules spec, which lives
//! beside the repository in `../shared/RULES.md`: this test fails when the
//! two drift apart (trailing whitespace aside). A clone without the shared
//! folder beside it skips the check, saying so; CI has it.

use std::path::Path;

/// The lines of a text without their trailing whitespace, and without
/// blank lines at the end.
fn lines(text: &str) -> Vec<&str> {
    let mut out: Vec<&str> = text.lines().map(str::trim_end).collect();
    while out.last() == Some(&"") {
        out.pop();
    }
    out
}

/// The first line where `ours` and `spec` differ, as a readable message.
fn first_difference(ours: &str, spec: &str) -> Option<String> {
    let (a, b) = (lines(ours), lines(spec));
    let n = a.len().max(b.len());
    (0..n).find(|&i| a.get(i) != b.get(i)).map(|i| {
        format!(
            "line {}:\n  docs/RULES.md:       {:?}\n  ../shared/RULES.md:  {:?}",
            i + 1,
            a.get(i).copied().unwrap_or("(end of file)"),
            b.get(i).copied().unwrap_or("(end of file)")
        )
    })
}

/// What comparing the copy under `root` with the spec beside it found.
#[derive(Debug, PartialEq)]
enum Check {
    /// No spec beside the repository (the path looked for).
    Skipped(String),
    Same,
    Differs(String),
}

fn check(root: &Path) -> Check {
    let spec_path = root.join("../shared/RULES.md");
    let Ok(spec) = std::fs::read_to_string(&spec_path) else {
        return Check::Skipped(spec_path.display().to_string());
    };
    let ours = std::fs::read_to_string(root.join("docs/RULES.md")).unwrap_or_default();
    match first_difference(&ours, &spec) {
        Some(diff) => Check::Differs(diff),
        None => Check::Same,
    }
}

#[test]
fn docs_rules_is_the_shared_spec() {
    match check(Path::new(env!("CARGO_MANIFEST_DIR"))) {
        Check::Skipped(path) => println!("skipped: ../shared/RULES.md not found (looked for {path})"),
        Check::Same => {}
        Check::Differs(diff) => {
            panic!("docs/RULES.md differs from ../shared/RULES.md (copy the spec over it) at {diff}")
        }
    }
}

#[test]
fn a_clone_without_the_shared_folder_skips_and_one_with_it_compares() {
    let base = std::env::temp_dir().join(format!("thaayam-rules-doc-{}", std::process::id()));
    let repo = base.join("repo");
    std::fs::create_dir_all(repo.join("docs")).expect("temporary folder");
    std::fs::write(repo.join("docs/RULES.md"), "# Rules\nold\n").expect("write");
    assert!(matches!(check(&repo), Check::Skipped(p) if p.ends_with("RULES.md")));
    std::fs::create_dir_all(base.join("shared")).expect("temporary folder");
    std::fs::write(base.join("shared/RULES.md"), "# Rules\nnew\n").expect("write");
    assert!(matches!(check(&repo), Check::Differs(d) if d.starts_with("line 2:")));
    std::fs::write(base.join("shared/RULES.md"), "# Rules  \nold\n\n").expect("write");
    assert_eq!(check(&repo), Check::Same);
    std::fs::remove_dir_all(&base).expect("clean up");
}

#[test]
fn the_comparison_ignores_trailing_whitespace_only() {
    assert_eq!(first_difference("a  \nb\n\n", "a\nb"), None);
    assert_eq!(first_difference("a\nb\n", "a\nb\n"), None);
    let diff = first_difference("a\nb\n", "a\nc\n").expect("a difference");
    assert!(diff.starts_with("line 2:") && diff.contains("\"b\"") && diff.contains("\"c\""), "{diff}");
    assert!(first_difference("a\n", "a\nb\n").expect("a missing line").contains("(end of file)"));
    assert!(first_difference(" a\n", "a\n").is_some(), "leading whitespace counts");
}
