//! The SQLite side of [`Db`]: statements through rusqlite's cache of
//! prepared statements, rows read into [`Value`]s.

use super::error::{SqlContext, StoreError};
use super::sql::{Db, Names, Row, Value};
use rusqlite::Connection;
use rusqlite::types::{ToSqlOutput, ValueRef};

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
}
