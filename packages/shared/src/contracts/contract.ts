/**
 * The endpoint table's zod half (decision 046): what each endpoint takes and answers, as the
 * schemas the API validates and serialises with (decision 015) and the types the web's `call`
 * reads. An area's contracts have exactly the names of its endpoints (`endpoints/<area>.ts`):
 * `satisfies ContractRows<typeof orderEndpoints>` fails to compile when one is missing or extra.
 */
import type { z } from 'zod';

/** The request's parts, each parsed by its schema before the handler runs (a 400 naming the field otherwise). */
export interface RequestSchemas {
  /** The path's `:parts`. */
  readonly params?: z.ZodType;
  /** The query string. */
  readonly query?: z.ZodType;
  /** A JSON body. */
  readonly body?: z.ZodType;
  /**
   * A multipart body (files and text fields): the schema its text fields are parsed with, by the
   * handler once the files are stored (`withMultipart`); the web sends `FormData`.
   */
  readonly multipart?: z.ZodType;
  /**
   * A JSON body the handler parses itself rather than Fastify: a schema that depends on the day
   * (a reader's order), or the JSON form of a route that also takes `multipart` (a book's
   * availability beside its edit form). Documents the request and types the web's body.
   */
  readonly json?: z.ZodType;
  /** A body of bytes of this media type (an Excel sheet); the web sends a `Blob`. */
  readonly bytes?: string;
}

/** An endpoint answering JSON: the envelope `{ statusCode, message, data }` with `data` by `reply`. */
export interface JsonContract extends RequestSchemas {
  readonly reply: z.ZodType;
  /** Statuses beside 200 answering the same envelope (201 Created, 202 Accepted). */
  readonly alsoStatuses?: readonly (201 | 202)[];
}

/** An endpoint answering a file (PDF, spreadsheet, image) of one of `types`, described for /api/docs. */
export interface FileContract extends RequestSchemas {
  readonly file: { readonly description: string; readonly types: readonly string[] };
  /** The `data` of a 202 while the file is still being made (a catalogue's progress). */
  readonly progress?: z.ZodType;
}

export type Contract = JsonContract | FileContract;

/**
 * An area's contracts: one for each of its endpoints' names, no more, a file's for an endpoint
 * answering a file and a JSON one for the others.
 */
export type ContractRows<Endpoints> = {
  readonly [Name in keyof Endpoints]: Endpoints[Name] extends { reply: 'file' } ? FileContract : JsonContract;
};

/** A file reply's contract (`file(description, PDF)`). */
export function file(description: string, ...types: string[]): FileContract['file'] {
  return { description, types };
}

/** A request part as it travels (`z.input`): what the web sends and the API parses. */
type Sent<S> = S extends z.ZodType ? z.input<S> : never;

/** `{ key: T }`, or `{ key?: T }` when every field of T may be left out. */
type Part<Key extends string, T> = Partial<T> extends T ? { readonly [K in Key]?: T } : { readonly [K in Key]: T };

/**
 * What a caller gives an endpoint of contract `C`: `params` (the path's parts, as the route
 * reads them), `query` and `body` as sent (`FormData` for multipart, a `Blob` for bytes).
 */
export type CallInput<C> = (C extends { params: infer P extends z.ZodType } ? { readonly params: z.output<P> } : unknown) &
  (C extends { query: infer Q extends z.ZodType } ? Part<'query', Sent<Q>> : unknown) &
  (C extends { body: infer B extends z.ZodType }
    ? Part<'body', Sent<B>>
    : C extends { multipart: z.ZodType }
      ? { readonly body: FormData | (C extends { json: infer J extends z.ZodType } ? Sent<J> : never) }
      : C extends { json: infer J extends z.ZodType }
        ? Part<'body', Sent<J>>
        : C extends { bytes: string }
          ? { readonly body: Blob }
          : unknown);

/** The `data` a JSON endpoint of contract `C` answers (`never` for a file). */
export type ReplyData<C> = C extends { reply: infer R extends z.ZodType } ? z.output<R> : never;

/** What the route's handler of contract `C` gives the serializer as `data` (`z.input` of the reply schema). */
export type HandlerData<C> = C extends { reply: infer R extends z.ZodType } ? z.input<R> : never;

/** The request parts the route's handler reads, parsed (`z.output`). */
export interface HandlerRequest<C> {
  Params: C extends { params: infer P extends z.ZodType } ? z.output<P> : unknown;
  Querystring: C extends { query: infer Q extends z.ZodType } ? z.output<Q> : unknown;
  Body: C extends { body: infer B extends z.ZodType } ? z.output<B> : unknown;
}
