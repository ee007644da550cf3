//! `orrery test --bless`: writes what the engine found into the empty
//! expectations of a scenario file (`legal = []`, `outcome = ""`,
//! `board = {}`, ...). The file is edited with `toml_edit`, so comments, key
//! order and the formatting of everything else stay as the author wrote them.

use toml_edit::{Array, DocumentMut, InlineTable, Item, TableLike, Value};

/// One empty expectation and what the engine found for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Fill {
    /// Which `[[scenario]]` of the file, counting from 0.
    pub scenario: usize,
    /// The key within the scenario: `["legal"]`, or `["hands", "white"]`
    /// for one player's empty hand.
    pub path: Vec<String>,
    pub value: Filled,
}

/// A value to write, in the shapes scenario files use.
#[derive(Clone, Debug, PartialEq)]
pub enum Filled {
    Text(String),
    Texts(Vec<String>),
    Number(i64),
    Numbers(Vec<u64>),
    /// An inline table, its keys in the order given.
    Table(Vec<(String, Filled)>),
    /// Lines of text, written as a multi-line literal string (a board's picture).
    Picture(String),
    /// A board's picture, or where the slot is a table of its own
    /// (`[scenario.board]`), its sites.
    PictureOrTable(String, Vec<(String, Filled)>),
}

impl Filled {
    fn to_value(&self) -> Value {
        match self {
            Filled::Text(text) => Value::from(text.as_str()),
            Filled::Number(n) => Value::from(*n),
            Filled::Texts(list) => Value::Array(formatted(list.iter().map(|t| Value::from(t.as_str())))),
            // Perft counts fit an i64 many times over; saturate rather than wrap.
            Filled::Numbers(list) => {
                Value::Array(formatted(list.iter().map(|&n| Value::from(i64::try_from(n).unwrap_or(i64::MAX)))))
            }
            // Three quotes, then the lines: TOML drops the newline right after them.
            Filled::Picture(text) | Filled::PictureOrTable(text, _) => {
                format!("'''\n{text}'''").parse::<Value>().unwrap_or_else(|_| Value::from(text.as_str()))
            }
            Filled::Table(pairs) => {
                let mut table: InlineTable = pairs.iter().map(|(k, v)| (k.as_str(), v.to_value())).collect();
                table.fmt();
                Value::InlineTable(table)
            }
        }
    }
}

/// `["a", "b"]`, on one line as the bundled scenario files write lists.
fn formatted(values: impl Iterator<Item = Value>) -> Array {
    let mut array: Array = values.collect();
    array.fmt();
    array
}

/// The scenario file's text with each fill written in. A fill whose key is
/// missing or no longer empty is an error: blessing never overwrites what an
/// author wrote.
pub fn apply(text: &str, fills: &[Fill]) -> Result<String, String> {
    let mut doc: DocumentMut = text.parse().map_err(|e| format!("cannot edit the file: {e}"))?;
    for fill in fills {
        let scenario = scenario_mut(&mut doc, fill.scenario)
            .ok_or_else(|| format!("cannot find scenario {} to fill in", fill.scenario + 1))?;
        let key = fill.path.join(".");
        let slot = slot_mut(scenario, &fill.path).ok_or_else(|| format!("cannot find `{key}` to fill in"))?;
        write(slot, &fill.value).map_err(|why| format!("cannot fill `{key}`: {why}"))?;
    }
    Ok(doc.to_string())
}

/// The n-th scenario, whether written as `[[scenario]]` tables or as an
/// array of inline tables.
fn scenario_mut(doc: &mut DocumentMut, n: usize) -> Option<&mut dyn TableLike> {
    match doc.get_mut("scenario")? {
        Item::ArrayOfTables(tables) => tables.get_mut(n).map(|t| t as &mut dyn TableLike),
        Item::Value(Value::Array(array)) => array.get_mut(n)?.as_inline_table_mut().map(|t| t as &mut dyn TableLike),
        _ => None,
    }
}

fn slot_mut<'a>(table: &'a mut dyn TableLike, path: &[String]) -> Option<&'a mut Item> {
    let (first, rest) = path.split_first()?;
    let mut item = table.get_mut(first)?;
    for key in rest {
        item = item.as_table_like_mut()?.get_mut(key)?;
    }
    Some(item)
}

fn write(slot: &mut Item, filled: &Filled) -> Result<(), String> {
    match slot {
        // `[scenario.board]` written as a table of its own: its keys go under it.
        Item::Table(table) => {
            let (Filled::Table(pairs) | Filled::PictureOrTable(_, pairs)) = filled else {
                return Err("it is a table".to_string());
            };
            if !table.is_empty() {
                return Err("it is not empty".to_string());
            }
            for (key, value) in pairs {
                table.insert(key, Item::Value(value.to_value()));
            }
            Ok(())
        }
        Item::Value(old) => {
            let empty = match old {
                Value::String(s) => s.value().is_empty(),
                Value::Array(a) => a.is_empty(),
                Value::InlineTable(t) => t.is_empty(),
                _ => false,
            };
            if !empty {
                return Err("it is not empty".to_string());
            }
            // The value's decor holds what follows it on its line (a comment).
            let decor = old.decor().clone();
            *old = filled.to_value();
            *old.decor_mut() = decor;
            Ok(())
        }
        _ => Err("it is not a value".to_string()),
    }
}
