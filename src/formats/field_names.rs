//! The field names of a struct that serde reads, asked of serde itself, so
//! that a list of keys for messages never drifts from the struct.

use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};

/// The names of `T`'s fields, in the order written (empty for a type that
/// is not read as a struct).
pub fn field_names<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut names: &'static [&'static str] = &[];
    let _ = T::deserialize(Asker { names: &mut names });
    names
}

/// A deserializer that only notes the fields it is asked to read, then
/// refuses.
struct Asker<'a> {
    names: &'a mut &'static [&'static str],
}

#[derive(Debug)]
struct Asked;

impl std::fmt::Display for Asked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("only the field names were asked for")
    }
}

impl std::error::Error for Asked {}

impl de::Error for Asked {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Asked
    }
}

impl<'de> Deserializer<'de> for Asker<'_> {
    type Error = Asked;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Asked> {
        *self.names = fields;
        Err(Asked)
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Asked> {
        Err(Asked)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}
