import { chooseGolfer, expect, expectToast, hydrated, jsOn, signIn, test, unique } from './fixtures';
import { db, newAssignment, newGolfer, newMembership } from './league-data';
import { currentSeason } from '../../app/domain/season';

// docs/decisions/105-golfer-picker.md: the Golfer field of the round, membership and flight dialogs lists at most
// 100 golfers, with a 'Find golfer' search (Find without JavaScript, as the user types with it).

const season = currentSeason();

test('a round is recorded for a golfer found by search, and the line says how many matched', async ({ page }) => {
  // 'Zz' sorts the golfer after the others, past the first 100 once the league has more.
  const golfer = await newGolfer('Quin', 'ZzPick');
  // Tests running alongside add and remove golfers: the page counted them somewhere between these two counts.
  const countedBefore = await db.golfer.count();
  await signIn(page, `/rounds?season=${season}&action=new`);
  const dialog = page.getByRole('dialog', { name: 'Record New Round' });
  await hydrated(page);
  const select = dialog.getByLabel('Golfer', { exact: true });
  const countedAfter = await db.golfer.count();
  const [fewest, most] = [Math.min(countedBefore, countedAfter), Math.max(countedBefore, countedAfter)];
  if (fewest > 100) {
    const line = await dialog.getByText(/^Showing 100 of [\d,]+ golfers\./).textContent();
    const shown = Number(/of ([\d,]+)/.exec(line ?? '')![1].replaceAll(',', ''));
    expect(shown).toBeGreaterThanOrEqual(fewest);
    expect(shown).toBeLessThanOrEqual(most);
    await expect(dialog.getByText('Type a name to find others.')).toBeVisible();
  } else if (most <= 100) {
    await expect(dialog.getByText(/^Showing 100 of/)).toHaveCount(0);
  }
  // The placeholder, then at most 100 golfers.
  const options = (await select.locator('option').count()) - 1;
  expect(options).toBeGreaterThanOrEqual(Math.min(fewest, 100));
  expect(options).toBeLessThanOrEqual(Math.min(most, 100));

  const below = dialog.getByLabel('Gross Score');
  const before = await below.boundingBox();
  await chooseGolfer(page, dialog, golfer);
  await expect(dialog.getByText(`1 golfer matches "${golfer.lastName}".`)).toBeVisible();
  await expect(select.locator('option')).toHaveText(['Select a golfer', golfer.fullName]);
  // With JavaScript the options change in place: nothing below the field moves.
  if (jsOn()) expect(await below.boundingBox()).toEqual(before);

  await dialog.getByLabel('Date').fill(`${season}-06-09`);
  await dialog.getByLabel('Gross Score').fill('47');
  await dialog.getByRole('button', { name: 'Record Round' }).click();
  await expectToast(page, 'Success', 'Round recorded successfully');
  expect(await db.round.findMany({ where: { golferId: golfer.id }, select: { grossScore: true } })).toEqual([
    { grossScore: 47 },
  ]);
});

test('a membership is added for a golfer found by search after a refused save', async ({ page }) => {
  const golfer = await newGolfer('Rae', 'ZzPick');
  await signIn(page, `/memberships?season=${season}&action=new`);
  const dialog = page.getByRole('dialog', { name: 'Add Membership' });
  await hydrated(page);
  await chooseGolfer(page, dialog, golfer);
  await dialog.getByLabel('Estimated Score').fill('99');
  await dialog.getByRole('button', { name: 'Create Membership' }).click();
  await expect(dialog.getByText('Estimated score must be a whole number from 27 to 65')).toBeVisible();
  // The golfer found is still listed and chosen.
  await expect(dialog.getByLabel('Golfer', { exact: true })).toHaveValue(String(golfer.id));
  await dialog.getByLabel('Estimated Score').fill('44');
  await dialog.getByRole('button', { name: 'Create Membership' }).click();
  await expectToast(page, 'Success', 'Membership created successfully');
  expect(await db.membership.findFirstOrThrow({ where: { golferId: golfer.id } })).toMatchObject({
    season,
    estimatedScore: 44,
  });
});

test('an edit dialog shows its golfer, and another golfer can be found and chosen', async ({ page }) => {
  const golfer = await newGolfer('Sam', 'ZzPick');
  const other = await newGolfer('Tad', 'ZzPick');
  await newMembership(golfer.id, season);
  const assignment = await newAssignment(golfer.id, season, '2');
  await signIn(page, `/flights?season=${season}&edit=${assignment.id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Flight Assignment' });
  await hydrated(page);
  const select = dialog.getByLabel('Golfer', { exact: true });
  await expect(select).toHaveValue(String(golfer.id));
  await expect(select.locator('option:checked')).toHaveText(golfer.fullName);

  // A search that leaves the golfer out keeps them listed and chosen.
  await dialog.getByLabel('Find golfer').fill(other.lastName);
  if (!jsOn()) await dialog.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(select.locator(`option[value="${other.id}"]`)).toHaveCount(1);
  await expect(select).toHaveValue(String(golfer.id));

  await chooseGolfer(page, dialog, other);
  await dialog.getByRole('button', { name: 'Update Assignment' }).click();
  await expectToast(page, 'Success', 'Flight assignment updated successfully');
  expect(await db.flightAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).toMatchObject({
    golferId: other.id,
    flightNo: '2',
  });
});

test('a search with no matches says so', async ({ page }) => {
  const text = unique('Nobody');
  await signIn(page, `/flights?season=${season}&action=new`);
  const dialog = page.getByRole('dialog', { name: 'Assign Flight' });
  await hydrated(page);
  await dialog.getByLabel('Find golfer').fill(text);
  if (!jsOn()) {
    await dialog.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`golfer=${text}`));
    await expect(page).toHaveURL(/action=new/);
  }
  await expect(dialog.getByText(`No golfers match "${text}".`)).toBeVisible();
  await expect(dialog.getByLabel('Golfer', { exact: true }).locator('option')).toHaveText(['No golfers found']);
});

test('a golfer chosen by ?golferId= is listed and selected', async ({ page }) => {
  const golfer = await newGolfer('Uma', 'ZzPick');
  await signIn(page, `/rounds?season=${season}&action=new&golferId=${golfer.id}`);
  const dialog = page.getByRole('dialog', { name: 'Record New Round' });
  await hydrated(page);
  await expect(dialog.getByLabel('Golfer', { exact: true })).toHaveValue(String(golfer.id));
});
