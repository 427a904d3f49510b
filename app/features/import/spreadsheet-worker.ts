// The worker thread that reads an uploaded spreadsheet (app/features/import/read.server.ts starts it): parsing a workbook is
// seconds of CPU and hundreds of MB for a large one, so it never runs on the thread that answers pages, and the
// worker's heap limit stops a file that still manages to balloon. It answers one message and exits.
import { parentPort, workerData } from 'node:worker_threads';
import { readSpreadsheet, SpreadsheetError } from './spreadsheet';

export type WorkerAnswer =
  { ok: true; sheet: ReturnType<typeof readSpreadsheet> } | { ok: false; status: 400 | 413 | 415; message: string };

const { bytes, fileName } = workerData as { bytes: Uint8Array; fileName: string };
let answer: WorkerAnswer;
try {
  answer = { ok: true, sheet: readSpreadsheet(bytes, fileName) };
} catch (error) {
  if (!(error instanceof SpreadsheetError)) throw error;
  answer = { ok: false, status: error.status, message: error.message };
}
parentPort?.postMessage(answer);
