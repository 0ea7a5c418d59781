/**
 * The store for several instances: PostgreSQL (DATABASE_URL), through postgres.js. Every record of
 * every site is a row of one table in the deployment's schema, `site` and `kind` columns beside
 * the record itself as jsonb, in the order it was added. What must never be oversold (places,
 * slots, stock, balances, keys written once) is checked and written in one transaction that first
 * takes a transaction-scoped advisory lock on that site's kind of record: two instances asking at
 * once take turns, and each sees what the other wrote.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import postgres from 'postgres';
import {
  checkKind,
  matches,
  placesFit,
  stillHolds,
  StoreError,
  sumOf,
  type BalanceResult,
  type CapacityResult,
  type OnceResult,
  type PlaceLimit,
  type PlacesResult,
  type RecordKind,
  type Store,
  type StoredRecord,
  type TenantStore,
} from './store.ts';

type Sql = postgres.Sql;
type Json = postgres.JSONValue;

/** A key of our own for the advisory lock migrations run under (any bigint; this one spells "sitewrit"). */
const MIGRATION_LOCK = 0x7369746577726974n;

/**
 * The schema, one migration after another. Each runs once, in order, in a transaction, under an
 * advisory lock, so instances starting together never run one twice; a migration once released
 * is never edited, only followed by another.
 */
export const MIGRATIONS: readonly string[] = [
  `create table records (
     seq bigserial primary key,
     site text not null,
     kind text not null,
     id uuid not null unique,
     created_at timestamptz not null,
     data jsonb not null
   );
   create index records_site_kind on records (site, kind, seq);
   create index records_data on records using gin (data jsonb_path_ops);`,
  `create table settings (name text primary key, value text not null);`,
];

/** Only names we make are ever put into SQL as identifiers. */
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PostgresStoreOptions {
  /** The schema that holds this deployment's tables (default "sitewright"); made if it is not there. */
  schema?: string;
  /** Most connections at once (default 10). */
  max?: number;
}

export class PostgresStore implements Store {
  private constructor(
    private readonly sql: Sql,
    readonly schema: string,
  ) {}

  /** Connects, makes the schema and runs the migrations not run yet; fails with a clear message when the server cannot be reached. */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const schema = options.schema ?? 'sitewright';
    if (!SCHEMA.test(schema)) throw new Error(`"${schema}" cannot be a schema name: use lowercase letters, digits and _.`);
    const sql = postgres(url, {
      max: options.max ?? 10,
      onnotice: () => {},
      connection: { search_path: schema, application_name: 'sitewright' },
      // Counts and sums come back as numbers, not strings.
      types: { bigint: postgres.BigInt },
      connect_timeout: 10,
    });
    try {
      await migrate(sql, schema);
    } catch (error) {
      await sql.end({ timeout: 1 });
      const where = safeUrl(url);
      throw new StoreError(
        `PostgreSQL at ${where} could not be used: ${(error as Error).message}. Check DATABASE_URL and that the server is running.`,
        'SW_DATA_UNREACHABLE',
      );
    }
    return new PostgresStore(sql, schema);
  }

  async tenant(prefix: string): Promise<TenantStore> {
    return guarded(new PostgresTenant(this.sql, prefix));
  }

  async sitesWithData(): Promise<string[]> {
    const rows = await this.sql<{ site: string }[]>`select distinct site from records where site ~ '^[a-z][a-z0-9]*$' order by site`;
    return rows.map((r) => r.site);
  }

  /**
   * Instances sharing this database must sign with one key: the first to start records a
   * fingerprint of its key (an HMAC, never the key); one with another key is refused.
   */
  async agreeOnKey(secret: Buffer): Promise<void> {
    const mine = createHmac('sha256', secret).update('sitewright signing key fingerprint').digest('hex');
    await this.sql`insert into settings (name, value) values ('key-fingerprint', ${mine}) on conflict (name) do nothing`;
    const [row] = await this.sql<{ value: string }[]>`select value from settings where name = 'key-fingerprint'`;
    const theirs = Buffer.from(row?.value ?? '', 'hex');
    const ours = Buffer.from(mine, 'hex');
    if (theirs.length !== ours.length || !timingSafeEqual(theirs, ours))
      throw new StoreError(
        'Another instance sharing this database signs with a different SITEWRIGHT_SECRET: links and time stamps made by one would be refused by the other. Give every instance the same SITEWRIGHT_SECRET.',
        'SW_SECRET_MISMATCH',
      );
  }

  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }

  /**
   * Adds records made elsewhere (another store), keeping their ids, times and order; a record
   * whose id is here already is left as it is, so a copy can be run again. Resolves with how many
   * were new.
   */
  async importRecords(site: string, kind: RecordKind, records: readonly StoredRecord[]): Promise<number> {
    checkKind(kind);
    let added = 0;
    await this.sql.begin(async (tx) => {
      for (const record of records) {
        const rows = await tx`insert into records (site, kind, id, created_at, data)
          values (${site}, ${kind}, ${record.id}, ${record.createdAt}, ${tx.json(json(record))})
          on conflict (id) do nothing returning 1`;
        added += rows.length;
      }
    });
    return added;
  }

  /** The records of a site's kind with these ids, as stored here. */
  async recordsWithIds(site: string, kind: RecordKind, ids: readonly string[]): Promise<StoredRecord[]> {
    checkKind(kind);
    const valid = ids.filter(isId);
    if (!valid.length) return [];
    const rows = await this.sql<{ data: StoredRecord }[]>`select data from records where site = ${site} and kind = ${kind} and id = any(${valid}::uuid[])`;
    return rows.map((r) => r.data);
  }

  /** Removes this deployment's schema and everything in it (for tests that made their own). */
  async dropSchema(): Promise<void> {
    await this.sql.unsafe(`drop schema if exists "${this.schema}" cascade`);
  }
}

/** The address without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return `${u.host}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

async function migrate(sql: Sql, schema: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK.toString()}::bigint)`;
    await tx.unsafe(`create schema if not exists "${schema}"`);
    await tx.unsafe(`create table if not exists "${schema}".migrations (version int primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await tx.unsafe<{ version: number }[]>(`select version from "${schema}".migrations`)).map((r) => r.version));
    for (const [i, text] of MIGRATIONS.entries()) {
      const version = i + 1;
      if (done.has(version)) continue;
      await tx.unsafe(`set local search_path to "${schema}"`);
      await tx.unsafe(text);
      await tx.unsafe(`insert into "${schema}".migrations (version) values (${version})`);
    }
  });
}

/** Ids are UUIDs: anything else names no record (and is never sent as one). */
const isId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** An instant as JavaScript writes one in UTC ('2026-06-20T15:00:00.000Z'): such texts sort in the order of time. */
const ISO_INSTANT = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[.][0-9]{3}Z$';

/** A value's instant written that way, or undefined when it is not an instant that can be. */
function canonicalInstant(value: unknown): string | undefined {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  const text = Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
  return text && new RegExp(ISO_INSTANT).test(text) ? text : undefined;
}

const json = (value: Record<string, unknown>) => JSON.parse(JSON.stringify(value)) as Json;

/**
 * Any failure to read or write (the server gone, a connection cut) as the StoreError every part
 * of Sitewright understands: the form says it cannot be sent now (503), and nothing is
 * acknowledged. The next query connects again, so service comes back with the server.
 */
function guarded(tenant: TenantStore): TenantStore {
  return new Proxy(tenant, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch((error: Error) => {
          if (error instanceof StoreError) throw error;
          throw new StoreError(`PostgreSQL could not be reached or refused the change (${error.message}); nothing was written.`, 'SW_DATA_UNREACHABLE');
        });
    },
  });
}

class PostgresTenant implements TenantStore {
  constructor(
    private readonly sql: Sql,
    private readonly site: string,
  ) {}

  private async insert(sql: Sql | postgres.TransactionSql, kind: RecordKind, record: Record<string, unknown>): Promise<StoredRecord> {
    checkKind(kind);
    const stored = { ...record, id: randomUUID(), createdAt: new Date().toISOString() };
    await sql`insert into records (site, kind, id, created_at, data) values (${this.site}, ${kind}, ${stored.id}, ${stored.createdAt}, ${sql.json(json(stored))})`;
    return stored;
  }

  /** The records of a kind that match, in the order they were added: narrowed by the index, then matched exactly as every store does. */
  private async select(sql: Sql | postgres.TransactionSql, kind: RecordKind, where: Record<string, unknown> = {}): Promise<StoredRecord[]> {
    checkKind(kind);
    const rows = await sql<
      { data: StoredRecord }[]
    >`select data from records where site = ${this.site} and kind = ${kind} and data @> ${sql.json(json(where))} order by seq`;
    return rows.map((r) => r.data).filter((r) => matches(r, where));
  }

  /** Checks and writes in one transaction, after every other writer of this site's kind of record has finished. */
  private async locked<T>(kind: RecordKind, work: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
    checkKind(kind);
    return this.sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtextextended(${`${this.site}\n${kind}`}, 0))`;
      return work(tx);
    }) as Promise<T>;
  }

  add(kind: RecordKind, record: Record<string, unknown>): Promise<StoredRecord> {
    return this.insert(this.sql, kind, record);
  }

  list(kind: RecordKind, where?: Record<string, unknown>): Promise<StoredRecord[]> {
    return this.select(this.sql, kind, where);
  }

  async find(kind: RecordKind, where: Record<string, unknown>): Promise<StoredRecord | undefined> {
    return (await this.select(this.sql, kind, where))[0];
  }

  async count(kind: RecordKind, where?: Record<string, unknown>): Promise<number> {
    return (await this.select(this.sql, kind, where)).length;
  }

  async update(kind: RecordKind, id: string, patch: Record<string, unknown>, expect?: Record<string, unknown>): Promise<StoredRecord | undefined> {
    checkKind(kind);
    if (!isId(id)) return undefined;
    return this.locked(kind, async (tx) => {
      const [row] = await tx<{ data: StoredRecord }[]>`select data from records where site = ${this.site} and kind = ${kind} and id = ${id} for update`;
      if (!row || !stillHolds(row.data, expect)) return undefined;
      const record = { ...row.data, ...patch, id: row.data.id, createdAt: row.data.createdAt };
      await tx`update records set data = ${tx.json(json(record))} where id = ${id}`;
      return json(record) as StoredRecord;
    });
  }

  async remove(kind: RecordKind, ids: readonly string[]): Promise<number> {
    checkKind(kind);
    const valid = ids.filter(isId);
    if (!valid.length) return 0;
    const rows = await this.sql`delete from records where site = ${this.site} and kind = ${kind} and id = any(${valid}::uuid[]) returning 1`;
    return rows.length;
  }

  addWithinCapacity(
    kind: RecordKind,
    where: Record<string, unknown>,
    capacity: number,
    record: Record<string, unknown>,
    once?: Record<string, unknown>,
  ): Promise<CapacityResult> {
    return this.locked(kind, async (tx): Promise<CapacityResult> => {
      const taken = await this.select(tx, kind, where);
      if (once && taken.some((r) => matches(r, once))) return { refused: 'repeat' };
      if (taken.length >= capacity) return { refused: 'full' };
      return { added: await this.insert(tx, kind, record) };
    });
  }

  addOnce(kind: RecordKind, where: Record<string, unknown>, record: Record<string, unknown>): Promise<OnceResult> {
    return this.locked(kind, async (tx): Promise<OnceResult> => {
      const [existing] = await this.select(tx, kind, where);
      return existing ? { existing } : { added: await this.insert(tx, kind, record) };
    });
  }

  addWithinBalance(
    kind: RecordKind,
    where: Record<string, unknown>,
    field: string,
    record: Record<string, unknown>,
    once?: Record<string, unknown>,
  ): Promise<BalanceResult> {
    return this.locked(kind, async (tx): Promise<BalanceResult> => {
      const before = sumOf(await this.select(tx, kind, where), field);
      if (once && (await this.select(tx, kind, once)).length) return { refused: 'repeat', balance: before };
      const balance = before + sumOf([record], field);
      if (balance < 0) return { refused: 'balance', balance: before };
      return { added: await this.insert(tx, kind, record), balance };
    });
  }

  takePlaces(
    kind: RecordKind,
    where: Record<string, unknown>,
    capacity: number,
    record: Record<string, unknown> & { places: number },
    now: number,
  ): Promise<PlacesResult> {
    return this.takePlacesWithin(kind, [{ where, capacity }], record, now);
  }

  takePlacesWithin(
    kind: RecordKind,
    limits: readonly [PlaceLimit, ...PlaceLimit[]],
    record: Record<string, unknown> & { places: number },
    now: number,
  ): Promise<PlacesResult> {
    return this.locked(kind, async (tx): Promise<PlacesResult> => {
      const counted: StoredRecord[][] = [];
      for (const limit of limits)
        counted.push(limit.overlap ? await this.overlapping(tx, kind, limit.where, limit.overlap, record) : await this.select(tx, kind, limit.where));
      const { fits, left } = placesFit(limits, counted, record, now);
      if (!fits) return { refused: 'full', left };
      return { added: await this.insert(tx, kind, record), left };
    });
  }

  /**
   * The records that match and may overlap the record's own times: those whose times, written as an
   * ISO instant in UTC exactly as JavaScript writes one, end by its start or start at its end are left
   * in the database (such instants sort as text in the order of time); every other is read and
   * counted as every store does.
   */
  private async overlapping(
    tx: postgres.TransactionSql,
    kind: RecordKind,
    where: Record<string, unknown>,
    overlap: { start: string; end: string },
    record: Record<string, unknown>,
  ): Promise<StoredRecord[]> {
    const [from, to] = [canonicalInstant(record[overlap.start]), canonicalInstant(record[overlap.end])];
    if (!from || !to) return this.select(tx, kind, where);
    const rows = await tx<{ data: StoredRecord }[]>`select data from records
      where site = ${this.site} and kind = ${kind} and data @> ${tx.json(json(where))}
        and not coalesce(data->>${overlap.start} ~ ${ISO_INSTANT} and data->>${overlap.end} ~ ${ISO_INSTANT}
          and ((data->>${overlap.end}) collate "C" <= ${from} or (data->>${overlap.start}) collate "C" >= ${to}), false)
      order by seq`;
    return rows.map((r) => r.data).filter((r) => matches(r, where));
  }
}
