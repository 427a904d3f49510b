import { Form } from '@remix-run/react';
import { buttonClass } from '~/ui/primitives/button';

/**
 * 'Sign out everywhere': ends every session of the signed-in user, on every device, this one included
 * (docs/product/accounts.md#ending-sessions). A plain form, so it works without JavaScript.
 */
export function SignOutEverywhereButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <input type="hidden" name="intent" value="everywhere" />
      <button type="submit" className={className ?? buttonClass('secondary', 'sm')}>
        Sign out everywhere
      </button>
    </Form>
  );
}
