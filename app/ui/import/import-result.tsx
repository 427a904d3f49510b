import { Notice } from '~/ui/notice';
import type { ImportOutcome } from './import-outcome';

/** The result alert: 'Import Successful' or 'Import Failed' with the message (one line per row with errors). */
export function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  return (
    <div data-testid="import-result" className="mb-4">
      <Notice tone={outcome.ok ? 'success' : 'error'} title={outcome.title}>
        <p className="whitespace-pre-line">{outcome.message}</p>
      </Notice>
    </div>
  );
}
