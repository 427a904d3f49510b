/**
 * Forms arrive through parseForm (./parse-form.ts), which turns '' into undefined and number fields into numbers
 * before the zod schema sees them. JSON bodies and import rows do not, so they go through this first: null and blank strings
 * become absent, and the listed fields are converted the way a form field would be. The schema itself is then
 * the same for every source.
 */
export function normalizeInput(
  raw: unknown,
  fields: { numbers?: readonly string[]; strings?: readonly string[] } = {},
): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const numbers = new Set(fields.numbers ?? []);
  const strings = new Set(fields.strings ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (numbers.has(key) && typeof value === 'string') {
      const n = Number(value.trim());
      // Anything that is not a plain number stays a string, so the schema reports it as the wrong type.
      out[key] = Number.isFinite(n) ? n : value;
    } else if (strings.has(key) && typeof value === 'number') {
      out[key] = String(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}
