/**
 * The HTML side of an email. Every value that reaches HTML goes through `escapeHtml`, so a golfer named `<script>`
 * (or a message that contains one) is text in the message, never markup. Shared by every message builder in
 * the mail of the features (league messages, receipts, tee-time confirmations, contact changes).
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text → HTML text or attribute value (quotes included, so it is safe inside `href="…"`). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

// Web addresses in plain text. Found before escaping, so an escaped quote (`&quot;`) can never become part of one;
// a sentence's closing punctuation after an address is not part of it.
const URL_PATTERN = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]]/g;

/** One line of plain text as HTML: escaped, with its http(s) addresses as links (no other scheme is linked). */
function lineToHtml(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0];
    html += `${escapeHtml(line.slice(last, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** Plain text → HTML paragraphs: every character escaped, blank lines start a paragraph, line breaks kept. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map(lineToHtml).join('<br>\n')}</p>`)
    .join('\n');
}
