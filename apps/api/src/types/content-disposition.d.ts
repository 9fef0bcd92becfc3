/**
 * The types of content-disposition 1.x, which apps/api uses for its quoted `filename="…"` of a
 * plain name (2.x, which @fastify/static brings to the root with its own types, leaves it bare).
 * An ambient module is chosen before the root's 2.x types that TypeScript would find first, and,
 * unlike a tsconfig `paths` entry, tsx does not load it in place of the library at run time.
 */
declare module 'content-disposition' {
  interface ContentDisposition {
    type: string;
    parameters: Record<string, string>;
  }
  interface Options {
    /** `attachment` (the default) or `inline`. */
    type?: string;
    /** The ASCII `filename` beside `filename*`, or false for none. */
    fallback?: string | boolean;
  }
  /** The header of a file named `filename` (RFC 6266). */
  function contentDisposition(filename?: string, options?: Options): string;
  namespace contentDisposition {
    /** The header's type and parameters. @throws TypeError on an invalid header */
    function parse(header: string): ContentDisposition;
  }
  export = contentDisposition;
}
