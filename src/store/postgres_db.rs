//! [`Db`] over a PostgreSQL client or transaction: statements through the
//! connection's cache of prepared statements, rows read into [`Value`]s
//! and values bound to whatever type the server inferred, and the few
//! statements PostgreSQL writes its own way (a row lock, a log written in
//! one statement, the ratings' order from a sequence, numbering after a
//! copy).

use super::error::{PgContext, StoreError};
use super::sql::{Db, Names, Row, Value, args, numbered_dollars};
use super::types::GameId;
use bytes::BytesMut;
use postgres::types::{IsNull, ToSql, Type, to_sql_checked};
use postgres::{GenericClient, Statement};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// [`Db`] over a client or a transaction, with the connection's cache of
/// prepared statements.
pub(super) struct PgDb<'a, C> {
    client: RefCell<&'a mut C>,
    statements: RefCell<&'a mut HashMap<String, Statement>>,
    round_trips: &'a Cell<u64>,
}

impl<'a, C: GenericClient> PgDb<'a, C> {
    pub(super) fn new(
        client: &'a mut C,
        statements: &'a mut HashMap<String, Statement>,
        round_trips: &'a Cell<u64>,
    ) -> Self {
        PgDb { client: RefCell::new(client), statements: RefCell::new(statements), round_trips }
    }

    fn count_trip(&self) {
        self.round_trips.set(self.round_trips.get() + 1);
    }

    fn statement(&self, what: &'static str, sql: &str) -> Result<Statement, StoreError> {
        if let Some(st) = self.statements.borrow().get(sql) {
            return Ok(st.clone());
        }
        self.count_trip();
        let st = self.client.borrow_mut().prepare(&numbered_dollars(sql)).pg(what)?;
        self.statements.borrow_mut().insert(sql.to_string(), st.clone());
        Ok(st)
    }
}

fn params(args: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    args.iter().map(|a| a as &(dyn ToSql + Sync)).collect()
}

impl<C: GenericClient> Db for PgDb<'_, C> {
    fn for_update(&self) -> &'static str {
        " FOR UPDATE"
    }

    fn insert_events(&self, id: GameId, first: u64, v: i64, bodies: &[String]) -> Result<(), StoreError> {
        let list = serde_json::to_string(bodies)
            .map_err(|e| StoreError::Corrupt { game: Some(id), what: format!("the events' list: {e}") })?;
        self.execute(
            "insert events",
            "INSERT INTO events (game_id, idx, v, body) SELECT ?1::bigint, ?2::bigint + n - 1, ?3::bigint, body \
             FROM json_array_elements_text(?4::text::json) WITH ORDINALITY AS t(body, n)",
            args![id, first as i64, v, list],
        )?;
        Ok(())
    }

    /// The row of the game's server and variant in `rating_groups`,
    /// locked until the commit, so that games of other servers or variants
    /// are rated at once; the number from a sequence drawn under that lock
    /// (within one server and variant, the numbers rise in the order the
    /// ratings were read and written).
    fn number_the_rating(&self, id: GameId, guild: i64, variant: &str) -> Result<(), StoreError> {
        self.execute(
            "lock the ratings of a server and variant",
            "INSERT INTO rating_groups (guild_id, variant, rated) VALUES (?1, ?2, 1) \
             ON CONFLICT (guild_id, variant) DO UPDATE SET rated = rating_groups.rated + 1",
            args![guild, variant],
        )?;
        self.execute(
            "number the rating",
            "UPDATE games SET rated_seq = nextval('games_rated_order') WHERE id = ?1",
            args![id],
        )?;
        Ok(())
    }

    fn after_copy(&self) -> Result<(), StoreError> {
        // Identity columns go on after the numbers copied.
        for table in ["games", "computers", "tournaments"] {
            let sql = format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                 (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
            );
            self.query("copy: go on numbering", &sql, args![])?;
        }
        // Ratings go on numbering after the games copied, and each server
        // and variant has the row its ratings lock.
        self.query(
            "copy: go on numbering ratings",
            "SELECT setval('games_rated_order', (SELECT COALESCE(MAX(rated_seq), 0) + 1 FROM games), false)",
            args![],
        )?;
        self.execute(
            "copy: rating groups",
            "INSERT INTO rating_groups (guild_id, variant, rated) SELECT guild_id, variant, count(*) \
             FROM games WHERE rated_seq IS NOT NULL GROUP BY guild_id, variant",
            args![],
        )?;
        Ok(())
    }

    fn execute(&self, what: &'static str, sql: &str, args: &[Value]) -> Result<u64, StoreError> {
        let st = self.statement(what, sql)?;
        self.count_trip();
        self.client.borrow_mut().execute(&st, &params(args)).pg(what)
    }

    fn query(&self, what: &'static str, sql: &str, args: &[Value]) -> Result<Vec<Row>, StoreError> {
        let st = self.statement(what, sql)?;
        self.count_trip();
        let rows = self.client.borrow_mut().query(&st, &params(args)).pg(what)?;
        let names: Names = st.columns().iter().map(|c| c.name().to_string()).collect();
        rows.iter().map(|r| row_of(r, &names).pg(what)).collect()
    }
}

fn row_of(row: &postgres::Row, names: &Names) -> Result<Row, postgres::Error> {
    let values = (0..row.len()).map(|i| value_at(row, i)).collect::<Result<Vec<_>, _>>()?;
    Ok(Row(values, names.clone()))
}

fn value_at(row: &postgres::Row, i: usize) -> Result<Value, postgres::Error> {
    let ty = row.columns()[i].type_();
    let value = if *ty == Type::INT8 {
        row.try_get::<_, Option<i64>>(i)?.map(Value::Int)
    } else if *ty == Type::INT4 {
        row.try_get::<_, Option<i32>>(i)?.map(|v| Value::Int(i64::from(v)))
    } else if *ty == Type::INT2 {
        row.try_get::<_, Option<i16>>(i)?.map(|v| Value::Int(i64::from(v)))
    } else if *ty == Type::BOOL {
        row.try_get::<_, Option<bool>>(i)?.map(|v| Value::Int(i64::from(v)))
    } else if *ty == Type::FLOAT8 {
        row.try_get::<_, Option<f64>>(i)?.map(Value::Real)
    } else if *ty == Type::FLOAT4 {
        row.try_get::<_, Option<f32>>(i)?.map(|v| Value::Real(f64::from(v)))
    } else if *ty == Type::BYTEA {
        row.try_get::<_, Option<Vec<u8>>>(i)?.map(Value::Blob)
    } else {
        row.try_get::<_, Option<String>>(i)?.map(Value::Text)
    };
    Ok(value.unwrap_or(Value::Null))
}

/// A value bound to whatever type PostgreSQL inferred for the placeholder
/// (an integer goes into `BIGINT`, `INTEGER`, `SMALLINT` or `BOOLEAN`).
impl ToSql for Value {
    fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(i) if *ty == Type::INT4 => i32::try_from(*i)?.to_sql_checked(ty, out),
            Value::Int(i) if *ty == Type::INT2 => i16::try_from(*i)?.to_sql_checked(ty, out),
            Value::Int(i) if *ty == Type::BOOL => (*i != 0).to_sql_checked(ty, out),
            Value::Int(i) if *ty == Type::FLOAT8 => (*i as f64).to_sql_checked(ty, out),
            Value::Int(i) => i.to_sql_checked(ty, out),
            Value::Real(r) => r.to_sql_checked(ty, out),
            Value::Text(s) => s.as_str().to_sql_checked(ty, out),
            Value::Blob(b) => b.as_slice().to_sql_checked(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}
