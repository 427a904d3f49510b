// The W3C Nu Html Checker (vnu.jar, on Debian's Java), once over every page tests/e2e/valid-and-accessible.js.spec.ts
// visited: the HTML as the server sent it and as the browser held it (docs/decisions/116-valid-and-accessible-pages.md).
// playwright.config.ts runs this file after the JavaScript project, which kept the pages in HTML_TO_CHECK; one JVM
// for all of them instead of one a test (docs/decisions/168-tests-in-half-the-time.md).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { HTML_TO_CHECK } from './page-checks';

const require = createRequire(import.meta.url);
const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
};

/** The kept documents, each written as an HTML file of its own: file → the test and page it came from. */
function keptDocuments(into: string): Map<string, string> {
  const names = new Map<string, string>();
  if (!fs.existsSync(HTML_TO_CHECK)) return names;
  for (const testDir of fs.readdirSync(HTML_TO_CHECK).sort())
    for (const kept of fs.readdirSync(path.join(HTML_TO_CHECK, testDir)).sort()) {
      const { name, html } = JSON.parse(fs.readFileSync(path.join(HTML_TO_CHECK, testDir, kept), 'utf8')) as {
        name: string;
        html: string;
      };
      const file = path.join(into, `${String(names.size).padStart(4, '0')}.html`);
      fs.writeFileSync(file, html);
      names.set(file, name);
    }
  return names;
}

test('every page the page checks visited is valid HTML, as sent and as the browser held it', async () => {
  test.setTimeout(300_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-html-'));
  try {
    const names = keptDocuments(dir);
    test.info().annotations.push({ type: 'documents', description: String(names.size) });
    if (names.size === 0) return; // a run that left out the page checks (a single spec, say)
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
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => {
        const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : '';
        return `${names.get(file) ?? file} line ${message.lastLine ?? '?'}: ${message.message} ${JSON.stringify(message.extract ?? '')}`;
      });
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
