/**
 * The text of a value read from a form, a query, a record or a cell, where its type is not known:
 * a string as it is; a number, boolean or bigint as `String` writes it; nothing for null and
 * undefined; anything else (an object, an array) as JSON, never '[object Object]'.
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
      return value === null ? '' : (JSON.stringify(value) ?? '');
  }
}
