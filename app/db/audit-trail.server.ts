import { AsyncLocalStorage } from 'node:async_hooks';
import { currentActor, type Actor } from '~/web/request-context.server';

/*
 * The audit log's recorder (docs/product/accounts.md#audit-log, docs/decisions/098-audit-log.md). The database
 * client's extension (db.server.ts) hands every write to `recordWrite` while a transaction is open; while a user is
 * the actor of the request, each write of a league model becomes a record (who, what, which row, the change), and the
 * transaction inserts the records as `audit_log` rows just before it commits: a write that rolls back leaves none.
 */

type Row = Record<string, unknown>;
type Args = { where?: Row; data?: unknown; create?: Row; update?: Row };
/** A model's delegate on a transaction client, as the recorder uses it (reads only). */
type Reader = { findUnique(args: { where: Row }): Promise<unknown>; findFirst(args: { where: Row }): Promise<unknown> };
type AuditRow = {
  userId: number;
  username: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
};
/** The transaction client, as the recorder uses it. */
export type AuditClient = object;

const WRITE_OPERATIONS = new Set([
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
]);

export function isWriteOperation(operation: string): boolean {
  return WRITE_OPERATIONS.has(operation);
}

/**
 * Bookkeeping, not league data: sessions and sign-in throttles (signing in is not a change to the league), checkouts
 * waiting for payment and the simulated provider's sessions (the golfer's, during registration), and the log itself.
 */
const NOT_AUDITED = new Set([
  'AuditEntry',
  'Session',
  'LoginThrottle',
  'PendingRegistration',
  'SimulatedCheckoutSession',
]);

export function isAudited(model: string): boolean {
  return !NOT_AUDITED.has(model);
}

/** The name a model goes by in the log ('golfer', 'tee time'); 'flight' for a flight assignment. */
const ENTITY: Record<string, string> = { FlightAssignment: 'flight', Setting: 'settings', OutboxMessage: 'message' };
/** The field that names a row in the log when it is not `id` (a contact change's id is a secret token). */
const ID_FIELD: Record<string, string> = { Season: 'year', ContactChange: 'golferId' };
/** A field that tells an administrator which row it is, shown beside the id. */
const LABEL_FIELD: Record<string, string> = {
  Golfer: 'fullName',
  Course: 'courseName',
  User: 'username',
  OutboxMessage: 'subject',
  Round: 'date',
  ScheduleEntry: 'date',
  TeeTime: 'time',
};
/** Never shown: timestamps every write touches, a golfer's full name (made of the others), and bulky bodies. */
const HIDDEN_FIELDS = new Set([
  'createdAt',
  'updatedAt',
  'fullName',
  'text',
  'html',
  'attachments',
  'headers',
  'metadata',
]);
/** Shown only as 'changed' / 'set', never with a value. */
const SECRET = /password|hash|token|secret/i;
/** Per transaction and kind of change (e.g. rounds updated), this many rows are logged one by one; the rest in one. */
const DETAILED_PER_GROUP = 3;
const SUMMARY_MAX = 500;
const VALUE_MAX = 60;
const UNKNOWN = Symbol('unknown');

function entityOf(model: string): string {
  return ENTITY[model] ?? model.replace(/[A-Z]/g, (c, i: number) => (i ? ' ' : '') + c.toLowerCase());
}

function plural(noun: string, n: number): string {
  if (n === 1 || noun.endsWith('s')) return noun;
  return noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

function fieldName(field: string): string {
  return field.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function isPlain(value: unknown): boolean {
  return (
    value === null ||
    value instanceof Date ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return `'${clip(value, VALUE_MAX)}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '(changed)';
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

function asRow(value: unknown): Row | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Row) : null;
}

type Change = { field: string; before: unknown; after: unknown };
type WriteRecord = {
  kind: 'write';
  actor: Actor;
  action: 'create' | 'update' | 'delete';
  model: string;
  entityId: string | null;
  label: unknown;
  /** Rows written: 1 for one row, the count of a createMany/updateMany/deleteMany not pinned to one row. */
  count: number;
  changes: Change[];
};
type NoteRecord = { kind: 'note'; row: AuditRow };
type Txn = {
  tx: AuditClient;
  records: (WriteRecord | NoteRecord)[];
  /** Records per kind of change (groupKey), to know when the rest will be summed up. */
  perGroup: Map<string, number>;
  models: Set<string>;
  open: boolean;
};
/** `summed`: inside `auditAs`, whose writes make one row together. */
type Frame = { txn: Txn; summed?: boolean };

const frames = new AsyncLocalStorage<Frame>();

/** The open transaction the current code runs in (through db.$transaction), if any. */
export function openTransaction(): Frame | undefined {
  const frame = frames.getStore();
  return frame?.txn.open ? frame : undefined;
}

/**
 * Runs a transaction's callback so that its writes are recorded, then inserts the audit rows with the transaction
 * itself (one query), before it commits. Answers the callback's value and the models it wrote.
 */
export async function runRecorded<T>(
  tx: AuditClient,
  fn: () => Promise<T>,
): Promise<{ value: T; models: ReadonlySet<string> }> {
  const txn: Txn = { tx, records: [], perGroup: new Map(), models: new Set(), open: true };
  try {
    return await frames.run({ txn }, async () => {
      const value = await fn();
      const rows = auditRows(txn.records);
      if (rows.length > 0)
        await (tx as { auditEntry: { createMany(a: { data: AuditRow[] }): Promise<unknown> } }).auditEntry.createMany({
          data: rows,
        });
      return { value, models: txn.models };
    });
  } finally {
    txn.open = false;
  }
}

function idField(model: string): string {
  return ID_FIELD[model] ?? 'id';
}

/** The id a `where` pins one row to, if it does. */
function pinnedId(model: string, where: Row | undefined): string | undefined {
  const value = where?.[idField(model)];
  return typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
}

function reader(tx: AuditClient, model: string): Reader {
  return (tx as Record<string, Reader>)[model.charAt(0).toLowerCase() + model.slice(1)];
}

function groupKey(action: string, model: string): string {
  return `${action} ${model}`;
}

/**
 * Called by the client's extension for a write inside an open transaction: `run` performs it. With an actor, the
 * row as it was is read first (in the same transaction) for an update, and the change is recorded once it succeeded.
 */
export async function recordWrite(
  frame: Frame,
  model: string,
  operation: string,
  args: Args,
  run: () => Promise<unknown>,
): Promise<unknown> {
  if (model !== 'AuditEntry') frame.txn.models.add(model);
  const actor = currentActor();
  if (!actor || !isAudited(model)) return run();
  if (frame.summed) return run();
  const action =
    operation === 'upsert'
      ? 'update'
      : operation.startsWith('create')
        ? 'create'
        : operation.startsWith('update')
          ? 'update'
          : 'delete';
  // Past the rows logged one by one, a row's old values are not needed: the rest are summed up by field.
  const detailed = (frame.txn.perGroup.get(groupKey(action, model)) ?? 0) <= DETAILED_PER_GROUP;
  let before: Row | null | undefined;
  // An upsert's old row also says whether it created or updated.
  if (((detailed && operation === 'update') || operation === 'upsert') && args.where)
    before = asRow(await reader(frame.txn.tx, model).findUnique({ where: args.where }));
  else if (detailed && operation !== 'delete' && action !== 'create' && pinnedId(model, args.where) !== undefined)
    before = asRow(await reader(frame.txn.tx, model).findFirst({ where: args.where! }));
  const result = await run();
  const record = describe(actor, model, operation, args, before, result);
  if (record) add(frame.txn, record);
  return result;
}

function describe(
  actor: Actor,
  model: string,
  operation: string,
  args: Args,
  before: Row | null | undefined,
  result: unknown,
): WriteRecord | null {
  const base = { kind: 'write' as const, actor, model };
  const row = asRow(result);
  const data = asRow(args.data) ?? {};
  switch (operation) {
    case 'create':
      return created(base, data, row);
    case 'upsert':
      return before
        ? updated(base, asRow(args.update) ?? {}, before, row)
        : created(base, asRow(args.create) ?? {}, row);
    case 'update':
      return updated(base, data, before ?? null, row);
    case 'delete':
      return deleted(base, row ?? {});
    case 'createMany':
    case 'createManyAndReturn': {
      const count = Array.isArray(result) ? result.length : Number(row?.count ?? 0);
      return count > 0 ? { ...base, action: 'create', entityId: null, label: undefined, count, changes: [] } : null;
    }
    case 'updateMany':
    case 'updateManyAndReturn': {
      const count = Array.isArray(result) ? result.length : Number(row?.count ?? 0);
      if (count === 0) return null;
      if (before) return updated(base, data, before, null);
      const changes = Object.entries(data)
        .filter(([field]) => !HIDDEN_FIELDS.has(field))
        .map(([field, value]) => ({ field, before: UNKNOWN, after: isPlain(value) ? value : UNKNOWN }));
      return changes.length > 0
        ? { ...base, action: 'update', entityId: pinnedId(model, args.where) ?? null, label: undefined, count, changes }
        : null;
    }
    case 'deleteMany': {
      const count = Number(row?.count ?? 0);
      if (count === 0) return null;
      if (before) return deleted(base, before);
      return {
        ...base,
        action: 'delete',
        entityId: pinnedId(model, args.where) ?? null,
        label: undefined,
        count,
        changes: [],
      };
    }
    default:
      return null;
  }
}

type Base = { kind: 'write'; actor: Actor; model: string };

function entityIdOf(model: string, ...rows: (Row | null | undefined)[]): string | null {
  for (const row of rows) {
    const value = row?.[idField(model)];
    if (typeof value === 'number' || typeof value === 'string') return String(value);
  }
  return null;
}

function shownFields(model: string, row: Row): Change[] {
  return Object.entries(row)
    .filter(
      ([field, value]) =>
        field !== idField(model) &&
        field !== LABEL_FIELD[model] &&
        !HIDDEN_FIELDS.has(field) &&
        isPlain(value) &&
        value !== null &&
        value !== '',
    )
    .map(([field, value]) => ({ field, before: UNKNOWN, after: value }));
}

function created(base: Base, data: Row, result: Row | null): WriteRecord | null {
  // A row made with only its defaults (the settings row on its first read) is nobody's change.
  if (Object.keys(data).every((field) => field === idField(base.model))) return null;
  // What was stored (normalized by the model) for each field the write set.
  const stored: Row = {};
  for (const [field, value] of Object.entries(data)) {
    if (result && field in result) stored[field] = result[field];
    else if (isPlain(value)) stored[field] = value;
  }
  return {
    ...base,
    action: 'create',
    entityId: entityIdOf(base.model, result, data),
    label: (result ?? data)[LABEL_FIELD[base.model] ?? ''],
    count: 1,
    changes: shownFields(base.model, stored),
  };
}

function updated(base: Base, data: Row, before: Row | null, result: Row | null): WriteRecord | null {
  const changes: Change[] = [];
  for (const [field, value] of Object.entries(data)) {
    if (HIDDEN_FIELDS.has(field) || (before && !(field in before))) continue;
    const after = result && field in result ? result[field] : isPlain(value) ? value : UNKNOWN;
    const was = before ? before[field] : UNKNOWN;
    if (after !== UNKNOWN && was !== UNKNOWN && same(was, after)) continue;
    changes.push({ field, before: was, after });
  }
  // Saving a form without changing anything is not a change.
  if (changes.length === 0) return null;
  return {
    ...base,
    action: 'update',
    entityId: entityIdOf(base.model, before, result),
    label: (before ?? result ?? {})[LABEL_FIELD[base.model] ?? ''],
    count: 1,
    changes,
  };
}

function deleted(base: Base, row: Row): WriteRecord {
  return {
    ...base,
    action: 'delete',
    entityId: entityIdOf(base.model, row),
    label: row[LABEL_FIELD[base.model] ?? ''],
    count: 1,
    changes: shownFields(base.model, row).filter((c) => !SECRET.test(c.field)),
  };
}

/** Two writes of one row in a transaction (a round saved, then its handicaps recomputed) are one change. */
function add(txn: Txn, record: WriteRecord): void {
  if (record.action === 'update' && record.entityId !== null) {
    const earlier = txn.records.find(
      (r): r is WriteRecord =>
        r.kind === 'write' &&
        r.model === record.model &&
        r.entityId === record.entityId &&
        r.count === 1 &&
        (r.action === 'create' || r.action === 'update'),
    );
    if (earlier) {
      for (const change of record.changes) {
        const same = earlier.changes.find((c) => c.field === change.field);
        if (same) same.after = change.after;
        else earlier.changes.push(change);
      }
      return;
    }
  }
  txn.records.push(record);
  const key = groupKey(record.action, record.model);
  txn.perGroup.set(key, (txn.perGroup.get(key) ?? 0) + 1);
}

function changeText(change: Change, action: WriteRecord['action']): string {
  const name = fieldName(change.field);
  if (SECRET.test(change.field)) return `${name} ${action === 'create' ? 'set' : 'changed'}`;
  if (change.after === UNKNOWN) return `${name} changed`;
  if (change.before === UNKNOWN) return `${name} ${show(change.after)}`;
  return `${name} ${show(change.before)} → ${show(change.after)}`;
}

const VERB = { create: 'Created', update: 'Updated', delete: 'Deleted' } as const;

function recordSummary(record: WriteRecord): string {
  const entity = entityOf(record.model);
  const verb = VERB[record.action];
  const details = record.changes.map((c) => changeText(c, record.action)).join(', ');
  if (record.entityId === null || record.count !== 1) {
    const what = `${verb} ${record.count} ${plural(entity, record.count)}`;
    return details ? `${what}: ${details}` : what;
  }
  const id = idField(record.model) === 'id' ? `#${record.entityId}` : record.entityId;
  const label = record.label === undefined || record.label === null ? '' : ` ${show(record.label)}`;
  return `${verb} ${entity} ${id}${label}${details ? `: ${details}` : ''}`;
}

function restSummary(records: WriteRecord[]): string {
  const { model, action } = records[0];
  const total = records.reduce((n, r) => n + r.count, 0);
  const ids = records.map((r) => r.entityId).filter((id): id is string => id !== null);
  const shown = ids.slice(0, 5).map((id) => (idField(model) === 'id' ? `#${id}` : id));
  const idText = ids.length
    ? `: ${shown.join(', ')}${ids.length > shown.length ? ` and ${ids.length - shown.length} more` : ''}`
    : '';
  const fields = [...new Set(records.flatMap((r) => r.changes.map((c) => fieldName(c.field))))];
  const fieldText = action === 'update' && fields.length ? ` (${fields.join(', ')})` : '';
  return `Also ${VERB[action].toLowerCase()} ${total} ${plural(entityOf(model), total)}${idText}${fieldText}`;
}

/** A transaction's records as audit rows: per kind of change, the first rows one by one and the rest in one row. */
function auditRows(records: (WriteRecord | NoteRecord)[]): AuditRow[] {
  const groups = new Map<string, WriteRecord[]>();
  for (const record of records) {
    if (record.kind !== 'write') continue;
    const key = groupKey(record.action, record.model);
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  const rows: AuditRow[] = [];
  for (const record of records) {
    if (record.kind === 'note') {
      rows.push(record.row);
      continue;
    }
    const group = groups.get(groupKey(record.action, record.model))!;
    const index = group.indexOf(record);
    const detailed = group.length <= DETAILED_PER_GROUP + 1 || index < DETAILED_PER_GROUP;
    const row = (summary: string, entityId: string | null): AuditRow => ({
      userId: record.actor.id,
      username: record.actor.username,
      action: record.action,
      entity: entityOf(record.model),
      entityId,
      summary: clip(summary, SUMMARY_MAX),
    });
    if (detailed) rows.push(row(recordSummary(record), record.entityId));
    else if (index === DETAILED_PER_GROUP) rows.push(row(restSummary(group.slice(DETAILED_PER_GROUP)), null));
  }
  return rows;
}

export type AuditNote = { action: string; entity: string; entityId?: string | null; summary: string };

/**
 * Runs `fn` inside the current transaction so that its writes make ONE audit row, `note(value)`, instead of one per
 * write: an import of 10,000 rows is 'Imported 10,000 rounds'. Outside a transaction, or with no actor, it only runs
 * `fn` (its writes are recorded as usual).
 */
export async function auditAs<T>(note: (value: T) => AuditNote, fn: () => Promise<T>): Promise<T> {
  const frame = openTransaction();
  const actor = currentActor();
  if (!frame || !actor) return fn();
  const value = await frames.run({ txn: frame.txn, summed: true }, fn);
  const { action, entity, entityId, summary } = note(value);
  frame.txn.records.push({
    kind: 'note',
    row: {
      userId: actor.id,
      username: actor.username,
      action,
      entity,
      entityId: entityId ?? null,
      summary: clip(summary, SUMMARY_MAX),
    },
  });
  return value;
}
