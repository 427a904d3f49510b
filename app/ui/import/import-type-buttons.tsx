import { Button } from '~/ui/primitives/button';
import { IMPORT_TYPE_LABELS, IMPORT_TYPES } from '~/schemas/import/fields';

/** One submit button per import type: the one pressed says what the file or JSON holds (`type`). */
export function ImportTypeButtons({ disabled }: { disabled?: boolean }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Import as</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {IMPORT_TYPES.map((type) => (
          <Button key={type} type="submit" name="type" value={type} disabled={disabled}>
            {IMPORT_TYPE_LABELS[type]}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
