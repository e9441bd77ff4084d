//! The JSON facade over every system (filled in below).
