/**
 * Lookup lists — spec accounts §7 (GET /state, /state/:id/city) and books §7
 * (GET /book/language, /book/subject, /book/author-type, and /book/swaroop for the
 * swaroop choice list). Public, cacheable.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHOR_TYPES, LANGUAGES, SUBJECTS, SWAROOPS, id } from '@jsbn/shared';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { listCities, listStates } from './geo.js';

export function lookupRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cache = { 'cache-control': 'public, max-age=3600' };

  /** GET /api/state → `{ states: [{ id, state_id, state_name }] }` */
  api.get('/state', async (_request, reply) => reply.headers(cache).send(ok({ states: listStates() })));

  /** GET /api/state/:stateId/city → `{ cities: [{ id, city_id, city_name }] }`; 404 for an unknown state. */
  api.get('/state/:stateId/city', { schema: { params: z.object({ stateId: id }) } }, async (request, reply) => {
    const cities = listCities(request.params.stateId);
    if (!cities) throw notFound('State');
    return reply.headers(cache).send(ok({ cities }));
  });

  api.get('/book/language', async (_request, reply) => reply.headers(cache).send(ok({ languages: LANGUAGES })));
  api.get('/book/subject', async (_request, reply) => reply.headers(cache).send(ok({ subjects: SUBJECTS })));
  api.get('/book/author-type', async (_request, reply) => reply.headers(cache).send(ok({ authorTypes: AUTHOR_TYPES })));
  api.get('/book/swaroop', async (_request, reply) => reply.headers(cache).send(ok({ swaroops: SWAROOPS })));
}
