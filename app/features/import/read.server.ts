import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { InvalidError, TooLargeError, UnsupportedTypeError } from '~/domain/errors';
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  parseJsonText,
  tooLargeMessage,
  tooManyRowsMessage,
} from '~/schemas/import/limits';
import type { ImportRow, Sheet } from './spreadsheet';
import type { WorkerAnswer } from './spreadsheet-worker';

/*
 * Step 1 of an import: an uploaded file or a JSON text becomes rows. This is the upload's edge, so the limits of
 * what may be sent (the wrong kind of file: 415; too many bytes, lines or rows: 413) are HTTP errors here; a file
 * or text that cannot be read is an InvalidError (400), like every later refusal.
 */

/**
 * The worker's entry. In the server build (build/server/index.js), the build (scripts/build.mjs) has put the worker beside
 * it as one JavaScript file, which starts in about half the time and runs no compiler. From the sources (vitest runs
 * this file from app/), spreadsheet-worker.mjs loads the TypeScript through tsx, as the scripts are run. Looked up at
 * the first import, not at every one.
 */
function findWorkerEntry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'spreadsheet-worker.js');
  return fs.existsSync(built) ? built : path.join(here, 'spreadsheet-worker.mjs');
}
let workerEntry: string | undefined;

/** The worker's heap: ample for 10,000 rows (about 60 MB), and the end of any file that would take the server down. */
const WORKER_HEAP_MB = 256;

/** The error each refusal of the worker's reader (a SpreadsheetError's status) is thrown as. */
const ERROR_OF_STATUS = { 400: InvalidError, 413: TooLargeError, 415: UnsupportedTypeError } as const;

/** Reads a spreadsheet in a worker thread (app/features/import/spreadsheet-worker.ts); the page's thread only waits. */
function readInWorker(bytes: Uint8Array, fileName: string): Promise<Sheet> {
  return new Promise((resolve, reject) => {
    const worker = new Worker((workerEntry ??= findWorkerEntry()), {
      workerData: { bytes, fileName },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    let answered = false;
    worker.once('message', (answer: WorkerAnswer) => {
      answered = true;
      if (answer.ok) resolve(answer.sheet);
      else reject(new ERROR_OF_STATUS[answer.status](answer.message));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      answered = true;
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        reject(
          new TooLargeError(
            `"${fileName}" is too large to read: it needs more memory than an import may use. Split it into smaller files.`,
          ),
        );
      else reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The import worker stopped (exit ${code}) without reading "${fileName}"`));
    });
  });
}

/** An uploaded CSV, .xlsx or .xls file (the page's file form and POST /api/import/{type}), read off the page thread. */
export async function readFile(file: File): Promise<Sheet> {
  if (file.size > MAX_IMPORT_BYTES) throw new TooLargeError(tooLargeMessage());
  return readInWorker(new Uint8Array(await file.arrayBuffer()), file.name);
}

/**
 * Pasted or posted JSON text: an array of objects (docs/product/import-export.md#json-import), its items numbered
 * from 1.
 */
export function readJsonText(text: string): ImportRow[] {
  if (Buffer.byteLength(text, 'utf8') > MAX_IMPORT_BYTES)
    throw new TooLargeError(
      `The JSON data is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller parts.`,
    );
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new InvalidError(parsed.message);
  const value = parsed.value;
  if (!Array.isArray(value)) throw new InvalidError(IMPORT_MESSAGES.notArray);
  if (value.length > MAX_IMPORT_ROWS) throw new TooLargeError(tooManyRowsMessage());
  return value.map((item, index) => ({ rowNumber: index + 1, values: item as Record<string, unknown> }));
}
