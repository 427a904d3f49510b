import { Form, Link } from '@remix-run/react';
import { useIsPending } from '~/ui/use-is-pending';
import { useDialogFormAction } from '~/ui/use-list-page';
import { Button, buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';

/**
 * "Confirm Deletion" of the ?delete=ID record (useListPage's `deleting`): posts intent=delete with its id to the
 * current route's action. Cancel goes back to `closeTo`. The button reads `Deleting...` while the delete is pending.
 * No record (`undefined`: no ?delete= in the address) draws nothing; a record that is not there (a stale ?delete=
 * link, `null`) gets the dialog saying "{Noun} not found." instead.
 */
export function ConfirmDeleteDialog({
  record,
  noun,
  closeTo,
  message = `Are you sure you want to delete this ${noun}? This action cannot be undone.`,
  confirmLabel = `Delete ${noun.replace(/\b\w/g, (c) => c.toUpperCase())}`,
  error,
}: {
  record: { id: number } | null | undefined;
  /** What is deleted, in lower case ('course', 'flight assignment'): the dialog's words are made from it. */
  noun: string;
  closeTo: string;
  /** The question, when it says more than "Are you sure you want to delete this {noun}? …". */
  message?: React.ReactNode;
  /** The button, when shorter than "Delete {Noun}". */
  confirmLabel?: string;
  error?: string | null;
}) {
  const deleting = useIsPending({ intent: 'delete' });
  const action = useDialogFormAction();
  if (record === undefined) return null;
  if (record === null) {
    return (
      <UrlDialog title="Confirm Deletion" closeTo={closeTo}>
        <p>{`${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found.`}</p>
      </UrlDialog>
    );
  }
  return (
    <UrlDialog title="Confirm Deletion" description={message} closeTo={closeTo}>
      <Form method="post" action={action} preventScrollReset className="flex justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={record.id} />
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
