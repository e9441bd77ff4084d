//! Printed hex ids: parse/print round trips and clear errors for each scheme.

use grognard::hex::{HexId, IdProblem, Scheme};

fn problem(scheme: Scheme, text: &str) -> IdProblem {
    match scheme.parse(text) {
        Ok(id) => panic!("{text:?} parsed as {id:?}"),
        Err(e) => {
            assert_eq!(e.input, text);
            assert_eq!(e.scheme, scheme);
            e.problem
        }
    }
}

#[test]
fn r1_0_pg_every_four_digit_id_round_trips() {
    for col in 0..=99u8 {
        for row in 0..=99u8 {
            let text = format!("{col:02}{row:02}");
            let id = Scheme::Pg.parse(&text).unwrap();
            assert_eq!((id.col(), id.row(), id.sheet()), (col, row, None));
            assert_eq!(id.to_string(), text);
            assert_eq!(HexId::new(Scheme::Pg, None, col, row).unwrap(), id);
        }
    }
}

#[test]
fn hov_p10_ccrr_round_trips() {
    for text in [
        "0113", "0138", "0139", "0151", "2406", "3153", "3938", "2354",
    ] {
        let id = Scheme::Hov.parse(text).unwrap();
        assert_eq!(id.to_string(), text);
    }
    let konigsberg = Scheme::Hov.parse("2406").unwrap();
    assert_eq!((konigsberg.col(), konigsberg.row()), (24, 6));
}

#[test]
fn fontenoy_1_4_map_letters_and_melle_round_trip() {
    for text in [
        "N3718", "S2222", "N1421", "S1012", "N4033", "S4001", "2222", "0000",
    ] {
        let id = Scheme::Fontenoy.parse(text).unwrap();
        assert_eq!(id.to_string(), text);
    }
    let id = Scheme::Fontenoy.parse("N3718").unwrap();
    assert_eq!((id.sheet(), id.col(), id.row()), (Some('N'), 37, 18));
    let melle = Scheme::Fontenoy.parse("2222").unwrap();
    assert_eq!(melle.sheet(), None);
    for col in [0u8, 9, 46, 99] {
        for row in [0u8, 1, 33, 99] {
            for sheet in [None, Some('N'), Some('S')] {
                let id = HexId::new(Scheme::Fontenoy, sheet, col, row).unwrap();
                assert_eq!(Scheme::Fontenoy.parse(&id.to_string()).unwrap(), id);
            }
        }
    }
}

#[test]
fn nbs_1_1a_lettered_and_plain_ids_round_trip() {
    for text in [
        "A28.29", "B19.28", "29.17", "B29.17", "A63.07", "A34.32", "B25.35",
    ] {
        let id = Scheme::Nbs.parse(text).unwrap();
        assert_eq!(id.to_string(), text);
    }
    let id = Scheme::Nbs.parse("B19.28").unwrap();
    assert_eq!((id.sheet(), id.col(), id.row()), (Some('B'), 19, 28));
    for letter in 'A'..='Z' {
        let id = HexId::new(Scheme::Nbs, Some(letter), 5, 7).unwrap();
        assert_eq!(id.to_string(), format!("{letter}05.07"));
        assert_eq!(Scheme::Nbs.parse(&id.to_string()).unwrap(), id);
    }
}

#[test]
fn error_messages_name_the_id_and_the_expected_form() {
    let e = Scheme::Pg.parse("12a4").unwrap_err();
    assert_eq!(e.to_string(), "hex id \"12a4\": expected 4 digits XXYY");
    let e = Scheme::Hov.parse("").unwrap_err();
    assert_eq!(e.to_string(), "hex id \"\": empty; expected 4 digits CCRR");
    let e = Scheme::Fontenoy.parse("X3718").unwrap_err();
    assert_eq!(
        e.to_string(),
        "hex id \"X3718\": unknown map letter 'X' (fontenoy maps are N and S; no letter = Melle)"
    );
    let e = Scheme::Nbs.parse("A2829").unwrap_err();
    assert_eq!(
        e.to_string(),
        "hex id \"A2829\": expected an optional capital map letter, then xx.yy (two digits each)"
    );
    let e = Scheme::Pg.parse("A1809").unwrap_err();
    assert!(
        e.to_string().contains("pg hex ids have no map letter"),
        "{e}"
    );
}

#[test]
fn bad_ids_are_refused_with_the_right_problem() {
    use IdProblem::*;
    // Empty.
    for s in Scheme::ALL {
        assert_eq!(problem(s, ""), Empty);
    }
    // Wrong length.
    for text in ["180", "18090", "1", "18 09", " 1809", "1809 "] {
        assert_eq!(problem(Scheme::Pg, text), Malformed, "{text:?}");
        assert_eq!(problem(Scheme::Hov, text), Malformed, "{text:?}");
    }
    assert_eq!(problem(Scheme::Fontenoy, "N371"), Malformed);
    assert_eq!(problem(Scheme::Fontenoy, "N37180"), Malformed);
    assert_eq!(problem(Scheme::Nbs, "A2.29"), Malformed);
    assert_eq!(problem(Scheme::Nbs, "A28.2"), Malformed);
    assert_eq!(problem(Scheme::Nbs, "A128.29"), Malformed);
    assert_eq!(problem(Scheme::Nbs, "A28.290"), Malformed);
    // Letters and punctuation where digits belong.
    assert_eq!(problem(Scheme::Pg, "12a4"), Malformed);
    assert_eq!(problem(Scheme::Pg, "18.09"), Malformed);
    assert_eq!(problem(Scheme::Pg, "-180"), Malformed);
    assert_eq!(problem(Scheme::Hov, "+123"), Malformed);
    assert_eq!(problem(Scheme::Fontenoy, "NN371"), Malformed);
    assert_eq!(problem(Scheme::Fontenoy, "N37.18"), Malformed);
    assert_eq!(problem(Scheme::Nbs, "A28,29"), Malformed);
    assert_eq!(problem(Scheme::Nbs, "A28-29"), Malformed);
    assert_eq!(problem(Scheme::Nbs, "AB8.29"), Malformed);
    assert_eq!(problem(Scheme::Nbs, "A28.2x"), Malformed);
    // Unknown map letters.
    assert_eq!(problem(Scheme::Pg, "A1809"), UnknownSheet('A'));
    assert_eq!(problem(Scheme::Hov, "N0113"), UnknownSheet('N'));
    assert_eq!(problem(Scheme::Fontenoy, "X3718"), UnknownSheet('X'));
    assert_eq!(problem(Scheme::Fontenoy, "n3718"), UnknownSheet('n'));
    assert_eq!(problem(Scheme::Nbs, "a28.29"), UnknownSheet('a'));
    // Non-ASCII (full-width digits, accented letter).
    assert_eq!(problem(Scheme::Pg, "18\u{ff10}9"), NotAscii);
    assert_eq!(problem(Scheme::Fontenoy, "\u{c9}3718"), NotAscii);
    assert_eq!(problem(Scheme::Nbs, "A28\u{b7}29"), NotAscii);
}

#[test]
fn new_checks_letters_and_ranges() {
    assert_eq!(
        HexId::new(Scheme::Pg, None, 100, 1).unwrap_err().problem,
        IdProblem::OutOfRange
    );
    assert_eq!(
        HexId::new(Scheme::Nbs, Some('A'), 1, 255)
            .unwrap_err()
            .problem,
        IdProblem::OutOfRange
    );
    assert_eq!(
        HexId::new(Scheme::Fontenoy, Some('A'), 1, 1)
            .unwrap_err()
            .problem,
        IdProblem::UnknownSheet('A')
    );
    assert_eq!(
        HexId::new(Scheme::Hov, Some('N'), 1, 1)
            .unwrap_err()
            .problem,
        IdProblem::UnknownSheet('N')
    );
}

#[test]
fn hex_ids_serialise_and_refuse_invalid_values() {
    let id = Scheme::Nbs.parse("A28.29").unwrap();
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(json, r#"{"scheme":"nbs","sheet":"A","col":28,"row":29}"#);
    assert_eq!(serde_json::from_str::<HexId>(&json).unwrap(), id);
    let pg: HexId = serde_json::from_str(r#"{"scheme":"pg","col":18,"row":9}"#).unwrap();
    assert_eq!(pg.to_string(), "1809");
    assert!(serde_json::from_str::<HexId>(r#"{"scheme":"pg","col":180,"row":9}"#).is_err());
    assert!(
        serde_json::from_str::<HexId>(r#"{"scheme":"fontenoy","sheet":"Q","col":1,"row":9}"#)
            .is_err()
    );
}

#[test]
fn ids_order_by_scheme_sheet_column_row() {
    let p = |t| Scheme::Fontenoy.parse(t).unwrap();
    let mut ids = [p("S0101"), p("N0202"), p("0303"), p("N0201"), p("N0102")];
    ids.sort();
    let printed: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    assert_eq!(printed, ["0303", "N0102", "N0201", "N0202", "S0101"]);
}

/// No input makes the parser panic, and whatever parses prints back identically.
#[test]
fn parse_never_panics_and_accepted_text_round_trips() {
    let alphabet = ['0', '9', '.', 'A', 'N', 's', ' ', '\u{e9}', '\u{ff11}', '-'];
    let mut texts = vec![String::new()];
    for _ in 0..5 {
        let mut next = Vec::new();
        for t in &texts {
            for c in alphabet {
                let mut u = t.clone();
                u.push(c);
                next.push(u);
            }
        }
        texts.extend(next.iter().cloned());
        texts.dedup();
        if texts.len() > 120_000 {
            break;
        }
    }
    for t in &texts {
        for s in Scheme::ALL {
            if let Ok(id) = s.parse(t) {
                assert_eq!(&id.to_string(), t);
            }
        }
    }
}
