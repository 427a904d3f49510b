import * as z from 'zod/mini';
import { idField, preprocess } from './form-values';

/** "75", "75.00" or "$1,075.50" → cents; anything else is left for the schema to refuse. */
function dollarsToCents(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : value;
}

const AMOUNT_MESSAGE = 'Enter an amount in dollars, such as 75.00';

/**
 * The Refund form on /memberships (docs/product/payments.md#refunds): the membership and the amount in dollars, more
 * than $0. The model checks it against what was paid and already refunded.
 */
export const refundSchema = z.object({
  id: idField('Membership is required for a refund'),
  amount: preprocess(
    dollarsToCents,
    z
      .number({ error: (issue) => (issue.input === undefined ? 'Refund amount is required' : AMOUNT_MESSAGE) })
      .check(z.int(AMOUNT_MESSAGE), z.minimum(1, 'The refund must be more than $0.00')),
  ),
});
