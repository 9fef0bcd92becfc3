/**
 * The text of a value read from a form, a query, a record or a cell, where its type is not known:
 * a string as it is; a number, boolean or bigint as `String` writes it; nothing for null and
 * undefined; a date as ISO 8601 (nothing for an invalid one); anything else (an object, an array)
 * as JSON, never '[object Object]'.
 */
export function plainText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'undefined':
    case 'function':
    case 'symbol':
      return '';
    default:
      if (value === null) return '';
      // a Date's JSON is a quoted string: its text is what is inside the quotes
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
      return JSON.stringify(value) ?? '';
  }
}
