/**
 * Text rewritten as it is typed: what a field's `transform` (form-fields.ts) does to the input's
 * value and its caret, and the DD/MM/YYYY mask of the date fields (decision 039).
 */

/**
 * Puts what `transform` makes of the typed text into the input at once, and returns it. Preact
 * does not render a controlled input again when its value did not change — a letter typed into a
 * digits-only field, or an 11th digit, leaves the form's value as it was — so without this the
 * input would show what the transform drops until it loses focus (decision 039). The caret stays
 * after the same typed characters: it goes where the transform of the text before it ends, so a
 * character dropped before it moves it back, and a separator a mask adds before it (the '/' of
 * DD/MM/YYYY) moves it on.
 * @param input the input element of the change event (or an object like it, in a test)
 * @returns the transformed value, for the form
 */
export function showTransformed(
  input: { value: string; selectionStart?: number | null; setSelectionRange?: (start: number, end: number) => void },
  transform: (value: string) => string,
): string {
  const typed = input.value;
  const transformed = transform(typed);
  if (typed === transformed) return transformed;
  const caret = input.selectionStart ?? typed.length;
  input.value = transformed;
  const at = Math.min(transformed.length, transform(typed.slice(0, caret)).length);
  try {
    input.setSelectionRange?.(at, at);
  } catch {
    // inputs of type email or number have no selection; their caret needs no care
  }
  return transformed;
}

/** DD/MM/YYYY while typing: at most 8 digits, with a '/' after the day and after the month. */
export function dateWhileTyping(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('/');
}
