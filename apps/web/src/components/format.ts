import { COUNTRY_CODE, EMPTY_VALUE, MB } from '@jsbn/shared/core';

const pad = (value: number) => String(value).padStart(2, '0');

/** What an empty value shows, in the interface language (`common:value.empty`); the spec's N/A in English. */
let emptyValue: string = EMPTY_VALUE;

/**
 * Sets what an empty value shows (`text`: `common:value.empty` of the interface language): the
 * browser's i18n instance whenever its language changes, the server's render before it draws.
 */
export function setEmptyValue(text: string): void {
  emptyValue = text;
}

/** DD/MM/YYYY (or with another separator); the empty value (N/A) for empty or invalid values. */
export function formatDate(value: string | Date | null | undefined, separator = '/'): string {
  if (!value) return emptyValue;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return emptyValue;
  return [pad(date.getDate()), pad(date.getMonth() + 1), date.getFullYear()].join(separator);
}

/** The value, or the empty value (N/A) when empty. */
export function orNA(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? emptyValue : String(value);
}

/** +91 XXXXXXXXXX, or the empty value (N/A). */
export function formatPhone(value: string | null | undefined): string {
  return value ? `${COUNTRY_CODE} ${value}` : emptyValue;
}

const KB = 1024;
const kilobytes = new Intl.NumberFormat('en-IN', { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 0 });
const megabytes = new Intl.NumberFormat('en-IN', { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 2 });

/** A file size for people: '12 kB' below 1 MB (never '0.00 MB'), '3.25 MB' above; `bytes` in bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return kilobytes.format(Math.max(1, Math.round(bytes / KB)));
  return megabytes.format(bytes / MB);
}
