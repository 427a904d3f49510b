import { expect, hydrated, test, unique } from './fixtures';
import { createGolfer } from '../../app/models/golfers.server';

// With JavaScript, "Select your name" lists the names matching what the golfer types, asked from the server as they
// type (GET /api/golfers-public, which the page's fetcher asks as /api/golfers-public.data with single fetch, decision
// 194), without leaving the page; the page itself never carries the list of golfers.

test('the page carries no golfer names until the golfer searches, then lists the matches as they type', async ({
  page,
}) => {
  const last = unique('Typed');
  const golfer = await createGolfer({ firstName: 'Tilda', lastName: last, email: `${last}@example.org` }, null);
  await page.goto('/register');
  await hydrated(page);
  await expect(page.locator('body')).not.toContainText(golfer.fullName);

  // What the server answered each question, read on its way to the page: Chromium keeps no body of a streamed fetch
  // answer for Playwright to read afterwards unless a trace records it.
  const answers: { status: number; cacheControl: string | undefined; body: string }[] = [];
  await page.route('**/api/golfers-public.data?*', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    answers.push({ status: response.status(), cacheControl: response.headers()['cache-control'], body });
    await route.fulfill({ response, body });
  });
  await page.getByRole('radio', { name: 'Returning golfer' }).check();
  await page.getByLabel('Find your name').fill(last.toLowerCase());
  await expect(page.getByRole('radio', { name: golfer.fullName })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe('no-store');
    expect(answer.body).not.toContain(`${last}@example.org`);
  }
  expect(answers.some((answer) => answer.body.includes(golfer.fullName))).toBe(true);
});

test('one letter asks for two, and a name nobody has says so', async ({ page }) => {
  await page.goto('/register');
  await hydrated(page);
  await page.getByRole('radio', { name: 'Returning golfer' }).check();
  const status = page.getByTestId('name-search-status');

  await page.getByLabel('Find your name').fill('q');
  await expect(status).toHaveText('Type at least 2 letters of your name.');
  await expect(page.getByRole('group', { name: 'Select your name' }).getByRole('radio')).toHaveCount(0);

  const nobody = unique('Nobody');
  await page.getByLabel('Find your name').fill(nobody);
  await expect(status).toHaveText(
    `No golfer's name contains "${nobody}". Check the spelling, or register as a new golfer.`,
  );
});

test('lists at most 20 names and says to type more; the chosen name stays while searching again', async ({ page }) => {
  const family = unique('Many');
  for (let i = 0; i < 22; i++)
    await createGolfer({ firstName: `Kin${String(i).padStart(2, '0')}`, lastName: family }, null);
  await page.goto('/register');
  await hydrated(page);
  await page.getByRole('radio', { name: 'Returning golfer' }).check();
  await page.getByLabel('Find your name').fill(family);
  const names = page.getByRole('group', { name: 'Select your name' }).getByRole('radio');
  await expect(names).toHaveCount(20);
  await expect(page.getByTestId('name-search-status')).toHaveText(
    'Showing the first 20 names: type more of your name to narrow the list.',
  );

  await page.getByRole('radio', { name: `Kin03 ${family}` }).check();
  await page.getByLabel('Find your name').fill(`Kin21 ${family}`);
  await expect(page.getByRole('radio', { name: `Kin21 ${family}` })).toBeVisible();
  await expect(names).toHaveCount(2);
  await expect(page.getByRole('radio', { name: `Kin03 ${family}` })).toBeChecked();
});
