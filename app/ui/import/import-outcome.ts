import type { ImportType } from '~/schemas/import/fields';
import { successMessage } from '~/schemas/import/limits';

/**
 * What the result alert (and, with JavaScript, the toast) says after an import
 * (docs/product/import-export.md#import-results).
 */
export type ImportOutcome = { ok: boolean; title: 'Import Successful' | 'Import Failed'; message: string };

export function importSucceeded(count: number, type: ImportType): ImportOutcome {
  return { ok: true, title: 'Import Successful', message: successMessage(count, type) };
}

/** The server's message, else the fallback 'Failed to import {type}' (docs/product/import-export.md#import-results). */
export function importFailed(message: string | null | undefined, type?: ImportType | null): ImportOutcome {
  return {
    ok: false,
    title: 'Import Failed',
    message: message || (type ? `Failed to import ${type}` : 'Import failed'),
  };
}
