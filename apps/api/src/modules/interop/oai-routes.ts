/**
 * `/oai` — the OAI-PMH 2.0 repository (decision 034): GET with the arguments in the query, or
 * POST with them as a form (`application/x-www-form-urlencoded`), as the protocol allows.
 * Replies are `text/xml` with status 200, errors included; past the protocols' rate limit 429
 * (decision 064).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { withProtocolTimeout } from './bounds.js';
import { answerOai, type OaiArguments } from './oai.js';

/** Every argument with all its values (a repeated one is the protocol's badArgument). */
function argumentsOf(search: URLSearchParams): OaiArguments {
  const args: OaiArguments = {};
  for (const [name, value] of search) (args[name] ??= []).push(value);
  return args;
}

/** Registers GET and POST `/oai` (outside `/api`: the base URL a harvester is configured with). */
export function oaiRoutes(app: FastifyInstance, ctx: AppContext) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, String(body)),
    );
    const baseUrl = `${ctx.config.publicUrl}/oai`;
    const options = { schema: { hide: true } };
    // per client address, with /sru, as the API's search (decision 064): 429 past it
    scope.addHook('onRequest', async (request) => ctx.limits.consume('protocolsPerAddress', request.ip));
    const answer = (args: OaiArguments) => withProtocolTimeout(ctx, (bounded) => answerOai(bounded, args, baseUrl));

    /** GET /oai?verb=…&… → the OAI-PMH reply (text/xml). */
    scope.get('/oai', options, async (request, reply) => {
      const search = new URL(request.url, 'http://oai.invalid').searchParams;
      return reply.type('text/xml; charset=utf-8').send(await answer(argumentsOf(search)));
    });

    /** POST /oai with the arguments as a form → the OAI-PMH reply (text/xml). */
    scope.post('/oai', options, async (request, reply) => {
      const search = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      return reply.type('text/xml; charset=utf-8').send(await answer(argumentsOf(search)));
    });
  });
}
