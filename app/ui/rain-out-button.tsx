import { Form } from '@remix-run/react';
import { Button } from '~/ui/primitives/button';
import { useIsPending } from '~/ui/use-is-pending';

/**
 * 'Mark rain-out' / 'Undo rain-out' (docs/product/seasons.md#rain-outs): a plain form, so it works without
 * JavaScript; the administrator decides, the 'Rain-out rule met' hint only informs.
 */
export function RainOutButton({ id, rainOut }: { id: number; rainOut: boolean }) {
  const intentName = rainOut ? 'undo-rain-out' : 'rain-out';
  const marking = useIsPending({ intent: 'rain-out' });
  const undoing = useIsPending({ intent: 'undo-rain-out' });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intentName} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="sm" disabled={marking || undoing}>
        {rainOut ? 'Undo rain-out' : 'Mark rain-out'}
      </Button>
    </Form>
  );
}
