import { expect, hydrated, test, unique } from './fixtures';
import { db } from '../../app/db/db.server';
import { createGolfer } from '../../app/models/golfers.server';
import { signInGolfer } from './golfer-session';

// docs/product/my-league.md#texts, JavaScript on and off: a golfer turns texts on under 'Texts' on /me with the code
// texted to their number, and off again. The e2e server has no Twilio account, so the code's text waits on /outbox
// as 'Not sent: no text provider configured', with its code, as in the demo; the test reads it there.

async function lastCode(golferId: number): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const row = await db.outboxMessage.findFirst({
        where: { golferId, kind: 'text-code' },
        orderBy: { id: 'desc' },
        select: { text: true },
      });
      text = row?.text ?? '';
      return /\b\d{6}\b/.test(text);
    })
    .toBe(true);
  return /\b(\d{6})\b/.exec(text)![1];
}

test('a golfer turns texts on with the code texted to their number, and off again', async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  const golfer = await createGolfer({ firstName: 'Tex', lastName: unique('Texts') }, null);
  await signInGolfer(context, baseURL!, golfer.id);
  await page.goto('/me');
  const texts = page.getByRole('region', { name: 'Texts' });
  await expect(texts.getByText(/^Get rain-outs, urgent notices/)).toBeVisible();
  if (javaScriptEnabled) await hydrated(page);

  // A number that is none comes back on /me/texts with the message, nothing saved.
  await texts.getByLabel('Mobile number').fill('555-0147');
  await texts.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page).toHaveURL(/\/me\/texts$/);
  await expect(page.getByText('Enter a mobile number, like (231) 555-0147.').first()).toBeVisible();
  expect(await db.golferTexts.findUnique({ where: { golferId: golfer.id } })).toBeNull();

  const form = page.getByRole('region', { name: 'Texts' });
  await form.getByLabel('Mobile number').fill('231.555.0147');
  await form.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page).toHaveURL(/\/me#texts-heading$/);
  await expect(texts.getByText('We texted a code to (231) 555-0147.', { exact: true })).toBeVisible();
  const code = await lastCode(golfer.id);

  // A wrong code is refused with its message; the right one turns texts on.
  await texts.getByLabel('Code from the text').fill(code === '000000' ? '111111' : '000000');
  await texts.getByRole('button', { name: 'Turn texts on' }).click();
  await expect(
    page.getByText('That code is not right, or it has expired. Check the latest text, or ask for a new code.').first(),
  ).toBeVisible();
  const again = page.getByRole('region', { name: 'Texts' });
  await again.getByLabel('Code from the text').fill(code);
  await again.getByRole('button', { name: 'Turn texts on' }).click();
  await expect(page).toHaveURL(/\/me#texts-heading$/);
  await expect(texts.getByText('Texts are on for (231) 555-0147.')).toBeVisible();
  expect(await db.golferTexts.findUniqueOrThrow({ where: { golferId: golfer.id } })).toMatchObject({
    phone: '+12315550147',
    textsOn: true,
  });

  await texts.getByRole('button', { name: 'Turn texts off' }).click();
  await expect(texts.getByText('Texts are off.', { exact: true })).toBeVisible();
  expect((await db.golferTexts.findUniqueOrThrow({ where: { golferId: golfer.id } })).textsOn).toBe(false);
  await db.golfer.delete({ where: { id: golfer.id } });
});
