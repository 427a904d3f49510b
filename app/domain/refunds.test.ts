import { describe, expect, it } from 'vitest';
import { refundDeadline, suggestedRefundCents } from './refunds';

describe('refund policy (docs/product/payments.md#refunds: 50% if notified by July 15)', () => {
  it('the deadline is July 15 of the season', () => {
    expect(refundDeadline(2026)).toBe('2026-07-15');
  });

  it('suggests half the fee paid up to and including July 15', () => {
    const base = { feePaidCents: 15000, refundableCents: 15000, season: 2026 };
    expect(suggestedRefundCents({ ...base, today: '2026-03-01' })).toBe(7500);
    expect(suggestedRefundCents({ ...base, today: '2026-07-15' })).toBe(7500);
  });

  it('suggests nothing after July 15 (no refunds after the deadline)', () => {
    expect(
      suggestedRefundCents({ feePaidCents: 15000, refundableCents: 15000, season: 2026, today: '2026-07-16' }),
    ).toBe(null);
  });

  it('never suggests more than is left to refund, and rounds half cents', () => {
    expect(
      suggestedRefundCents({ feePaidCents: 15000, refundableCents: 5000, season: 2026, today: '2026-05-01' }),
    ).toBe(5000);
    expect(
      suggestedRefundCents({ feePaidCents: 15001, refundableCents: 15001, season: 2026, today: '2026-05-01' }),
    ).toBe(7501);
    expect(suggestedRefundCents({ feePaidCents: 15000, refundableCents: 0, season: 2026, today: '2026-05-01' })).toBe(
      null,
    );
  });
});
