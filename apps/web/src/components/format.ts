import { COUNTRY_CODE, EMPTY_VALUE, MB } from '@jsbn/shared/core';

const pad = (value: number) => String(value).padStart(2, '0');

/** DD/MM/YYYY (or with another separator); N/A for empty or invalid values. */
export function formatDate(value: string | Date | null | undefined, separator = '/'): string {
  if (!value) return EMPTY_VALUE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY_VALUE;
  return [pad(date.getDate()), pad(date.getMonth() + 1), date.getFullYear()].join(separator);
}

/** The value, or N/A when empty. */
export function orNA(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? EMPTY_VALUE : String(value);
}

/** +91 XXXXXXXXXX, or N/A. */
export function formatPhone(value: string | null | undefined): string {
  return value ? `${COUNTRY_CODE} ${value}` : EMPTY_VALUE;
}

const KB = 1024;
const kilobytes = new Intl.NumberFormat('en-IN', { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 0 });
const megabytes = new Intl.NumberFormat('en-IN', { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 2 });

/** A file size for people: '12 kB' below 1 MB (never '0.00 MB'), '3.25 MB' above; `bytes` in bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return kilobytes.format(Math.max(1, Math.round(bytes / KB)));
  return megabytes.format(bytes / MB);
}
