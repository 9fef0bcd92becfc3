/**
 * The reply serialiser ('One contract that cannot drift'). Every JSON reply is
 * encoded by its route's zod response schema from `@jsbn/shared` (fastify-type-provider-zod's
 * way): a field the schema does not name is dropped, a reply that breaks the schema is a 500
 * ('Something went wrong') logged with its route. With `strict` (every environment but
 * production) a dropped field is an error too, so a service that grows a field its schema
 * lacks fails its tests instead of losing the field on the wire without a word.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A reply field its schema does not name, found in strict mode. */
export class UndeclaredReplyField extends Error {
  constructor(route: string, path: string) {
    super(`${route}: the reply field '${path}' is not in the route's response schema (packages/shared/src/schemas/replies.ts)`);
    this.name = 'UndeclaredReplyField';
  }
}

/**
 * The first path (`data.books.0.status`) present in `sent` (the reply as JSON would carry it)
 * but missing from `kept` (what the schema let through), or null when nothing was dropped.
 */
export function droppedField(sent: unknown, kept: unknown, path = ''): string | null {
  if (Array.isArray(sent)) {
    if (!Array.isArray(kept)) return null;
    for (let index = 0; index < sent.length; index++) {
      const dropped = droppedField(sent[index], kept[index], path ? `${path}.${index}` : String(index));
      if (dropped) return dropped;
    }
    return null;
  }
  if (sent === null || typeof sent !== 'object' || kept === null || typeof kept !== 'object') return null;
  for (const [key, value] of Object.entries(sent)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in kept)) return at;
    const dropped = droppedField(value, (kept as Record<string, unknown>)[key], at);
    if (dropped) return dropped;
  }
  return null;
}

/** Fails (UndeclaredReplyField) when the schema dropped a field of `data` on the way to `json`. */
function checkNothingDropped(route: string, data: unknown, json: string) {
  const dropped = droppedField(JSON.parse(JSON.stringify(data)), JSON.parse(json));
  if (dropped) throw new UndeclaredReplyField(route, dropped);
}

const zodSerializer = createSerializerCompiler({});

/**
 * The serializer compiler of the app (`app.setSerializerCompiler`): zod's, plus the check of
 * dropped fields when `strict`.
 */
export function replySerializerCompiler(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const serialize = zodSerializer(route);
    if (!strict) return serialize;
    return (data) => {
      const json = serialize(data);
      checkNothingDropped(`${route.method} ${route.url}`, data, json);
      return json;
    };
  };
}

/**
 * Encodes `data` by `schema` to the JSON text of a reply that is cached and sent as a string (the
 * public page cache of decision 010: Fastify sends strings as they are), with the same rules as a
 * route's reply. @throws ZodError when `data` breaks the schema; UndeclaredReplyField (strict)
 */
export function serializeReply(schema: z.ZodType, data: unknown, options: { strict: boolean; route: string }): string {
  const json = JSON.stringify(schema.encode(data));
  if (options.strict) checkNothingDropped(options.route, data, json);
  return json;
}
