//! One way to run SQL on either backend: the [`Db`] trait (run a
//! statement, read its rows), the [`Value`]s that go in and come out, and
//! the conversions between them and the store's types. The store's
//! operations are written once against it; `sqlite.rs` and `postgres.rs`
//! implement it.
//!
//! The SQL is the subset both engines read the same way: numbered
//! placeholders `?1`, `?2`… (PostgreSQL gets `$1`, `$2`…), `INSERT … ON
//! CONFLICT`, `RETURNING`. Integers are 64-bit on both sides (the
//! PostgreSQL schema uses `BIGINT` throughout), so a row reads the same
//! from either.

use super::error::StoreError;
use super::types::{EndPermission, GameId, GameState, Timestamp};

/// A value bound to a statement or read from a row.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

/// One row of a result, its columns in `SELECT` order, and their names
/// (shared by the rows of one result).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Row(pub(crate) Vec<Value>, pub(crate) Names);

/// The names of a result's columns, as the database gives them.
pub(crate) type Names = std::sync::Arc<[String]>;

impl Row {
    /// The column called `name` as a `T` (read by name, so that a list of
    /// columns can change without moving what the others mean); a
    /// missing column or another type is damaged data.
    pub(crate) fn named<T: FromValue>(&self, name: &str) -> Result<T, StoreError> {
        match self.1.iter().position(|n| n == name) {
            Some(i) => self.get(i),
            None => Err(StoreError::Corrupt { game: None, what: format!("no column `{name}` in the row") }),
        }
    }

    /// Column `i` as a `T`; a missing column or another type is damaged
    /// data (the statements are ours, so it never happens with our tables).
    pub(crate) fn get<T: FromValue>(&self, i: usize) -> Result<T, StoreError> {
        let value = self.0.get(i).unwrap_or(&Value::Null);
        T::from_value(value).ok_or_else(|| StoreError::Corrupt {
            game: None,
            what: format!("column {i} holds {value:?}, not {}", std::any::type_name::<T>()),
        })
    }
}

/// A connection or transaction of either backend. `what` names the
/// statement in errors.
pub(crate) trait Db {
    /// Runs a statement; returns the number of rows it changed.
    fn execute(&self, what: &'static str, sql: &str, args: &[Value]) -> Result<u64, StoreError>;
    /// Runs a statement and reads all its rows.
    fn query(&self, what: &'static str, sql: &str, args: &[Value]) -> Result<Vec<Row>, StoreError>;

    /// What a `SELECT` adds to keep the rows it reads locked until the
    /// commit: PostgreSQL's ` FOR UPDATE`; nothing under SQLite, whose
    /// `BEGIN IMMEDIATE` holds the whole file already.
    fn for_update(&self) -> &'static str;

    /// Writes game `id`'s log events (their JSON `bodies`, encoding `v`)
    /// from index `first` on: PostgreSQL in one statement (one round trip
    /// whatever their number), SQLite one row at a time.
    fn insert_events(&self, id: GameId, first: u64, v: i64, bodies: &[String]) -> Result<(), StoreError>;

    /// Gives the finished game `id` (of server `guild`, rule set
    /// `variant`) its place in the order ratings were made (`rated_seq`),
    /// under the narrowest lock that keeps that order exact (see
    /// `ratings.rs`).
    fn number_the_rating(&self, id: GameId, guild: i64, variant: &str) -> Result<(), StoreError>;

    /// After `thaayam migrate` copied rows with their numbers: what the
    /// database numbers next (games, computers, tournaments, ratings) goes
    /// on after them, and each server and variant has the row its ratings
    /// lock. Nothing on SQLite, which numbers from the rows themselves.
    fn after_copy(&self) -> Result<(), StoreError>;

    /// The first row, if any.
    fn query_opt(&self, what: &'static str, sql: &str, args: &[Value]) -> Result<Option<Row>, StoreError> {
        Ok(self.query(what, sql, args)?.into_iter().next())
    }

    /// The one row a statement must return.
    fn query_one(&self, what: &'static str, sql: &str, args: &[Value]) -> Result<Row, StoreError> {
        self.query_opt(what, sql, args)?
            .ok_or_else(|| StoreError::Corrupt { game: None, what: format!("`{what}` returned no row") })
    }
}

/// The values of a statement's placeholders, in order: `args![id, now]`.
macro_rules! args {
    ($($x:expr),* $(,)?) => {
        &[$($crate::store::sql::Value::from($x)),*][..]
    };
}
pub(crate) use args;

/// `?1`, `?2`… → `$1`, `$2`… (PostgreSQL's placeholders). Our statements
/// hold no `?` anywhere else.
pub(crate) fn numbered_dollars(sql: &str) -> String {
    sql.replace('?', "$")
}

/// A Rust value read from a column.
pub(crate) trait FromValue: Sized {
    fn from_value(v: &Value) -> Option<Self>;
}

impl FromValue for i64 {
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
}

/// Discord ids are stored bit-for-bit as signed integers.
impl FromValue for u64 {
    fn from_value(v: &Value) -> Option<Self> {
        i64::from_value(v).map(|i| i as u64)
    }
}

impl FromValue for u32 {
    fn from_value(v: &Value) -> Option<Self> {
        i64::from_value(v).and_then(|i| u32::try_from(i).ok())
    }
}

impl FromValue for u8 {
    fn from_value(v: &Value) -> Option<Self> {
        i64::from_value(v).and_then(|i| u8::try_from(i).ok())
    }
}

impl FromValue for bool {
    fn from_value(v: &Value) -> Option<Self> {
        i64::from_value(v).map(|i| i != 0)
    }
}

impl FromValue for f64 {
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Real(r) => Some(*r),
            Value::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
}

impl FromValue for String {
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Text(s) => Some(s.clone()),
            _ => None,
        }
    }
}

impl FromValue for Vec<u8> {
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Blob(b) => Some(b.clone()),
            _ => None,
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Null => Some(None),
            v => T::from_value(v).map(Some),
        }
    }
}

impl FromValue for GameId {
    fn from_value(v: &Value) -> Option<Self> {
        i64::from_value(v).map(GameId)
    }
}

impl FromValue for Timestamp {
    fn from_value(v: &Value) -> Option<Self> {
        i64::from_value(v).map(Timestamp)
    }
}

impl FromValue for GameState {
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Text(s) => s.parse().ok(),
            _ => None,
        }
    }
}

impl FromValue for EndPermission {
    fn from_value(v: &Value) -> Option<Self> {
        match v {
            Value::Text(s) => EndPermission::parse(s),
            _ => None,
        }
    }
}

macro_rules! int_values {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(v: $t) -> Value {
                Value::Int(i64::from(v))
            }
        }
    )*};
}
int_values!(i64, i32, u32, u8, bool);

/// Discord ids are stored bit-for-bit as signed integers.
impl From<u64> for Value {
    fn from(v: u64) -> Value {
        Value::Int(v as i64)
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Real(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_string())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

impl From<&String> for Value {
    fn from(v: &String) -> Value {
        Value::Text(v.clone())
    }
}

impl From<&[u8]> for Value {
    fn from(v: &[u8]) -> Value {
        Value::Blob(v.to_vec())
    }
}

impl From<&Vec<u8>> for Value {
    fn from(v: &Vec<u8>) -> Value {
        Value::Blob(v.clone())
    }
}

impl From<GameId> for Value {
    fn from(v: GameId) -> Value {
        Value::Int(v.0)
    }
}

impl From<Timestamp> for Value {
    fn from(v: Timestamp) -> Value {
        Value::Int(v.0)
    }
}

impl From<GameState> for Value {
    fn from(v: GameState) -> Value {
        Value::from(v.as_str())
    }
}

impl From<EndPermission> for Value {
    fn from(v: EndPermission) -> Value {
        Value::from(v.as_str())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_dollars() {
        assert_eq!(
            numbered_dollars("SELECT a FROM t WHERE b = ?1 AND c = ?12"),
            "SELECT a FROM t WHERE b = $1 AND c = $12"
        );
    }

    #[test]
    fn a_row_reads_its_columns_or_says_what_is_wrong() {
        let names: Names = ["id", "deadline", "state"].map(String::from).into();
        let row = Row(vec![Value::Int(-1), Value::Null, Value::Text("lobby".into())], names);
        assert_eq!(row.named::<GameState>("state").expect("by name"), GameState::Lobby);
        assert!(row.named::<i64>("seq").is_err(), "no such column");
        assert_eq!(row.get::<u64>(0).expect("id"), u64::MAX);
        assert_eq!(row.get::<Option<i64>>(1).expect("null"), None);
        assert_eq!(row.get::<GameState>(2).expect("state"), GameState::Lobby);
        assert!(row.get::<u32>(0).is_err(), "negative is not a u32");
        assert!(row.get::<String>(0).is_err());
    }
}
