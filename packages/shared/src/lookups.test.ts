import { describe, expect, it } from 'vitest';
import { SWAROOPS } from './lookups.js';

describe('the swaroop list (issue 4: about 70 Jain literary forms)', () => {
  it('has about 70 forms with unique codes, Gujarati labels (NFC) and English glosses', () => {
    expect(SWAROOPS.length).toBeGreaterThanOrEqual(70);
    expect(new Set(SWAROOPS.map((swaroop) => swaroop.code)).size).toBe(SWAROOPS.length);
    for (const code of ['AKS1', 'AVC1', 'GAD', 'TIK1', 'SAT1', 'SAR3']) expect(SWAROOPS.map((swaroop) => swaroop.code)).toContain(code);
    for (const swaroop of SWAROOPS) {
      expect(swaroop.label).toMatch(/\p{Script=Gujarati}/u);
      expect(swaroop.label).toBe(swaroop.label.normalize('NFC'));
      expect(swaroop.gloss).toMatch(/^[A-Z]/);
    }
  });
});
