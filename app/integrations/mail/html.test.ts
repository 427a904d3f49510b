import { describe, expect, it } from 'vitest';
import { escapeHtml, textToHtml } from './html';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute', () => {
    expect(escapeHtml(`<b onclick="x">Tom & 'Jerry'</b>`)).toBe(
      '&lt;b onclick=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;',
    );
  });
});

describe('textToHtml', () => {
  it('turns blank lines into paragraphs and single line breaks into <br>', () => {
    expect(textToHtml('Hello all,\r\n\r\nTee times\nstart at 4.\n\n\nSee you')).toBe(
      '<p>Hello all,</p>\n<p>Tee times<br>\nstart at 4.</p>\n<p>See you</p>',
    );
  });

  it('escapes markup typed into the message', () => {
    expect(textToHtml('<script>alert(1)</script> & <img src=x onerror=y>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=y&gt;</p>',
    );
  });

  it('links web addresses, leaving the sentence punctuation after them outside the link', () => {
    expect(textToHtml('Pay at https://league.example/register?type=returning&x=1.')).toBe(
      '<p>Pay at <a href="https://league.example/register?type=returning&amp;x=1">https://league.example/register?type=returning&amp;x=1</a>.</p>',
    );
  });

  it('links only http and https addresses, and cannot be led out of the href', () => {
    expect(textToHtml('javascript:alert(1) and "https://a.example/"onmouseover="x"')).toBe(
      '<p>javascript:alert(1) and &quot;<a href="https://a.example/">https://a.example/</a>&quot;onmouseover=&quot;x&quot;</p>',
    );
  });
});
