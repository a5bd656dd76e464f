//! `mancala-web migrate --from sqlite://FILE --to postgres://...`: moves a
//! SQLite database's rows into PostgreSQL.
//!
//! Both databases are first brought to this server's schema version (as
//! opening them for serving would), so they have the same tables. Then every
//! table of the SQLite database but `schema_version` is copied, those that
//! others refer to first, with PostgreSQL's binary COPY, all in one
//! PostgreSQL transaction: the target ends with all of it or none of it.
//! Nothing lists the tables by hand: the ones a later migration adds are
//! copied too, each value converted to its PostgreSQL column's type. The
//! SQLite side is read in one read transaction, so a server may even be
//! running on it (its moves after that moment are not moved, though: stop it
//! first).

use super::{target, without_password, Target};
use crate::store::{schema, Postgres, Sqlite};
use postgres::binary_copy::BinaryCopyInWriter;
use postgres::types::{ToSql, Type};
use postgres::{Client, Config, NoTls, Transaction};
use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::time::{Duration, Instant};

/// An identifier quoted for SQL (both databases take double quotes).
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The tables to copy, each after the tables it refers to.
fn tables_in_order(conn: &Connection) -> Result<Vec<String>, String> {
    let fail = |e: rusqlite::Error| format!("cannot read the SQLite database's tables: {e}");
    let mut stmt = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
             AND name <> 'schema_version' ORDER BY name",
        )
        .map_err(fail)?;
    let names: Vec<String> =
        stmt.query_map([], |r| r.get(0)).map_err(fail)?.collect::<Result<_, _>>().map_err(fail)?;
    let mut refers: Vec<(String, Vec<String>)> = Vec::new();
    for name in &names {
        let mut stmt = conn
            .prepare("SELECT DISTINCT \"table\" FROM pragma_foreign_key_list(?1)")
            .map_err(fail)?;
        let targets: Vec<String> = stmt
            .query_map([name], |r| r.get(0))
            .map_err(fail)?
            .collect::<Result<_, _>>()
            .map_err(fail)?;
        refers.push((name.clone(), targets.into_iter().filter(|t| t != name).collect()));
    }
    let mut order: Vec<String> = Vec::new();
    while order.len() < names.len() {
        let ready = refers.iter().find(|(name, targets)| {
            !order.contains(name) && targets.iter().all(|t| order.contains(t) || !names.contains(t))
        });
        match ready {
            Some((name, _)) => order.push(name.clone()),
            None => {
                let left: Vec<&str> =
                    names.iter().filter(|n| !order.contains(n)).map(String::as_str).collect();
                return Err(format!(
                    "the tables {} refer to each other in a circle: migrate cannot order them",
                    left.join(", ")
                ));
            }
        }
    }
    Ok(order)
}

/// The columns of a SQLite table, in order.
fn columns(conn: &Connection, table: &str) -> Result<Vec<String>, String> {
    let fail = |e: rusqlite::Error| format!("cannot read the columns of {table}: {e}");
    let mut stmt =
        conn.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid").map_err(fail)?;
    let names = stmt.query_map([table], |r| r.get(0)).map_err(fail)?;
    names.collect::<Result<_, _>>().map_err(fail)
}

type Cell = Box<dyn ToSql + Sync>;

/// A SQLite value as the PostgreSQL column's type wants it.
fn cell(value: Value, ty: &Type) -> Result<Cell, String> {
    fn int<T: TryFrom<i64> + ToSql + Sync + 'static>(i: i64, ty: &Type) -> Result<Cell, String> {
        T::try_from(i)
            .map(|v| Box::new(Some(v)) as Cell)
            .map_err(|_| format!("{i} is too large for {ty}"))
    }
    let kind = match &value {
        Value::Null => "NULL",
        Value::Integer(_) => "an integer",
        Value::Real(_) => "a real number",
        Value::Text(_) => "text",
        Value::Blob(_) => "a blob",
    };
    Ok(match (value, ty) {
        (Value::Null, t) if *t == Type::INT8 => Box::new(None::<i64>),
        (Value::Null, t) if *t == Type::INT4 => Box::new(None::<i32>),
        (Value::Null, t) if *t == Type::INT2 => Box::new(None::<i16>),
        (Value::Null, t) if *t == Type::BOOL => Box::new(None::<bool>),
        (Value::Null, t) if *t == Type::FLOAT8 => Box::new(None::<f64>),
        (Value::Null, t) if *t == Type::FLOAT4 => Box::new(None::<f32>),
        (Value::Null, t) if *t == Type::BYTEA => Box::new(None::<Vec<u8>>),
        (Value::Null, t) if [Type::TEXT, Type::VARCHAR, Type::BPCHAR].contains(t) => {
            Box::new(None::<String>)
        }
        (Value::Integer(i), t) if *t == Type::INT8 => Box::new(Some(i)),
        (Value::Integer(i), t) if *t == Type::INT4 => int::<i32>(i, t)?,
        (Value::Integer(i), t) if *t == Type::INT2 => int::<i16>(i, t)?,
        (Value::Integer(i @ (0 | 1)), t) if *t == Type::BOOL => Box::new(Some(i == 1)),
        (Value::Integer(i), t) if *t == Type::FLOAT8 => Box::new(Some(i as f64)),
        (Value::Real(f), t) if *t == Type::FLOAT8 => Box::new(Some(f)),
        (Value::Integer(i), t) if *t == Type::FLOAT4 => Box::new(Some(i as f32)),
        (Value::Real(f), t) if *t == Type::FLOAT4 => Box::new(Some(f as f32)),
        (Value::Text(s), t) if [Type::TEXT, Type::VARCHAR, Type::BPCHAR].contains(t) => {
            Box::new(Some(s))
        }
        (Value::Blob(b), t) if *t == Type::BYTEA => Box::new(Some(b)),
        (_, t) => return Err(format!("it holds {kind}, which a {t} column cannot take")),
    })
}

/// `mancala-web migrate --from sqlite://FILE --to postgres://...`.
pub fn migrate(from: &str, to: &str) -> Result<String, String> {
    let path = source_file(from, to)?;
    let started = Instant::now();
    let shown = without_password(to);
    // Both at this server's schema version: the same tables on both sides.
    drop(Sqlite::open(path).map_err(|e| format!("{}: {e}", path.display()))?);
    drop(Postgres::open(to).map_err(|e| e.to_string())?);

    let mut source = open_source(path)?;
    // One read transaction: every table as it was at one moment.
    let source = source.transaction().map_err(|e| e.to_string())?;
    let tables = tables_in_order(&source)?;

    let mut client = connect(to, &shown)?;
    let mut tx = client.transaction().map_err(pg_error)?;
    // The lock migrations hold: no server migrates the schema meanwhile.
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&schema::SCHEMA_LOCK]).map_err(pg_error)?;
    refuse_rows(&mut tx, &tables, &shown)?;
    let mut moved: Vec<(String, u64)> = Vec::new();
    for table in &tables {
        let names = columns(&source, table)?;
        let copied = copy_table(&source, &mut tx, table, &names)?;
        continue_sequences(&mut tx, table, &names)?;
        moved.push((table.clone(), copied));
    }
    tx.commit()
        .map_err(|e| format!("the move was not committed, nothing was changed: {}", pg_error(e)))?;
    let counts: Vec<String> = moved.iter().map(|(t, n)| format!("{t}: {n}")).collect();
    Ok(format!(
        "moved the rows of {} into {shown} in one transaction ({}; schema version {}) in {:.2} s",
        path.display(),
        counts.join(", "),
        schema::VERSION,
        started.elapsed().as_secs_f64()
    ))
}

/// The SQLite file to move, once `--from` names one that is there and `--to`
/// names a PostgreSQL database.
fn source_file<'a>(from: &'a str, to: &str) -> Result<&'a Path, String> {
    let path = match target(from)? {
        Target::Sqlite(path) => path,
        Target::Postgres => {
            return Err("--from must be the SQLite database to move (sqlite://FILE)".into())
        }
    };
    if !matches!(target(to)?, Target::Postgres) {
        return Err(
            "--to must be a PostgreSQL database (postgres://USER:PASSWORD@HOST:PORT/DATABASE); \
                    to copy a SQLite database, use mancala-web backup"
                .into(),
        );
    }
    if !path.is_file() {
        return Err(format!("there is no database file {}", path.display()));
    }
    Ok(path)
}

/// The SQLite database, opened read-only.
fn open_source(path: &Path) -> Result<Connection, String> {
    let source = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    source.busy_timeout(Duration::from_secs(10)).map_err(|e| e.to_string())?;
    Ok(source)
}

/// A connection to the PostgreSQL database at `to` (`shown` without its password).
fn connect(to: &str, shown: &str) -> Result<Client, String> {
    let mut config: Config = to.parse().map_err(|e| format!("bad PostgreSQL URL: {e}"))?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(Duration::from_secs(5));
    }
    config.application_name("mancala-web migrate");
    config.connect(NoTls).map_err(|e| format!("cannot connect to PostgreSQL at {shown}: {e}"))
}

/// A PostgreSQL error as migrate tells it.
fn pg_error(e: postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("PostgreSQL: {}", db.message()),
        None => format!("PostgreSQL: {e}"),
    }
}

/// An error unless every table is empty in the target.
fn refuse_rows(tx: &mut Transaction, tables: &[String], shown: &str) -> Result<(), String> {
    for table in tables {
        let rows: i64 = tx
            .query_one(&format!("SELECT COUNT(*) FROM {}", quoted(table)), &[])
            .map_err(|e| format!("{table}: {}", pg_error(e)))?
            .get(0);
        if rows > 0 {
            return Err(format!(
                "{shown} already holds {rows} rows in {table}{}: migrate moves games only into an \
                 empty database (make a new one, or drop its tables). Nothing was changed.",
                if table == "games" { " (games)" } else { "" }
            ));
        }
    }
    Ok(())
}

/// Copies the rows of one table (its columns `names`) with binary COPY;
/// the number copied.
fn copy_table(
    source: &Connection,
    tx: &mut Transaction,
    table: &str,
    names: &[String],
) -> Result<u64, String> {
    let list = names.iter().map(|c| quoted(c)).collect::<Vec<_>>().join(", ");
    let types: Vec<Type> = tx
        .prepare(&format!("SELECT {list} FROM {} LIMIT 0", quoted(table)))
        .map_err(|e| format!("{table} cannot be moved as it is: {}", pg_error(e)))?
        .columns()
        .iter()
        .map(|c| c.type_().clone())
        .collect();
    let sink = tx
        .copy_in(&format!("COPY {} ({list}) FROM STDIN BINARY", quoted(table)))
        .map_err(pg_error)?;
    let mut writer = BinaryCopyInWriter::new(sink, &types);
    let fail = |e: rusqlite::Error| format!("cannot read {table}: {e}");
    let mut stmt =
        source.prepare(&format!("SELECT {list} FROM {}", quoted(table))).map_err(fail)?;
    let mut rows = stmt.query([]).map_err(fail)?;
    let mut n = 0u64;
    while let Some(row) = rows.next().map_err(fail)? {
        n += 1;
        let mut cells: Vec<Cell> = Vec::with_capacity(names.len());
        for (i, ty) in types.iter().enumerate() {
            let value: Value = row.get(i).map_err(fail)?;
            cells.push(
                cell(value, ty)
                    .map_err(|why| format!("row {n} of {table}, column {}: {why}", names[i]))?,
            );
        }
        let refs: Vec<&(dyn ToSql + Sync)> = cells.iter().map(|c| c.as_ref()).collect();
        writer.write(&refs).map_err(|e| format!("{table}: {}", pg_error(e)))?;
    }
    writer.finish().map_err(|e| format!("{table}: {}", pg_error(e)))
}

/// Sets each column of `table` numbered by a sequence to go on after the
/// largest copied.
fn continue_sequences(tx: &mut Transaction, table: &str, names: &[String]) -> Result<(), String> {
    for column in names {
        let sequence: Option<String> = tx
            .query_one("SELECT pg_get_serial_sequence($1, $2)", &[&quoted(table), column])
            .map_err(pg_error)?
            .get(0);
        if let Some(sequence) = sequence {
            tx.execute(
                &format!(
                    "SELECT setval($1, COALESCE(MAX({c}), 1), MAX({c}) IS NOT NULL) FROM {t}",
                    c = quoted(column),
                    t = quoted(table)
                ),
                &[&sequence],
            )
            .map_err(pg_error)?;
        }
    }
    Ok(())
}
