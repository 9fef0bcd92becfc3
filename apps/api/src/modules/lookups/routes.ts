/**
 * Lookup lists — spec accounts §7 (GET /state, /state/:id/city) and books §7
 * (GET /book/language, /book/subject, /book/author-type, and /book/swaroop for the
 * swaroop choice list). Public, cacheable.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHOR_TYPES, LANGUAGES, SUBJECTS, SWAROOPS, authorTypeOption, cityOption, id, languageOption, stateOption, subjectOption, swaroopOption } from '@jsbn/shared';
import { notFound } from '../../lib/errors.js';
import { ok, replies } from '../../lib/reply.js';
import { listCities, listStates } from './geo.js';

export function lookupRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cache = { 'cache-control': 'public, max-age=3600' };

  /** GET /api/state → `{ states: [{ id, state_id, state_name }] }` */
  api.get('/state', { schema: { response: replies(z.object({ states: z.array(stateOption) })) } }, async (_request, reply) => reply.headers(cache).send(ok({ states: listStates() })));

  /** GET /api/state/:stateId/city → `{ cities: [{ id, city_id, city_name }] }`; 404 for an unknown state. */
  api.get('/state/:stateId/city', { schema: { params: z.object({ stateId: id }), response: replies(z.object({ cities: z.array(cityOption) })) } }, async (request, reply) => {
    const cities = listCities(request.params.stateId);
    if (!cities) throw notFound('State');
    return reply.headers(cache).send(ok({ cities }));
  });

  api.get('/book/language', { schema: { response: replies(z.object({ languages: z.array(languageOption) })) } }, async (_request, reply) => reply.headers(cache).send(ok({ languages: [...LANGUAGES] })));
  api.get('/book/subject', { schema: { response: replies(z.object({ subjects: z.array(subjectOption) })) } }, async (_request, reply) => reply.headers(cache).send(ok({ subjects: [...SUBJECTS] })));
  api.get('/book/author-type', { schema: { response: replies(z.object({ authorTypes: z.array(authorTypeOption) })) } }, async (_request, reply) => reply.headers(cache).send(ok({ authorTypes: [...AUTHOR_TYPES] })));
  api.get('/book/swaroop', { schema: { response: replies(z.object({ swaroops: z.array(swaroopOption) })) } }, async (_request, reply) => reply.headers(cache).send(ok({ swaroops: [...SWAROOPS] })));
}
