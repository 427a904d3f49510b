import { getZodConstraint } from '@conform-to/zod/v4';
import { registrationSchema } from './registration';

/**
 * The /register form's HTML constraints (which fields are `required`…), derived from registrationSchema on the server
 * and handed to the page by its loader, so /register does not download @conform-to/zod's constraint code
 * (docs/decisions/061-javascript-budgets.md).
 */
export const registrationConstraint = getZodConstraint(registrationSchema);
