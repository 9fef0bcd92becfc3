import { describe, expect, it } from 'vitest';
import { isSameSitePath, sameSitePath } from './same-site-path.js';

describe("a login's return address (decision 066)", () => {
  it('keeps a path of this site with its query', () => {
    expect(sameSitePath('/jsbn/AHMJS-00006-P')).toBe('/jsbn/AHMJS-00006-P');
    expect(sameSitePath('/publisher-wise-books/7?book=AHMJS-00006-P&confirm=1')).toBe(
      '/publisher-wise-books/7?book=AHMJS-00006-P&confirm=1',
    );
    expect(sameSitePath('/')).toBe('/');
  });

  it('sends any other address home', () => {
    for (const other of [
      '//evil.example',
      '//evil.example/jsbn/1',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'jsbn/1',
      '',
      '/a//b',
      '/jsbn/1\n',
      undefined,
      null,
      42,
      ['/jsbn/1'],
    ]) {
      expect(sameSitePath(other)).toBe('/');
      expect(isSameSitePath(other)).toBe(false);
    }
  });
});
