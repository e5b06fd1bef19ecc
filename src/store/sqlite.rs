//! The SQLite side of the store: a file (or a database in memory) as a
//! [`Backend`] ([`Sqlite`]), and [`Db`] over its connection: statements
//! through rusqlite's cache of prepared statements, rows read into
//! [`Value`]s, and the statements SQLite writes its own way. Writers run
//! one at a time under the file's lock (`BEGIN IMMEDIATE`), so nothing
//! conflicts and nothing runs again; there is no connection to lose.

use super::backend::{Backend, Work};
use super::error::{SqlContext, StoreError};
use super::primary::Primary;
use super::sql::{Db, Names, Row, Value, args};
use super::types::GameId;
use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, TransactionBehavior};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An SQLite connection: the file the bot writes, a copy in memory that
/// tools read, or a private database of the tests.
pub(crate) struct Sqlite(pub(crate) Connection);

impl Backend for Sqlite {
    fn read(&self, work: Work<'_>) -> Result<(), StoreError> {
        work(&self.0)
    }

    fn write(&mut self, work: Work<'_>) -> Result<(), StoreError> {
        let tx = self.0.transaction_with_behavior(TransactionBehavior::Immediate).ctx("BEGIN IMMEDIATE")?;
        work(&*tx)?;
        tx.commit().ctx("COMMIT")
    }

    /// A statement of SQLite's cannot do as much as a save needs in one.
    fn one_statement(&mut self, _work: Work<'_>) -> Result<bool, StoreError> {
        Ok(false)
    }

    fn snapshot(&self, work: Work<'_>) -> Result<(), StoreError> {
        let tx = self.0.unchecked_transaction().ctx("BEGIN read")?;
        work(&*tx)
    }

    fn schema_version(&self) -> Result<u32, StoreError> {
        let v: i64 = self.0.query_row("PRAGMA user_version", [], |r| r.get(0)).ctx("PRAGMA user_version")?;
        Ok(u32::try_from(v).unwrap_or(0))
    }

    fn set_lock_wait(&self, wait: Duration) -> Result<(), StoreError> {
        self.0.busy_timeout(wait).ctx("busy_timeout")
    }

    fn set_connect_by(&self, _by: Option<Instant>) {}

    fn primary(&self) -> Option<Arc<Primary>> {
        None
    }

    fn conflicts_retried(&self) -> u64 {
        0
    }

    /// A file in the process: no server to talk to.
    fn round_trips(&self) -> u64 {
        0
    }

    /// A statement either ran in the process or did not.
    fn answer_may_be_lost(&self, _e: &StoreError) -> bool {
        false
    }

    fn sqlite(&self) -> Option<&Connection> {
        Some(&self.0)
    }

    #[cfg(any(test, feature = "lab"))]
    fn transactions_only(&self) {}

    #[cfg(any(test, feature = "lab"))]
    fn database_wide_lock(&self) {}
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            Value::Null => ToSqlOutput::Borrowed(ValueRef::Null),
            Value::Int(i) => ToSqlOutput::Borrowed(ValueRef::Integer(*i)),
            Value::Real(r) => ToSqlOutput::Borrowed(ValueRef::Real(*r)),
            Value::Text(s) => ToSqlOutput::Borrowed(ValueRef::Text(s.as_bytes())),
            Value::Blob(b) => ToSqlOutput::Borrowed(ValueRef::Blob(b)),
        })
    }
}

fn value_of(v: ValueRef<'_>) -> Value {
    match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Int(i),
        ValueRef::Real(r) => Value::Real(r),
        // Text that is not UTF-8 reads as bytes, which no text column accepts.
        ValueRef::Text(t) => String::from_utf8(t.to_vec()).map_or_else(|e| Value::Blob(e.into_bytes()), Value::Text),
        ValueRef::Blob(b) => Value::Blob(b.to_vec()),
    }
}

impl Db for Connection {
    fn execute(&self, what: &'static str, sql: &str, args: &[Value]) -> Result<u64, StoreError> {
        let mut st = self.prepare_cached(sql).ctx(what)?;
        let n = st.execute(rusqlite::params_from_iter(args)).ctx(what)?;
        Ok(n as u64)
    }

    fn query(&self, what: &'static str, sql: &str, args: &[Value]) -> Result<Vec<Row>, StoreError> {
        let mut st = self.prepare_cached(sql).ctx(what)?;
        let columns = st.column_count();
        let names: Names = st.column_names().map(String::from).collect();
        let mut rows = st.query(rusqlite::params_from_iter(args)).ctx(what)?;
        let mut out = Vec::new();
        while let Some(r) = rows.next().ctx(what)? {
            let row = (0..columns).map(|i| r.get_ref(i).map(value_of)).collect::<Result<_, _>>().ctx(what)?;
            out.push(Row(row, names.clone()));
        }
        Ok(out)
    }

    /// Nothing: `BEGIN IMMEDIATE` holds the file.
    fn for_update(&self) -> &'static str {
        ""
    }

    fn insert_events(&self, id: GameId, first: u64, v: i64, bodies: &[String]) -> Result<(), StoreError> {
        for (i, body) in bodies.iter().enumerate() {
            Db::execute(
                self,
                "insert event",
                "INSERT INTO events (game_id, idx, v, body) VALUES (?1, ?2, ?3, ?4)",
                args![id, (first + i as u64) as i64, v, body.as_str()],
            )?;
        }
        Ok(())
    }

    /// Under the file's lock, one more than the largest.
    fn number_the_rating(&self, id: GameId, _guild: i64, _variant: &str) -> Result<(), StoreError> {
        Db::execute(
            self,
            "number the rating",
            "UPDATE games SET rated_seq = (SELECT COALESCE(MAX(rated_seq), 0) + 1 FROM games) WHERE id = ?1",
            args![id],
        )?;
        Ok(())
    }

    fn after_copy(&self) -> Result<(), StoreError> {
        Ok(())
    }
}
