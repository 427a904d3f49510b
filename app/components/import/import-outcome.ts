import type { ImportType } from '~/domain/import-headers';
import { successMessage } from '~/schemas/import';

/** What the result alert (and, with JavaScript, the toast) says after an import (SPEC §8 "Import"). */
export type ImportOutcome = { ok: boolean; title: 'Import Successful' | 'Import Failed'; message: string };

export function importSucceeded(count: number, type: ImportType): ImportOutcome {
  return { ok: true, title: 'Import Successful', message: successMessage(count, type) };
}

/** The server's message, else SPEC §8's fallback 'Failed to import {type}'. */
export function importFailed(message: string | null | undefined, type?: ImportType | null): ImportOutcome {
  return {
    ok: false,
    title: 'Import Failed',
    message: message || (type ? `Failed to import ${type}` : 'Import failed'),
  };
}
