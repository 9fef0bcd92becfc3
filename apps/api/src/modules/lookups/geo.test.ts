/** The states the API lists are the ones the interface names in Gujarati and Hindi. */
import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, LOOKUP_CATALOGUES, lookupText } from '@jsbn/shared';
import { listStates } from './geo.js';

describe('the states of India', () => {
  it('are the shared list, so every form names each state in its language', () => {
    expect(listStates().map((state) => state.state_name)).toEqual([...INDIAN_STATES]);
    const gujarat = listStates().find((state) => state.state_name === 'Gujarat')!;
    expect(lookupText(LOOKUP_CATALOGUES.gu, 'states', gujarat.state_name)).toBe('ગુજરાત');
    expect(lookupText(LOOKUP_CATALOGUES.hi, 'states', gujarat.state_name)).toBe('गुजरात');
  });
});
