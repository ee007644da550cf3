//! Orrery's integration tests, one module per subject, built as one test
//! binary: each binary links the whole engine, so one instead of two dozen
//! saves minutes on a fresh build (run one subject with
//! `cargo test --release --test suite chess::`).

mod after_move_effects;
mod agents;
mod bless;
mod chance;
mod chess;
mod classic_games;
mod cli;
mod cli_new;
mod counted;
mod counts_groups;
mod diagnostics;
mod docs;
mod draw;
mod draw_trace;
mod explain;
mod flights;
mod flying_obelisks;
mod fmt;
mod follow_ups;
mod fuzz;
mod hexagon;
mod kernel;
mod limits;
mod lsp;
mod lsp_robustness;
mod man_in_the_moon;
mod mutate;
mod named_conditions;
mod openspiel;
mod placement_guards;
mod play;
mod playout_invariants;
mod properties;
mod race;
mod reliability;
mod render;
mod replays;
mod royal;
mod run;
mod safe_write;
mod scenarios;
mod serve;
mod site_conditions;
mod site_sets;
mod sowing;
mod sun_and_moon;
mod sun_moon_and_stars;
mod svg;
mod text_input;
mod transcripts;
mod variants;
mod walkthrough;
mod zodiac;
