//! The JSON examples in docs/data-format.md are valid files.

use grognard::data::{Kind, Library};

const DOC: &str = include_str!("../../../docs/data-format.md");

fn json_blocks() -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut rest = DOC;
    while let Some(start) = rest.find("```json\n") {
        let body = &rest[start + 8..];
        let Some(end) = body.find("```") else { break };
        out.push(&body[..end]);
        rest = &body[end..];
    }
    out
}

#[test]
fn every_example_in_the_format_doc_loads() {
    let blocks = json_blocks();
    assert_eq!(blocks.len(), 5, "one example per kind");
    let mut lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    for (i, text) in blocks.iter().enumerate() {
        lib.add(&format!("data-format.md example {i}"), text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    lib.validate_all().unwrap_or_else(|e| panic!("{e}"));
    let s = lib.scenario("pg/example").unwrap_or_else(|e| panic!("{e}"));
    let kinds: Vec<Kind> = s.provisional_parts().iter().map(|p| p.kind).collect();
    assert_eq!(
        kinds,
        vec![
            Kind::Scenario,
            Kind::Map,
            Kind::Terrain,
            Kind::Counters,
            Kind::Chart
        ]
    );
    assert!(lib.terrain("pg/terrain-example").is_some());
}
