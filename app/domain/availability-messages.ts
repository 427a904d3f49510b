/**
 * What a golfer is told when an In/Out change or a sub's claim comes too late (docs/product/availability-and-subs.md).
 * Apart from app/domain/availability.ts so that the pages' browser code that shows them does not load its time-zone
 * arithmetic (@date-fns/tz) with them.
 */
export const TOO_LATE = 'Too late to change online: call the league administrator.';
export const SPOT_TAKEN = 'This spot has been taken. Thank you!';
