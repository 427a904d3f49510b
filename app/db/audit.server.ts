import type { Tx } from './db.server';

/*
 * The audit log's writer (docs/product/accounts.md#audit-log, docs/decisions/111-explicit-audit-entries.md). Each
 * write function of app/models and app/features says what it changed, with the user who asked for it, by calling
 * `recordAudit` inside its own transaction. Nothing is inferred from the database client: a write that does not
 * call `recordAudit` leaves no entry.
 */

/** Who asked for a change: the signed-in user. `null` is a public visitor or the system (not logged). */
export type Actor = { id: number; username: string };

type Row = Record<string, unknown>;
type Change = { field: string; before: unknown; after: unknown };
type Action = 'create' | 'update' | 'delete';

/** One change to record: built by `auditCreated`, `auditUpdated`, `auditDeleted`, `auditMany` or `auditNote`. */
export type AuditChange =
  | {
      kind: 'row';
      action: Action;
      entity: string;
      /** The stored id (`entityId`); a number is shown as `#12`, a string as it is (a season's year). */
      id: number | string | null;
      label: unknown;
      /** Rows changed: 1 for one row, more for one statement over many rows (`Created 12 tee times`). */
      count: number;
      changes: Change[];
    }
  | { kind: 'note'; action: string; entity: string; entityId: string | null; summary: string };

type AuditRow = {
  userId: number;
  username: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
};

/** Never shown: timestamps every write touches, a golfer's full name (made of the others), and bulky bodies. */
const HIDDEN_FIELDS = new Set([
  'id',
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
/** Per transaction and kind of change (e.g. courses created), this many rows are logged one by one; the rest in one. */
const DETAILED_PER_GROUP = 3;
const SUMMARY_MAX = 500;
const VALUE_MAX = 60;
const UNKNOWN = Symbol('unknown');

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

/**
 * The fields of a row worth showing: set, plain values, not hidden, not the label (shown beside the id). A box left
 * unticked (false) is like an empty field: a created or deleted golfer is not said to be 'can sub false'.
 */
function shownFields(row: Row, labelField: string | undefined): Change[] {
  return Object.entries(row)
    .filter(
      ([field, value]) =>
        field !== labelField &&
        !HIDDEN_FIELDS.has(field) &&
        isPlain(value) &&
        value !== null &&
        value !== '' &&
        value !== false,
    )
    .map(([field, value]) => ({ field, before: UNKNOWN, after: value }));
}

type Target = {
  entity: string;
  id: number | string;
  /** The field that names the row beside its id ('courseName'): shown as the label, not among the fields. */
  labelField?: string;
  label?: unknown;
};

/** A row created: the fields `row` holds as stored ('Created course #4 'Pines': course par 36, …'). */
export function auditCreated(target: Target, row: Row): AuditChange {
  return rowChange('create', target, row, shownFields(row, target.labelField));
}

/** One row's entry; the label is the target's own or the `labelField` of `labelled` (the row before any change). */
function rowChange(action: Action, target: Target, labelled: Row, changes: Change[]): AuditChange {
  return {
    kind: 'row',
    action,
    entity: target.entity,
    id: target.id,
    label: target.label ?? (target.labelField ? labelled[target.labelField] : undefined),
    count: 1,
    changes,
  };
}

/**
 * A row updated: each field of `after` that `before` has and that changed, before → after ('Updated course #4
 * 'Pines': course par 36 → 38'). The label is the row's before the change. Null when nothing changed: saving a form
 * without a change is no entry.
 */
export function auditUpdated(target: Target, before: Row, after: Row): AuditChange | null {
  const changes: Change[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (HIDDEN_FIELDS.has(field) || !(field in before) || !isPlain(value)) continue;
    if (same(before[field], value)) continue;
    changes.push({ field, before: before[field], after: value });
  }
  if (changes.length === 0) return null;
  return rowChange('update', target, before, changes);
}

/** A row deleted: what it held, secrets left out ('Deleted golfer #12 'Pat Lee': first name 'Pat', …'). */
export function auditDeleted(target: Target, row: Row): AuditChange {
  const changes = shownFields(row, target.labelField).filter((c) => !SECRET.test(c.field));
  return rowChange('delete', target, row, changes);
}

/**
 * One statement over many rows ('Created 12 tee times', 'Updated 3 golfers: unsubscribed at …'): `fields` are the
 * values every row was given. Null when no row changed.
 */
export function auditMany(action: Action, entity: string, count: number, fields: Row = {}): AuditChange | null {
  if (count === 0) return null;
  const changes = Object.entries(fields)
    .filter(([field]) => !HIDDEN_FIELDS.has(field))
    .map(([field, value]) => ({ field, before: UNKNOWN, after: isPlain(value) ? value : UNKNOWN }));
  return { kind: 'row', action, entity, id: null, label: undefined, count, changes };
}

/** An entry written as it is: one for a whole operation ('Imported 120 golfers from JSON'). */
export function auditNote(note: {
  action: string;
  entity: string;
  entityId?: string | null;
  summary: string;
}): AuditChange {
  return { kind: 'note', ...note, entityId: note.entityId ?? null };
}

type Pending = { actor: Actor; change: AuditChange };

/** The entries of each open transaction (opened by `inTransaction`), written just before it commits. */
const open = new WeakMap<Tx, Pending[]>();

/**
 * Records `change`, made by `actor`, in the transaction `tx` of the change: its row is written by that transaction
 * (with the other entries of the transaction, just before it commits, when `inTransaction` opened it), so a change
 * that rolls back leaves no entry and an entry that cannot be written undoes the change. Nothing is recorded for
 * no actor (a visitor, the system) or no change.
 */
export async function recordAudit(tx: Tx, actor: Actor | null, change: AuditChange | null): Promise<void> {
  if (!actor || !change) return;
  const pending = open.get(tx);
  if (pending) pending.push({ actor: { id: actor.id, username: actor.username }, change });
  else await tx.auditEntry.createMany({ data: auditRows([{ actor, change }]) });
}

/** Called by `inTransaction` when it opens a transaction. */
export function openAudit(tx: Tx): void {
  open.set(tx, []);
}

/** Called by `inTransaction` before the transaction commits: writes its entries in one statement. */
export async function writeAudit(tx: Tx): Promise<void> {
  const pending = open.get(tx) ?? [];
  open.delete(tx);
  const rows = auditRows(pending);
  if (rows.length > 0) await tx.auditEntry.createMany({ data: rows });
}

const VERB = { create: 'Created', update: 'Updated', delete: 'Deleted' } as const;

function idText(id: number | string): string {
  return typeof id === 'number' ? `#${id}` : id;
}

function changeText(change: Change, action: Action): string {
  const name = fieldName(change.field);
  if (SECRET.test(change.field)) return `${name} ${action === 'create' ? 'set' : 'changed'}`;
  if (change.after === UNKNOWN) return `${name} changed`;
  if (change.before === UNKNOWN) return `${name} ${show(change.after)}`;
  return `${name} ${show(change.before)} → ${show(change.after)}`;
}

type RowChange = Extract<AuditChange, { kind: 'row' }>;

function rowSummary(change: RowChange): string {
  const verb = VERB[change.action];
  const details = change.changes.map((c) => changeText(c, change.action)).join(', ');
  if (change.id === null || change.count !== 1) {
    const what = `${verb} ${change.count} ${plural(change.entity, change.count)}`;
    return details ? `${what}: ${details}` : what;
  }
  const label = change.label === undefined || change.label === null ? '' : ` ${show(change.label)}`;
  return `${verb} ${change.entity} ${idText(change.id)}${label}${details ? `: ${details}` : ''}`;
}

/** 'Also updated 12 rounds: #6, #7, #8, #9, #10 and 7 more (hcp index before, net score)'. */
function restSummary(changes: RowChange[]): string {
  const { entity, action } = changes[0];
  const total = changes.reduce((n, c) => n + c.count, 0);
  const ids = changes.map((c) => c.id).filter((id): id is number | string => id !== null);
  const shown = ids.slice(0, 5).map(idText);
  const list = ids.length
    ? `: ${shown.join(', ')}${ids.length > shown.length ? ` and ${ids.length - shown.length} more` : ''}`
    : '';
  const fields = [...new Set(changes.flatMap((c) => c.changes.map((f) => fieldName(f.field))))];
  const fieldList = action === 'update' && fields.length ? ` (${fields.join(', ')})` : '';
  return `Also ${VERB[action].toLowerCase()} ${total} ${plural(entity, total)}${list}${fieldList}`;
}

/** A transaction's entries as rows: per actor and kind of change, the first rows one by one and the rest in one. */
function auditRows(pending: Pending[]): AuditRow[] {
  const groupKey = (p: Pending & { change: RowChange }) => `${p.actor.id} ${p.change.action} ${p.change.entity}`;
  const groups = new Map<string, (Pending & { change: RowChange })[]>();
  for (const p of pending) {
    if (p.change.kind !== 'row') continue;
    const item = p as Pending & { change: RowChange };
    groups.set(groupKey(item), [...(groups.get(groupKey(item)) ?? []), item]);
  }
  const rows: AuditRow[] = [];
  for (const p of pending) {
    const row = (summary: string, entityId: string | null): AuditRow => ({
      userId: p.actor.id,
      username: p.actor.username,
      action: p.change.action,
      entity: p.change.entity,
      entityId,
      summary: clip(summary, SUMMARY_MAX),
    });
    if (p.change.kind === 'note') {
      rows.push(row(p.change.summary, p.change.entityId));
      continue;
    }
    const item = p as Pending & { change: RowChange };
    const group = groups.get(groupKey(item))!;
    const index = group.indexOf(item);
    const detailed = group.length <= DETAILED_PER_GROUP + 1 || index < DETAILED_PER_GROUP;
    const entityId = item.change.id === null ? null : String(item.change.id);
    if (detailed) rows.push(row(rowSummary(item.change), entityId));
    else if (index === DETAILED_PER_GROUP)
      rows.push(row(restSummary(group.slice(DETAILED_PER_GROUP).map((g) => g.change)), null));
  }
  return rows;
}
