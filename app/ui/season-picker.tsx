import { Form, useSubmit } from '@remix-run/react';
import { Button } from '~/ui/primitives/button';
import { inputClass } from '~/ui/primitives/field';
import { cn } from '~/ui/cn';

/**
 * The season selector ('Season {year}'): a GET form, so it works without JavaScript (with a Show button);
 * with JavaScript it submits on change. Other query parameters to keep go in `keep`.
 */
export function SeasonPicker({
  seasons,
  season,
  keep = {},
}: {
  seasons: number[];
  season: number;
  keep?: Record<string, string>;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="flex items-center gap-2"
      onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
    >
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="season-picker" className="sr-only">
        Season
      </label>
      <select
        id="season-picker"
        name="season"
        defaultValue={String(season)}
        key={season}
        className={cn(inputClass, 'w-auto')}
      >
        {seasons.map((s) => (
          <option key={s} value={s}>
            Season {s}
          </option>
        ))}
      </select>
      {/* Hidden from the first paint wherever scripts run (not after hydration, which would shift the header). */}
      <Button type="submit" variant="secondary" className="[@media(scripting:enabled)]:sr-only">
        Show
      </Button>
    </Form>
  );
}
