import { json } from '@remix-run/node';
import type { z } from 'zod';
import { HttpError, zodFieldErrors, type ApiError } from './http.server';

/** Validates an API body with the form's schema: a 400 with field messages when it does not fit. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, message: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, message, zodFieldErrors(parsed.error));
  return parsed.data;
}

/** 405 with the methods the route does answer. */
export function methodNotAllowed(allow: string[]): Response {
  return json<ApiError>(
    { message: `Method not allowed. Use ${allow.join(' or ')}.` },
    { status: 405, headers: { Allow: allow.join(', ') } },
  );
}

/** The loader of a POST-only resource route. */
export function postOnlyLoader(): Response {
  return methodNotAllowed(['POST']);
}

/** The empty answer of a successful DELETE. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}
