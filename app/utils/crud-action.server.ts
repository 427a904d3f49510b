import { parseWithZod } from '@conform-to/zod/v4';
import { json } from '@remix-run/node';
import type { z } from 'zod';
import { failureOf, HttpError, readSmallForm } from './http.server';
import { redirectWithToast } from './session.server';

type Saved = { back?: string } | void;

/**
 * The action of an admin list page with create/update/delete dialogs (golfers, courses, memberships): reads the
 * form (size-limited), dispatches on `intent`, validates with the page's zod schema and answers the SPEC's
 * way — a redirect with a 'Success' toast ('Golfer created successfully'…), the form with its errors (400/404/409)
 * for a failed save, or an 'Error' toast ('Failed to delete golfer: …') for a failed delete.
 * `create`/`update` may return `{ back }` to land somewhere else (e.g. the saved record's season).
 */
export async function crudAction<S extends z.ZodType>({
  request,
  back,
  schema,
  noun,
  create,
  update,
  remove,
}: {
  request: Request;
  back: string;
  schema: S;
  /** Lower-case entity name as SPEC words it: 'golfer', 'course', 'membership'. */
  noun: string;
  create: (value: z.output<S>) => Promise<Saved>;
  update: (id: number, value: z.output<S>) => Promise<Saved>;
  remove: (id: number) => Promise<unknown>;
}) {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  let form: FormData;
  try {
    form = await readSmallForm(request, 20_000);
  } catch (error) {
    const failure = failureOf(error);
    if (failure)
      return redirectWithToast(back, { type: 'error', title: 'Error', description: failure.message }, {}, request);
    throw error;
  }
  const intent = form.get('intent');
  const idOf = (action: string) => {
    const id = Number(form.get('id'));
    if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(400, `${Noun} is required for ${action}`);
    return id;
  };

  if (intent === 'delete') {
    try {
      await remove(idOf('delete'));
    } catch (error) {
      const failure = failureOf(error);
      if (!failure) throw error;
      return redirectWithToast(
        back,
        { type: 'error', title: 'Error', description: `Failed to delete ${noun}: ${failure.message}` },
        {},
        request,
      );
    }
    return redirectWithToast(
      back,
      { type: 'success', title: 'Success', description: `${Noun} deleted successfully` },
      {},
      request,
    );
  }

  if (intent !== 'create' && intent !== 'update') {
    return json({ intent: null, result: null, message: 'Unknown action' }, { status: 400 });
  }
  const submission = parseWithZod(form, { schema });
  if (submission.status !== 'success')
    return json({ intent, result: submission.reply(), message: null }, { status: 400 });
  let saved: Saved;
  try {
    saved = intent === 'create' ? await create(submission.value) : await update(idOf('update'), submission.value);
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return json(
      {
        intent,
        result: submission.reply({ formErrors: [failure.message], fieldErrors: failure.errors }),
        message: null,
      },
      { status: failure.status },
    );
  }
  const description = `${Noun} ${intent === 'create' ? 'created' : 'updated'} successfully`;
  return redirectWithToast(saved?.back ?? back, { type: 'success', title: 'Success', description }, {}, request);
}
