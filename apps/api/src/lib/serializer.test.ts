/**
 * The reply serialiser: a reply is what its zod response schema says — a field the
 * schema does not name fails the reply outside production (a 500 here, a red test in the suite)
 * and is dropped in production; a reply that breaks its schema is a 500 everywhere.
 */
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './errors.js';
import { replies } from './reply.js';
import { droppedField, replySerializerCompiler, serializeReply } from './serializer.js';

/** An app whose one route replies `data` under a schema naming only `id` and `title`. */
async function appReplying(data: unknown, strict: boolean) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(strict));
  app.setErrorHandler(errorHandler);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/book',
      { schema: { response: replies(z.object({ id: z.number(), title: z.string() })) } },
      async () => ({ statusCode: 200, message: 'Success', data }) as never,
    );
  await app.ready();
  return app;
}

describe('reply serialiser', () => {
  it('names the first field a schema would drop, at any depth', () => {
    expect(droppedField({ a: 1, b: [{ c: 1, d: 2 }] }, { a: 1, b: [{ c: 1 }] })).toBe('b.0.d');
    expect(droppedField({ a: 1 }, { a: 1 })).toBeNull();
  });

  it('fails a reply with an undeclared field outside production, and drops it in production', async () => {
    const strict = await appReplying({ id: 1, title: 'જૈન ધર્મ', secret: 'x' }, true);
    const failed = await strict.inject({ url: '/book' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ statusCode: 500, message: 'Something went wrong', error: 'INTERNAL' });
    await strict.close();

    const production = await appReplying({ id: 1, title: 'જૈન ધર્મ', secret: 'x' }, false);
    const sent = await production.inject({ url: '/book' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ statusCode: 200, message: 'Success', data: { id: 1, title: 'જૈન ધર્મ' } });
    await production.close();
  });

  it('fails a reply that breaks its schema in every environment', async () => {
    const app = await appReplying({ id: 'one', title: 'x' }, false);
    expect((await app.inject({ url: '/book' })).statusCode).toBe(500);
    await app.close();
  });

  it('serialises a cached reply by the same rules', () => {
    const schema = z.object({ id: z.number() });
    expect(serializeReply(schema, { id: 1, extra: true }, { strict: false, route: 'GET /x' })).toBe('{"id":1}');
    expect(() => serializeReply(schema, { id: 1, extra: true }, { strict: true, route: 'GET /x' })).toThrow(
      "GET /x: the reply field 'extra' is not in the route's response schema",
    );
  });
});
