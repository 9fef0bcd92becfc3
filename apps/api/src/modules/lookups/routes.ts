/**
 * Lookup lists — docs/api.md (GET /state, /state/:id/city)
 * (GET /book/language, /book/subject, /book/author-type, and /book/swaroop for the
 * swaroop choice list). Public, cacheable.
 */
import type { FastifyInstance } from 'fastify';
import { AUTHOR_TYPES, LANGUAGES, SUBJECTS, SWAROOPS, lookupEndpoints } from '@jsbn/shared';
import { notFound } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/i18n.js';
import { ok } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { listCities, listStates } from './geo.js';

export function lookupRoutes(app: FastifyInstance) {
  const cache = { 'cache-control': 'public, max-age=3600' };

  /** GET /api/state → `{ states: [{ id, state_id, state_name }] }` */
  route(app, lookupEndpoints.states, async (_request, reply) => reply.headers(cache).send(ok({ states: listStates() })));

  /**
   * GET /api/state/:stateId/city → `{ cities: [{ id, city_id, city_name, city_name_en }] }`,
   * `city_name` in the request's language (`Accept-Language`, so the reply varies by it); 404 for
   * an unknown state.
   */
  route(app, lookupEndpoints.cities, async (request, reply) => {
    const cities = listCities(request.params.stateId, requestLanguage(request));
    if (!cities) throw notFound('State');
    return reply.headers({ ...cache, vary: 'accept-language' }).send(ok({ cities }));
  });

  route(app, lookupEndpoints.languages, async (_request, reply) => reply.headers(cache).send(ok({ languages: [...LANGUAGES] })));
  route(app, lookupEndpoints.subjects, async (_request, reply) => reply.headers(cache).send(ok({ subjects: [...SUBJECTS] })));
  route(app, lookupEndpoints.authorTypes, async (_request, reply) => reply.headers(cache).send(ok({ authorTypes: [...AUTHOR_TYPES] })));
  route(app, lookupEndpoints.swaroops, async (_request, reply) => reply.headers(cache).send(ok({ swaroops: [...SWAROOPS] })));
}
