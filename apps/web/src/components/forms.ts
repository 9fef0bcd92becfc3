/** Helpers shared by the forms: merged cross-field checks, server field errors, scroll to error. */
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { plainText } from '@jsbn/shared/core';
import { ApiError } from '../api/client';

/**
 * Runs `base` (the zod resolver: form values `TInput` in, the schema's output `TOutput` out)
 * and then `checks` on the values as typed, merging their errors by field name. zod skips an
 * object's refinements while any field fails, so cross-field rules run here instead and
 * every message shows on the first submit.
 * @returns a resolver of the same types as `base`
 */
export function withChecks<TInput extends FieldValues, TContext, TOutput>(
  base: Resolver<TInput, TContext, TOutput>,
  checks: (values: TInput) => Partial<Record<string, string>>,
): Resolver<TInput, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const extra = checks(values);
    const keys = Object.keys(extra).filter((key) => extra[key]);
    if (keys.length === 0) return result;
    const errors: Record<string, unknown> = { ...(result.errors as Record<string, unknown>) };
    for (const key of keys) if (!errors[key]) errors[key] = { type: 'custom', message: extra[key] };
    return { values: {}, errors: errors as FieldErrors<TInput> };
  };
}

/**
 * The value a select holds, as the string it is ('' when none). A select bound to a field that
 * its schema coerces (state and city ids) is typed `unknown` in the schema's input; the input
 * itself always holds a string.
 */
export const selectValue = (value: unknown): string => plainText(value);

/**
 * `value` when it is one of `options`, else undefined: the starting value of a select bound to
 * a zod enum (a saved value the list does not offer starts unanswered, and the schema's
 * 'required' message speaks on submit, as it would for the unknown value).
 */
export function oneOf<const T extends readonly string[]>(options: T, value: string | null | undefined): T[number] | undefined {
  return options.find((option) => option === value);
}

/** Puts the `details: [{field, message}]` of a 400 reply on the form's fields. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError)) return;
  for (const detail of error.details) {
    if (detail.field) setError(detail.field as Path<T>, { type: 'server', message: detail.message }, { shouldFocus: false });
  }
}

/**
 * The message of a refusal that names no field of the form (a copy not found, a server fault),
 * said under the form; null when there is none or when `applyServerErrors` put it under its fields.
 */
export function formError(error: Error | null): string | null {
  return error && !(error instanceof ApiError && error.details.some((detail) => detail.field)) ? error.message : null;
}

/** Scrolls the first invalid field into view (after React painted the errors). */
export function scrollToFirstError() {
  window.setTimeout(() => {
    const element = document.querySelector('[aria-invalid="true"], .Mui-error');
    if (element instanceof HTMLElement) element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, 50);
}

/** Keeps digits only, up to `max`. */
export const digitsOnly = (value: string, max?: number) => {
  const digits = value.replace(/\D/g, '');
  return max ? digits.slice(0, max) : digits;
};

/** Refuses leading spaces while typing (contact form, docs/api.md). */
export const noLeadingSpaces = (value: string) => value.replace(/^\s+/, '');
