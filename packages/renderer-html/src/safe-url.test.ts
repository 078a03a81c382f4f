import { describe, expect, it } from 'vitest';
import { isSafeHref } from './safe-url.js';

describe('isSafeHref', () => {
  it.each(['https://example.com', 'http://example.com/a?b=1&c=2#d', 'HTTPS://EXAMPLE.COM/path'])('allows %s', (url) => {
    expect(isSafeHref(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript&#58;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
    '/relative',
    'https://a.example/ b',
    'https://a.example/"onclick="x',
    "https://a.example/'x",
    'https://a.example/<script>',
    'https:',
    '',
  ])('refuses %j', (url) => {
    expect(isSafeHref(url)).toBe(false);
  });
});
