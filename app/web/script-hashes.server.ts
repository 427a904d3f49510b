import crypto from 'node:crypto';

/*
 * The Content-Security-Policy of a page answered from the public page cache (docs/decisions/187-cached-pages-sent-as-stored.md).
 * A page made by its route allows its scripts by the nonce of that answer (app/web/security-headers.ts). A stored page
 * is sent again as it was made, so its nonce would be the same for every visitor; instead its answers allow exactly
 * the inline scripts the page holds, by their SHA-256 hashes, computed once when it is stored. Scripts loaded from
 * this site stay allowed by 'self', as on every page.
 */

/** Every inline `<script>` of a page (one without `src`), and the text a browser hashes: what is between the tags. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP sources that allow a page's inline scripts: `'sha256-…'` each, in the page's order, without repeats. */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    sources.add(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/**
 * The policy for a stored page: its route's policy with the answer's nonce source replaced by the hashes of the
 * page's inline scripts (none, when it has none: then only this site's scripts run).
 */
export function policyForStoredPage(policy: string, html: string): string {
  if (!/'nonce-[^']*'/.test(policy)) return policy;
  return policy
    .replace(/'nonce-[^']*'/g, inlineScriptSources(html).join(' '))
    .replace(/ +(?=;|$)/g, '')
    .replace(/ {2,}/g, ' ');
}
