// The checks tests/e2e/valid-and-accessible.js.spec.ts runs over every page (docs/decisions/116-valid-and-accessible-pages.md):
// axe-core in the page on a desktop and a 375 px phone, no sideways scroll on the phone, and the W3C Nu Html Checker
// (vnu.jar, on Debian's Java) over the HTML the server sent and the DOM as the browser holds it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { expect, hydrated, test } from './fixtures';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');
const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

/** One address to check; `dialog` names the dialog the address opens, which must be showing. */
export type Visit = { url: string; status?: number; dialog?: string };

type Document = { name: string; html: string };

/** Waits until what the address opens shows and no animation (a dialog fading in) is still running. */
async function settled(page: Page, visit: Visit) {
  if (visit.dialog) await expect(page.getByRole('dialog', { name: visit.dialog })).toBeVisible();
  // Bounded: an animation that never plays (a hidden element's) would otherwise never finish.
  await page.evaluate(() =>
    Promise.race([
      new Promise((resolve) => setTimeout(resolve, 1_000)),
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    ]),
  );
}

/** axe-core's serious and critical findings on the page as it is now, one line per rule with its first nodes. */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(
    // `axe` is the global the script above defines. Only the violations are read, so axe-core need not gather every
    // node of its passes and inapplicable rules too (the same violations, in much less time on the larger pages).
    () =>
      (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run({
        resultTypes: ['violations'],
      }),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
      return `${where}: ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes: ${nodes.join(' | ')})`;
    });
}

/** How far the page scrolls sideways, in CSS pixels, and the elements that stick out first (to say what to fix). */
function sidewaysScroll(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticksOut = (element: Element | null) =>
      element !== null && element.getBoundingClientRect().right > width + 1;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => sticksOut(element) && !sticksOut(element.parentElement))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { by: document.documentElement.scrollWidth - width, culprits };
  });
}

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
};

/** The Nu Html Checker's errors over all the documents, in one run of vnu.jar. */
async function htmlErrors(documents: Document[]): Promise<string[]> {
  const dir = test.info().outputPath('html');
  fs.mkdirSync(dir, { recursive: true });
  const names = new Map<string, string>();
  documents.forEach((document, i) => {
    const file = path.join(dir, `${String(i).padStart(3, '0')}.html`);
    fs.writeFileSync(file, document.html);
    names.set(file, document.name);
  });
  // A deep stack: the checker overflows the default one on the larger pages. The quick compiler and the serial
  // collector: a short run spends less than half the CPU time this way. Its report comes on stderr.
  const java = ['-Xss16m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
  const { stderr } = await promisify(execFile)(
    'java',
    [...java, '-jar', VNU_JAR, '--format', 'json', '--errors-only', '--exit-zero-always', ...names.keys()],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: Error) => {
    throw new Error(
      `vnu.jar did not run (npm test installs Java: apt-get install default-jre-headless): ${error.message}`,
    );
  });
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  return messages
    .filter((message) => message.type === 'error' || message.subType === 'fatal')
    .map((message) => {
      const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : '';
      return `${names.get(file) ?? file} line ${message.lastLine ?? '?'}: ${message.message} ${JSON.stringify(message.extract ?? '')}`;
    });
}

/**
 * Visits each address with JavaScript on and expects no problem at all: its status, axe-core on a desktop and on a
 * 375 px phone, no sideways scroll on the phone, and valid HTML both as sent and as the browser holds it then (open
 * dialogs, hydrated widgets). Every problem of every page is listed in one failure.
 */
export async function expectValidAndAccessible(page: Page, visits: Visit[]) {
  const problems: string[] = [];
  const documents: Document[] = [];
  for (const visit of visits) {
    await page.setViewportSize(DESKTOP);
    const response = await page.goto(visit.url);
    expect(response?.status(), visit.url).toBe(visit.status ?? 200);
    documents.push({ name: `${visit.url} (as sent)`, html: await response!.text() });
    await hydrated(page);
    await settled(page, visit);
    // Before axe-core is injected: its script is no part of the page.
    documents.push({ name: `${visit.url} (in the browser)`, html: await page.content() });
    problems.push(...(await axeProblems(page, `${visit.url} desktop`)));

    await page.setViewportSize(PHONE);
    await settled(page, visit);
    problems.push(...(await axeProblems(page, `${visit.url} phone`)));
    const sideways = await sidewaysScroll(page);
    if (sideways.by > 0)
      problems.push(`${visit.url} phone: scrolls ${sideways.by}px sideways (${sideways.culprits.join(' | ')})`);
  }
  problems.push(...(await htmlErrors(documents)));
  expect(problems).toEqual([]);
}
