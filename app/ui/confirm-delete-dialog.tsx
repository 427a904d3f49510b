import { Form, Link } from '@remix-run/react';
import { useIsPending } from '~/ui/use-is-pending';
import { useDialogFormAction } from '~/ui/use-list-page';
import { Button, buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';

/**
 * "Confirm Deletion": posts intent=delete with the id to the current route's action. Cancel goes back to
 * `closeTo`. The button reads `Deleting...` while the delete is pending. A record that is not there (a stale
 * ?delete= link; `id` null) gets the dialog with the `notFound` text instead.
 */
export function ConfirmDeleteDialog({
  id,
  closeTo,
  message,
  confirmLabel,
  error,
  notFound = 'Not found.',
}: {
  id: number | string | null;
  closeTo: string;
  message: React.ReactNode;
  confirmLabel: string;
  error?: string | null;
  notFound?: string;
}) {
  const deleting = useIsPending({ intent: 'delete' });
  const action = useDialogFormAction();
  if (id === null) {
    return (
      <UrlDialog title="Confirm Deletion" closeTo={closeTo}>
        <p>{notFound}</p>
      </UrlDialog>
    );
  }
  return (
    <UrlDialog title="Confirm Deletion" description={message} closeTo={closeTo}>
      <Form method="post" action={action} preventScrollReset className="flex justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        {error ? (
          <p role="alert" className="mr-auto text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive" disabled={deleting}>
          {deleting ? 'Deleting...' : confirmLabel}
        </Button>
      </Form>
    </UrlDialog>
  );
}
