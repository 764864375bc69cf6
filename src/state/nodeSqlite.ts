// node:sqlite, loaded on first use, and its transactions. Node 22 and 24 print an ExperimentalWarning
// when it loads; a server that prints it on every start with --data-file would
// teach people to ignore warnings, so that one warning (and only it) is not printed;
// and why a file cannot be opened, in words.
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type * as NodeSqliteModule from 'node:sqlite';
import type { DatabaseSync } from 'node:sqlite';

type NodeSqlite = typeof NodeSqliteModule;
let loaded: NodeSqlite | undefined;

function nodeSqlite(): NodeSqlite {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('SQLite is an experimental feature')) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  };
  try {
    loaded = createRequire(import.meta.url)('node:sqlite') as NodeSqlite;
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}

/** Opens (or creates) a database file; a locked file is retried for 100 ms before SQLITE_BUSY. */
export function openDatabase(path: string): DatabaseSync {
  return new (nodeSqlite().DatabaseSync)(path, { timeout: 100 });
}

/** SQLite's primary result code of a node:sqlite error (SQLITE_FULL is 13); undefined for any other error. */
export function sqliteCode(error: unknown): number | undefined {
  const { code, errcode } = (error ?? {}) as { code?: string; errcode?: number };
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' ? errcode & 0xff : undefined;
}

/** Runs work between BEGIN and COMMIT; rolls back when it or the commit fails. */
export function inTransaction(db: DatabaseSync, work: () => void): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    work();
    db.exec('COMMIT');
  } catch (error) {
    // A failed COMMIT may already have rolled back (SQLITE_FULL does): then there is no transaction left.
    if (db.isTransaction !== false) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // nothing was open any more
      }
    }
    throw error;
  }
}

/** A clearer reason than SQLite's "unable to open database file", when there is one. */
export function whyNotWritable(path: string): string | undefined {
  const directory = dirname(path);
  if (!existsSync(directory)) return `the directory ${directory} does not exist`;
  try {
    accessSync(directory, constants.W_OK);
    if (existsSync(path)) accessSync(path, constants.W_OK);
    return undefined;
  } catch (error) {
    return `${directory} is not writable (${(error as Error).message})`;
  }
}
