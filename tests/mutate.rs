//! Seeded mutations of an input file, for the fuzz suite (`fuzz.rs`): bit
//! flips, insertions, deletions, truncations, swapped tokens and swapped
//! lines, and numbers replaced by numbers at the edges of integer types. A mutant is a function of the input and its seed alone, so the
//! seed a failure names rebuilds the case (`mutate(input, seed)`).

use orrery::agents::playout::PlayoutRng;
use rand::{Rng, SeedableRng};

/// What is inserted: text that matters to the formats (brackets, quotes,
/// separators, numbers at the edges of integer types, keywords), besides
/// random bytes and pieces of the input itself.
const INSERTS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "\"",
    "\n",
    "=",
    ",",
    ":",
    "#",
    "..",
    "-",
    " ",
    "0",
    "1",
    "-1",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999",
    "1e309",
    "not ",
    "and ",
    "or ",
    "\u{0}",
    "\u{e9}",
    "\t",
    "\r\n",
    "true",
    "null",
    "{}",
    "[]",
];

/// Numbers a number is replaced by: the edges of the integer types.
const EDGES: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "127",
    "128",
    "255",
    "256",
    "32767",
    "32768",
    "65535",
    "65536",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "1000000",
];

/// One mutation of `bytes`, chosen by `rng`; says what it did.
fn mutate_once(bytes: &mut Vec<u8>, rng: &mut PlayoutRng) -> String {
    if bytes.is_empty() {
        let insert = INSERTS[rng.gen_range(0..INSERTS.len())];
        bytes.extend_from_slice(insert.as_bytes());
        return format!("insert {insert:?} into nothing");
    }
    let at = rng.gen_range(0..bytes.len());
    match rng.gen_range(0..7) {
        0 => {
            let bit = rng.gen_range(0..8);
            bytes[at] ^= 1 << bit;
            format!("flip bit {bit} of byte {at}")
        }
        1 => {
            let insert: Vec<u8> = match rng.gen_range(0..3) {
                0 => INSERTS[rng.gen_range(0..INSERTS.len())].as_bytes().to_vec(),
                1 => (0..rng.gen_range(1..5)).map(|_| rng.r#gen::<u8>()).collect(),
                // A piece of the input, repeated: a word or a line copied elsewhere.
                _ => {
                    let from = rng.gen_range(0..bytes.len());
                    let len = rng.gen_range(1..=32.min(bytes.len() - from));
                    let times = if rng.gen_range(0..8) == 0 { rng.gen_range(4..200) } else { rng.gen_range(1..4) };
                    bytes[from..from + len].repeat(times)
                }
            };
            let shown = String::from_utf8_lossy(&insert).into_owned();
            bytes.splice(at..at, insert);
            format!("insert {shown:?} at byte {at}")
        }
        2 => {
            let len = rng.gen_range(1..=16.min(bytes.len() - at));
            bytes.drain(at..at + len);
            format!("delete {len} bytes at byte {at}")
        }
        3 => {
            bytes.truncate(at);
            format!("truncate at byte {at}")
        }
        4 => swap_pieces(bytes, tokens(bytes), rng, "tokens"),
        5 => swap_pieces(bytes, lines(bytes), rng, "lines"),
        _ => {
            let numbers: Vec<(usize, usize)> =
                tokens(bytes).into_iter().filter(|&(s, e)| bytes[s..e].iter().all(u8::is_ascii_digit)).collect();
            if numbers.is_empty() {
                return "no number to replace".to_string();
            }
            let (start, end) = numbers[rng.gen_range(0..numbers.len())];
            let edge = EDGES[rng.gen_range(0..EDGES.len())];
            bytes.splice(start..end, edge.bytes());
            format!("replace the number at byte {start} by {edge}")
        }
    }
}

/// The spans of tokens: runs of letters, digits and `_`, or one other
/// non-space byte.
fn tokens(bytes: &[u8]) -> Vec<(usize, usize)> {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        if word(bytes[start]) {
            while i < bytes.len() && word(bytes[i]) {
                i += 1;
            }
        }
        spans.push((start, i));
    }
    spans
}

/// The spans of lines, each with its newline.
fn lines(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            spans.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        spans.push((start, bytes.len()));
    }
    spans
}

/// Swaps two of `spans` (which do not overlap, in order).
fn swap_pieces(bytes: &mut Vec<u8>, spans: Vec<(usize, usize)>, rng: &mut PlayoutRng, what: &str) -> String {
    if spans.len() < 2 {
        return format!("no two {what} to swap");
    }
    let a = rng.gen_range(0..spans.len());
    let mut b = rng.gen_range(0..spans.len() - 1);
    if b >= a {
        b += 1;
    }
    let ((s1, e1), (s2, e2)) = (spans[a.min(b)], spans[a.max(b)]);
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..s1]);
    out.extend_from_slice(&bytes[s2..e2]);
    out.extend_from_slice(&bytes[e1..s2]);
    out.extend_from_slice(&bytes[s1..e1]);
    out.extend_from_slice(&bytes[e2..]);
    *bytes = out;
    format!("swap {what} at bytes {s1} and {s2}")
}

/// The mutant of `input` for `seed`: one to three mutations in a row, and
/// what each did.
pub fn mutate(input: &[u8], seed: u64) -> (Vec<u8>, Vec<String>) {
    let mut rng = PlayoutRng::seed_from_u64(seed);
    let mut bytes = input.to_vec();
    let count = rng.gen_range(1..=3);
    let done = (0..count).map(|_| mutate_once(&mut bytes, &mut rng)).collect();
    (bytes, done)
}

#[test]
fn a_seed_gives_the_same_mutant_and_seeds_differ() {
    let input = b"game \"Tic\"\nplayers x, o\nboard square 3 x 3\n";
    assert_eq!(tokens(b"board square 3 x 3"), [(0, 5), (6, 12), (13, 14), (15, 16), (17, 18)]);
    assert_eq!(mutate(input, 7), mutate(input, 7));
    let distinct: std::collections::HashSet<Vec<u8>> = (0..64).map(|seed| mutate(input, seed).0).collect();
    assert!(distinct.len() > 56, "{} distinct mutants of 64", distinct.len());
    // Every kind of mutation happens.
    let said: Vec<String> = (0..256).flat_map(|seed| mutate(input, seed).1).collect();
    for kind in ["flip bit", "insert", "delete", "truncate", "swap tokens", "swap lines", "replace the number"] {
        assert!(said.iter().any(|s| s.starts_with(kind)), "no {kind}");
    }
}
