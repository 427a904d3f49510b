import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { dollarFieldText } from '~/domain/format';
import { HOLE_LIMITS, sideGamesFormSchema } from '~/schemas/side-games';
import { FormAlert } from '~/ui/form-alert';
import { Button } from '~/ui/primitives/button';
import { FormField, SelectField, WholeNumberField } from '~/ui/primitives/field';
import { zodValidation } from '~/ui/schema-form';
import { useIsPending } from '~/ui/use-is-pending';

type Games = {
  skins: { net: boolean; feeCents: number } | null;
  closestToPin: { hole: number; feeCents: number } | null;
  lowNet: { feeCents: number } | null;
};

const fee = (cents: number | undefined) => (cents === undefined ? '' : dollarFieldText(cents));

/**
 * A season's side games (docs/product/money.md#side-games-per-season): each game's entry fee in dollars and cents (blank:
 * not played), skins net or gross, the closest to the pin's hole. The same schema in the browser and the action.
 */
export function SideGamesForm({ games, lastResult }: { games: Games; lastResult?: SubmissionResult<string[]> }) {
  const saving = useIsPending({ intent: 'save' });
  const [form, fields] = useForm({
    id: 'side-games',
    lastResult,
    defaultValue: {
      skinsFee: fee(games.skins?.feeCents),
      skinsKind: games.skins?.net === false ? 'gross' : 'net',
      closestToPinFee: fee(games.closestToPin?.feeCents),
      closestToPinHole: games.closestToPin ? String(games.closestToPin.hole) : '',
      lowNetFee: fee(games.lowNet?.feeCents),
    },
    ...zodValidation(sideGamesFormSchema),
  });
  return (
    <Form method="post" className="space-y-4 rounded-lg border bg-white p-6 shadow-sm" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="save" />
      <FormAlert id={form.errorId} title="Failed to save side games" messages={form.errors} />
      <p className="text-sm text-slate-600">Leave a fee blank when the game is not played this season.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.skinsFee} label="Skins entry fee ($)" inputMode="decimal" />
        <SelectField
          label="Skins"
          errors={fields.skinsKind.errors}
          errorId={fields.skinsKind.errorId}
          selectProps={getSelectProps(fields.skinsKind)}
        >
          <option value="net">Net</option>
          <option value="gross">Gross</option>
        </SelectField>
        <FormField field={fields.closestToPinFee} label="Closest to the pin entry fee ($)" inputMode="decimal" />
        <WholeNumberField field={fields.closestToPinHole} label="Closest to the pin hole" limits={HOLE_LIMITS} />
        <FormField field={fields.lowNetFee} label="Low net entry fee ($)" inputMode="decimal" />
      </div>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save side games'}
      </Button>
    </Form>
  );
}
