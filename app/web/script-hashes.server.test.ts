import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { inlineScriptSources, policyForStoredPage } from './script-hashes.server';

const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const CONTEXT = 'window.__remixContext = {"state":{"loaderData":{"root":{"leagueName":"Pines – été"}}}};';
const MODULE = 'import "/build/manifest-1.js";\nimport * as route0 from "/build/root-2.js";';
const PAGE = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/build/entry.client-3.js"/></head><body>
<main><p>&lt;script&gt;not a script&lt;/script&gt;</p></main>
<script nonce="abc">${CONTEXT}</script><script nonce="abc" type="module" async="">${MODULE}</script>
<script src="/build/x.js" nonce="abc"></script><SCRIPT nonce="abc">${CONTEXT}</SCRIPT></body></html>`;

const POLICY =
  "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

describe("a stored page's script sources", () => {
  test("are the hashes of its inline scripts' text, once each; scripts with src are left to 'self'", () => {
    expect(inlineScriptSources(PAGE)).toEqual([sha(CONTEXT), sha(MODULE)]);
  });

  test('replace the nonce in the policy, which keeps everything else', () => {
    expect(policyForStoredPage(POLICY, PAGE)).toBe(
      `default-src 'self'; script-src 'self' ${sha(CONTEXT)} ${sha(MODULE)}; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'`,
    );
  });

  test("a page without inline scripts allows only this site's scripts", () => {
    expect(policyForStoredPage(POLICY, '<html><body><script src="/a.js"></script></body></html>')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    );
  });

  test('a policy without a nonce is kept as it is', () => {
    expect(policyForStoredPage("default-src 'none'", PAGE)).toBe("default-src 'none'");
  });
});
