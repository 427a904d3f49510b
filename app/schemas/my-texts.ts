import * as z from 'zod/mini';

/**
 * /me's 'Texts' forms (docs/product/my-league.md#texts): the mobile number to confirm (checked as a phone number on the
 * server, app/domain/texts.ts, which knows every country's numbers) and the 6-digit code texted to it.
 */
const BAD_NUMBER = 'Enter a mobile number, like (231) 555-0147.';
const BAD_CODE = 'Enter the 6-digit code from the text.';

export const textNumberSchema = z.object({
  mobile: z.string({ error: BAD_NUMBER }).check(z.trim(), z.minLength(1, BAD_NUMBER), z.maxLength(40, BAD_NUMBER)),
});

export const textCodeSchema = z.object({
  textCode: z.string({ error: BAD_CODE }).check(z.trim(), z.regex(/^\d{6}$/, BAD_CODE)),
});
