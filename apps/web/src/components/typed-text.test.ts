/** Text rewritten as it is typed (typed-text.ts): the value a field shows and where its caret stays. */
import { describe, expect, it } from 'vitest';
import { dateWhileTyping, showTransformed } from './typed-text.js';

/** An input's value and caret, as a change event leaves them. */
class Input {
  constructor(
    public value = '',
    public selectionStart: number | null = value.length,
  ) {}
  setSelectionRange(start: number) {
    this.selectionStart = start;
  }
}

/** Types `keys` one at a time at the caret of `input`, each through `transform` as the field's change handler does. */
function type(input: Input, keys: string, transform: (value: string) => string): Input {
  for (const key of keys) {
    const at = input.selectionStart ?? input.value.length;
    input.value = input.value.slice(0, at) + key + input.value.slice(at);
    input.selectionStart = at + 1;
    showTransformed(input, transform);
  }
  return input;
}

const digits6 = (value: string) => value.replace(/\D/g, '').slice(0, 6);

describe('text rewritten as it is typed', () => {
  it('shows a date typed digit by digit as DD/MM/YYYY, the caret after each slash the mask adds', () => {
    expect(type(new Input(), '31122030', dateWhileTyping)).toMatchObject({ value: '31/12/2030', selectionStart: 10 });
    expect(type(new Input(), '3112', dateWhileTyping)).toMatchObject({ value: '31/12', selectionStart: 5 });
    expect(type(new Input(), '311', dateWhileTyping)).toMatchObject({ value: '31/1', selectionStart: 4 });
  });

  it('keeps at most 8 digits of a date, whatever else is typed', () => {
    expect(type(new Input(), '01-01-2027 99', dateWhileTyping).value).toBe('01/01/2027');
  });

  it('leaves the caret after a character typed in the middle, a dropped letter moving it back', () => {
    expect(type(new Input('124', 2), '3', digits6)).toMatchObject({ value: '1234', selectionStart: 3 });
    expect(type(new Input('1234', 2), 'x', digits6)).toMatchObject({ value: '1234', selectionStart: 2 });
    // a full field: the digit typed stays where it was typed, the last one falls off the end
    expect(type(new Input('123456', 3), '9', digits6)).toMatchObject({ value: '123945', selectionStart: 4 });
  });

  it('changes nothing when the transform keeps the text as typed', () => {
    const input = new Input('31/1', 2);
    expect(showTransformed(input, dateWhileTyping)).toBe('31/1');
    expect(input).toMatchObject({ value: '31/1', selectionStart: 2 });
  });
});
