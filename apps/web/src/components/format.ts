import { APP_TIME_ZONE, COUNTRY_CODE, EMPTY_VALUE, MB, type InterfaceLanguage } from '@jsbn/shared/core';

/** What an empty value shows, in the interface language (`common:value.empty`); the spec's N/A in English. */
let emptyValue: string = EMPTY_VALUE;

/** Dates and times of each interface language by `Intl` (India's formats, Latin digits, the app's time zone). */
const DATE_TIME = {
  en: { locale: 'en-IN', dayPeriod: undefined },
  // the time of day in words ('सुबह 07:39', 'સવારે 07:39'), never 'am'/'pm'
  gu: { locale: 'gu-IN', dayPeriod: 'short' },
  hi: { locale: 'hi-IN', dayPeriod: 'short' },
} as const satisfies Record<InterfaceLanguage, { locale: string; dayPeriod: 'short' | undefined }>;

/**
 * `make(key)` (a language, a unit), made when first used and cached: an `Intl.DateTimeFormat`
 * with a time zone costs milliseconds to make (ICU's data), and the app's start made four —
 * the server's render two per page — before rendering a page that may show no date at all.
 */
function madeOnce<K, T>(make: (key: K) => T): (key: K) => T {
  const made = new Map<K, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
const dateFormat = madeOnce(
  (lng: InterfaceLanguage) =>
    new Intl.DateTimeFormat(DATE_TIME[lng].locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: APP_TIME_ZONE }),
);
const timeFormat = madeOnce(
  (lng: InterfaceLanguage) =>
    new Intl.DateTimeFormat(DATE_TIME[lng].locale, {
      hour: '2-digit',
      minute: '2-digit',
      dayPeriod: DATE_TIME[lng].dayPeriod,
      timeZone: APP_TIME_ZONE,
    }),
);
/** The language of dates and times (`setValueLanguage`). */
let valueLanguage: InterfaceLanguage = 'en';

/**
 * Sets the language values are shown in: `empty` (`common:value.empty` of `lng`) for empty
 * values, and `lng`'s dates and times. Called by the browser's i18n instance whenever its
 * language changes, and by the server before it renders a page.
 */
export function setValueLanguage(lng: InterfaceLanguage, empty: string): void {
  emptyValue = empty;
  valueLanguage = lng;
}

const dateOf = (value: string | Date | null | undefined) => {
  const date = value instanceof Date ? value : new Date(value ?? '');
  return value && !Number.isNaN(date.getTime()) ? date : null;
};

/** DD/MM/YYYY in India's time; the empty value (N/A) for empty or invalid values. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = dateOf(value);
  return date ? dateFormat(valueLanguage).format(date) : emptyValue;
}

/**
 * The time of day in India's time: '07:39 pm' in English, the part of the day first in words in
 * Gujarati and Hindi ('સાંજે 07:39', 'शाम 07:39'); the empty value for empty or invalid values.
 */
export function formatTime(value: string | Date | null | undefined): string {
  const date = dateOf(value);
  if (!date) return emptyValue;
  const parts = timeFormat(valueLanguage).formatToParts(date);
  const period = parts.find((part) => part.type === 'dayPeriod');
  // the time of day in words is said first
  if (DATE_TIME[valueLanguage].dayPeriod === undefined || !period || parts[0] === period) return parts.map((part) => part.value).join('');
  return [
    period.value,
    parts
      .filter((part) => part.type !== 'dayPeriod')
      .map((part) => part.value)
      .join('')
      .trim(),
  ].join(' ');
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
/** File sizes are written the same in every language (Latin digits, kB and MB), made when first used. */
const sizes = madeOnce(
  (unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat('en-IN', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'kilobyte' ? 0 : 2 }),
);

/** A file size for people: '12 kB' below 1 MB (never '0.00 MB'), '3.25 MB' above; `bytes` in bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return sizes('kilobyte').format(Math.max(1, Math.round(bytes / KB)));
  return sizes('megabyte').format(bytes / MB);
}
