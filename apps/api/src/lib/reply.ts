/** The success envelope of DESIGN §3: `{ statusCode: 200, message, data }`. */
export function ok<T>(data: T, message = 'Success', statusCode = 200) {
  return { statusCode, message, data };
}
