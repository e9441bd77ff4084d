//! Component data: maps, counters, charts and scenarios, with provenance.
