/** The record's actions in the reader's language (components/history/history-format.ts). */
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/operatorHistory.json' with { type: 'json' };
import gu from '../../locales/gu/operatorHistory.json' with { type: 'json' };
import hi from '../../locales/hi/operatorHistory.json' with { type: 'json' };
import { actionLabel, type Translate } from './history-format.js';

/** Every action the API writes to the record (lib/audit.ts callers). */
const ACTIONS = [
  'created', 'updated', 'status changed', 'withdrawn', 'reinstated', 'books imported', 'password changed', 'password reset',
  'e-mail verified', 'claim approved', 'reminded', 'verified', 'asked', 'answered', 'rejected', 'suspended', 'unsuspended',
  'approved', 'refused', 'reported', 'corrected', 'declined', 'not a duplicate', 'retried', 'withdrawal requested',
  'operator created', 'operator re-enabled',
];

/** A `t` over one language's `operatorHistory` texts that says when a key is missing. */
const translator = (texts: { actions: Record<string, string> }): Translate => (key, options) => {
  const action = key.replace('operatorHistory:actions.', '');
  return texts.actions[action] ?? `MISSING(${String(options?.defaultValue)})`;
};

describe('the actions of the record', () => {
  it.each([['en', en], ['gu', gu], ['hi', hi]])('has a word for every action in %s', (_lng, texts) => {
    const missing = ACTIONS.map((action) => actionLabel(translator(texts), action)).filter((label) => label.startsWith('MISSING'));
    expect(missing).toEqual([]);
  });

  it('reads an action with a hyphen as its key without one', () => {
    expect(actionLabel(translator(gu), 'e-mail verified')).toBe(gu.actions.emailVerified);
    expect(actionLabel(translator(en), 'operator re-enabled')).toBe('Operator re-enabled');
  });
});
