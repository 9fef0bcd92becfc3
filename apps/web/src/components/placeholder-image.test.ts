/**
 * The picture shown for a missing or broken image says 'No image' in the interface language.
 */
import { describe, expect, it } from 'vitest';
import { placeholderImage } from './placeholder-image.js';

/** The SVG markup of a data URL. */
const svgOf = (url: string) => decodeURIComponent(url.slice('data:image/svg+xml;charset=utf-8,'.length));

describe('placeholderImage', () => {
  it('writes its label under the picture, in any script', () => {
    expect(svgOf(placeholderImage('છબી નથી'))).toContain('fill="#8d6e63">છબી નથી</text></svg>');
    expect(svgOf(placeholderImage('No image'))).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="200" height="260".*>No image<\/text><\/svg>$/,
    );
  });

  it('keeps a label with markup characters as text', () => {
    expect(svgOf(placeholderImage('A & <B>'))).toContain('>A &amp; &lt;B&gt;</text>');
  });
});
