/** The page body sanitizer: what an attacker can put into HTML never reaches a consumer's app. */
import { describe, expect, it } from 'vitest';
import { sanitizePageBody } from './page.sanitizer.js';

describe('sanitizePageBody', () => {
  it.each([
    ['a script with its content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['a style element with its content', '<style>p{color:red}</style><p>a</p>', '<p>a</p>'],
    [
      'an event handler',
      '<p onclick="alert(1)">a</p><img src="https://x.example/a.png" onerror="alert(1)" />',
      '<p>a</p><img src="https://x.example/a.png" />',
    ],
    ['a javascript: link', '<a href="javascript:alert(1)">a</a>', '<a rel="noopener noreferrer nofollow">a</a>'],
    [
      'an obfuscated javascript: link',
      '<a href="JaVaScRiPt&colon;alert(1)">a</a>',
      '<a rel="noopener noreferrer nofollow">a</a>',
    ],
    ['a data: link', '<a href="data:text/html,x">a</a>', '<a rel="noopener noreferrer nofollow">a</a>'],
    ['a protocol-relative link', '<a href="//evil.example/">a</a>', '<a rel="noopener noreferrer nofollow">a</a>'],
    ['a style attribute', '<p style="background:url(javascript:x)">a</p>', '<p>a</p>'],
    ['an iframe', '<iframe src="https://evil.example/"></iframe><p>a</p>', '<p>a</p>'],
    ['a form and an input', '<form action="https://evil.example/"><input name="p" /></form><p>a</p>', '<p>a</p>'],
    ['an http image', '<img src="http://x.example/a.png" alt="a" />', '<img alt="a" />'],
    [
      'a caller-chosen rel and target',
      '<a href="https://a.example/" rel="opener" target="_blank">a</a>',
      '<a href="https://a.example/" rel="noopener noreferrer nofollow">a</a>',
    ],
  ])('removes %s', (_label, html, expected) => {
    expect(sanitizePageBody(html)).toBe(expected);
  });

  it('keeps the allowed markup as written', () => {
    const html =
      '<h2>営業案内</h2><p><strong>毎日</strong> <em>10時</em>から<br />営業</p><ul><li>一</li></ul><ol><li>二</li></ol>' +
      '<blockquote>引用</blockquote><table><thead><tr><th colspan="2">表</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>' +
      '<figure><img src="https://cdn.example/m.png" alt="menu" width="100" height="50" /><figcaption>図</figcaption></figure><hr />';
    expect(sanitizePageBody(html)).toBe(html);
  });

  it('keeps http, https and mailto links, with rel added', () => {
    for (const href of ['http://a.example/', 'https://a.example/x?y=1', 'mailto:shop@example.jp'])
      expect(sanitizePageBody(`<a href="${href}" title="t">a</a>`)).toBe(
        `<a href="${href.replace('&', '&amp;')}" title="t" rel="noopener noreferrer nofollow">a</a>`,
      );
  });

  it('escapes text that looks like markup once parsed', () => {
    expect(sanitizePageBody('1 < 2 & <b>3</b>')).toBe('1 &lt; 2 &amp; <b>3</b>');
  });
});
