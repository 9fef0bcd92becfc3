/**
 * The app's CSS keeps the vendor prefixes a supported browser needs and no others (decision 023).
 */
import { describe, expect, it } from 'vitest';
import { css as serialized } from '@emotion/react';
import { createStyleCache } from './style-cache.js';

/** The CSS the app's style cache writes for `styles` under `.x` (on the server, `insert` returns it). */
function css(styles: string): string {
  const cache = createStyleCache();
  return cache.insert('.x', serialized(styles), cache.sheet, true) as unknown as string;
}

describe('the style cache', () => {
  it('writes flexbox, transitions and transforms as every browser reads them, without prefixes', () => {
    expect(
      css(
        'display:flex;align-items:center;justify-content:space-between;flex-direction:column;transition:opacity 200ms;transform:scale(1);position:sticky;',
      ),
    ).toBe(
      '.x{display:flex;align-items:center;justify-content:space-between;flex-direction:column;transition:opacity 200ms;transform:scale(1);position:sticky;}',
    );
  });

  it('keeps the prefixes Safari and older Chrome still need (user-select, appearance, print colours)', () => {
    expect(css('user-select:none;appearance:none;color-adjust:exact;')).toBe(
      '.x{-webkit-user-select:none;-moz-user-select:none;-ms-user-select:none;user-select:none;-webkit-appearance:none;-moz-appearance:none;-ms-appearance:none;appearance:none;-webkit-print-color-adjust:exact;color-adjust:exact;}',
    );
  });

  it('writes ::placeholder once, and keyframes without an -webkit- copy', () => {
    expect(css('&::placeholder{opacity:0.5;}')).toBe('.x::placeholder{opacity:0.5;}');
    expect(css('@keyframes spin{from{transform:rotate(0deg);}}')).toBe('@keyframes spin{from{transform:rotate(0deg);}}');
  });
});
