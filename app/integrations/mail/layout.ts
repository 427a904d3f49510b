import { escapeHtml } from './html';

/**
 * The layout of the site's own messages (the receipt and the tee-time confirmation): blocks rendered once as plain
 * text and once as HTML, with every value escaped in the HTML.
 */

/** One block of an email: a paragraph, a list of label/value lines, or a link. */
export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'details'; rows: [label: string, value: string][] }
  | { kind: 'link'; label: string; href: string };

/** The plain-text body: blocks separated by blank lines, links written out. */
export function renderText(blocks: readonly EmailBlock[], signature: string): string {
  const parts = blocks.map((block) => {
    if (block.kind === 'paragraph') return block.text;
    if (block.kind === 'details') return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    return `${block.label}: ${block.href}`;
  });
  return `${[...parts, signature].join('\n\n')}\n`;
}

/** The HTML body: the same blocks, every value escaped, styled inline (mail programs drop style sheets). */
export function renderHtml(title: string, blocks: readonly EmailBlock[], signature: string): string {
  const body = blocks
    .map((block) => {
      if (block.kind === 'paragraph') return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
      if (block.kind === 'details') {
        const rows = block.rows
          .map(
            ([label, value]) =>
              `<tr><td style="padding:2px 16px 2px 0;color:#475569">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
          )
          .join('');
        return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
      }
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="color:#047857">${escapeHtml(block.label)}</a></p>`;
    })
    .join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">',
    body,
    `<p style="margin:24px 0 0;color:#475569">${escapeHtml(signature)}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
