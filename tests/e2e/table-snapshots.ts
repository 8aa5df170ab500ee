import { createHash } from "node:crypto";
import type SQLite from "better-sqlite3";

/** Every table's rows, hashed, without the tables and `table.column`s of `skip`. */
function hashTables(sqlite: SQLite.Database, skip: Record<string, string>): Map<string, string> {
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  const hashes = new Map<string, string>();
  for (const table of tables) {
    if (table in skip) continue;
    const columns = (sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).filter(
      (column) => !(`${table}.${column}` in skip),
    );
    const hash = createHash("sha1");
    const rows = sqlite.prepare(`SELECT ${columns.map((column) => `"${column}"`).join(", ")} FROM "${table}"`).raw();
    let count = 0;
    for (const row of rows.iterate()) {
      hash.update(
        JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString("hex") : value)),
      );
      count += 1;
    }
    hashes.set(table, `${count} rows, ${hash.digest("hex")}`);
  }
  return hashes;
}

/** The database's tables as hashes, computed again only once another connection has committed. */
export function tableSnapshots(sqlite: SQLite.Database, skip: Record<string, string>) {
  let version = -1;
  let hashes = new Map<string, string>();
  return () => {
    const now = sqlite.pragma("data_version", { simple: true }) as number;
    if (now !== version) [version, hashes] = [now, hashTables(sqlite, skip)];
    return hashes;
  };
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table));
}
