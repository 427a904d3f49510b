// The import worker's entry (app/features/import/read.server.ts starts it): the worker is TypeScript, run through tsx like the
// scripts, so the server build needs no second bundle.
import { tsImport } from 'tsx/esm/api';

await tsImport('./spreadsheet-worker.ts', import.meta.url);
