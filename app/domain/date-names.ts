/**
 * The days' and months' names in US English, as `Intl.DateTimeFormat('en-US')` writes them: the pages' dates are
 * written with these rather than a formatter, whose first use in a browser loads locale data (decision 130). A module
 * of its own, so a page that shows one fixed date (the refund deadline) does not carry the schedule's code.
 */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
