/**
 * Routes registered from the endpoint table (decision 046): `route(app, orderEndpoints.one,
 * handler)` takes the method and path from the endpoint and the params, query, body and reply
 * schemas from its contract (`@jsbn/shared` `contracts`), so neither can drift from what the
 * web calls. The handler's request is typed by the parsed schemas and its result by the reply's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { apiReply, contractOf, type Contract, type ContractOf, type Endpoint, type HandlerData, type HandlerRequest } from '@jsbn/shared';
import { fileReplies, replies } from './reply.js';

/** The success envelope a JSON route of contract `C` answers (`ok(data)`). */
type Envelope<C> = { statusCode: number; message: string; data: HandlerData<C> };

/**
 * A route's handler: the request parsed by its contract; the envelope of its reply (a JSON
 * endpoint), or the `reply` it sent itself (a file, another status, a cached page).
 */
export type RouteHandler<C> = (request: FastifyRequest<HandlerRequest<C>>, reply: FastifyReply) => Promise<Envelope<C> | FastifyReply>;

/** Fastify's `schema` of a contract: the request's schemas and the replies (`replies`/`fileReplies`). */
export function routeSchema(contract: Contract) {
  return {
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    response:
      'file' in contract
        ? {
            ...fileReplies(contract.file.description, ...contract.file.types),
            ...(contract.progress ? { 202: apiReply(contract.progress) } : {}),
          }
        : replies(contract.reply, ...(contract.alsoStatuses ?? [])),
  };
}

/**
 * Registers `endpoint` on `app` (its path under the app's `/api` prefix) with its contract's
 * schemas and `handler`; `options` adds what is not the contract's (a body limit, an `onRequest` hook).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<ContractOf<E>>,
  options: Omit<RouteShorthandOptions, 'schema'> = {},
): void {
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(contractOf(endpoint) as Contract),
    handler: handler as never,
  });
}
