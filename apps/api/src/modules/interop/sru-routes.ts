/**
 * `/sru` — the SRU target for library systems (decision 034): SRU 1.1/1.2 over HTTP GET, form
 * POST and SRW (SOAP 1.1 POST — YAZ's default when a Koha target names no `sru=get`). Replies
 * are `text/xml` in `http://www.loc.gov/zing/srw/`, status 200 whatever the diagnostics; a SOAP
 * request gets its reply in a SOAP envelope. Past the protocols' rate limit 429, a body over
 * 16 kB 413 (decision 064).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SaxesParser } from 'saxes';
import type { AppContext } from '../../context.js';
import { SRW_NAMESPACE, SruDiagnostic, explain, failedSearch, searchRetrieve, type SruParameters } from './sru.js';

const SOAP_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';
const XML = 'text/xml; charset=utf-8';

/**
 * The most bytes a `/sru` request body may hold (413 past it): an SRW request is a few hundred
 * bytes, a query at its longest (`MAX_QUERY_LENGTH`, cql.ts) a few kB (decision 064).
 */
export const SRU_BODY_LIMIT_BYTES = 16 * 1024;
/**
 * The deepest an SRW body's elements may nest: an SRW request needs 4 (Envelope, Body, request,
 * parameter), a `extraRequestData` a few more. The XML parser's cost grows faster than the depth
 * (100,000 levels took 332 s), so deeper is refused at once with diagnostic 10 (decision 064).
 */
export const SRW_MAX_DEPTH = 16;

/** An SRW body nested deeper than SRW_MAX_DEPTH. */
class TooDeep extends Error {}

/** The request's parameters: the SRU names of a GET query or a form (repeated: the first). */
function parametersOf(source: unknown): SruParameters {
  const parameters: SruParameters = {};
  if (source && typeof source === 'object') {
    for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
      const first: unknown = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') parameters[name] = first;
    }
  }
  return parameters;
}

/**
 * The operation and parameters of an SRW request: the first element of the SRU namespace in
 * the SOAP body (`searchRetrieveRequest`, `explainRequest`, …) and its children's text by local
 * name. Null when the body is not XML or holds no SRW request.
 * @throws SruDiagnostic 10 when elements nest deeper than SRW_MAX_DEPTH (parsing stops there)
 */
export function srwRequest(xml: string): { operation: string; parameters: SruParameters } | null {
  const parser = new SaxesParser({ xmlns: true });
  let operation: string | null = null;
  const parameters: SruParameters = {};
  let depth = 0;
  let operationDepth = -1;
  let field: string | null = null;
  let text = '';
  parser.on('opentag', (tag) => {
    depth++;
    if (depth > SRW_MAX_DEPTH) throw new TooDeep();
    if (operation === null && tag.uri === SRW_NAMESPACE) {
      operation = tag.local.replace(/Request$/, '');
      operationDepth = depth;
    } else if (operation !== null && depth === operationDepth + 1) {
      field = tag.local;
      text = '';
    }
  });
  parser.on('text', (value) => {
    if (field) text += value;
  });
  parser.on('cdata', (value) => {
    if (field) text += value;
  });
  parser.on('closetag', () => {
    if (field && depth === operationDepth + 1) {
      parameters[field] = text.trim();
      field = null;
    }
    depth--;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof TooDeep) throw new SruDiagnostic(10, `the elements of the request nest deeper than ${SRW_MAX_DEPTH} levels`);
    return null;
  }
  return operation === null ? null : { operation, parameters };
}

/** `body` as the reply: XML declaration, in a SOAP envelope when the request came as SRW. */
function send(reply: FastifyReply, body: string, soap: boolean) {
  const wrapped = soap
    ? `<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP_NAMESPACE}"><SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`
    : body;
  return reply.type(XML).send(`<?xml version="1.0" encoding="UTF-8"?>\n${wrapped}\n`);
}

/** Answers an SRU request: explain without parameters or for `operation=explain`, searchRetrieve, and diagnostic 4 for any other operation. */
async function answer(ctx: AppContext, operation: string | undefined, parameters: SruParameters): Promise<string> {
  if (operation === 'searchRetrieve' || (operation === undefined && parameters.query !== undefined)) return searchRetrieve(ctx, parameters);
  if (operation === undefined || operation === '' || operation === 'explain') return explain(ctx, parameters);
  return explain(ctx, { ...parameters, unsupportedOperation: operation });
}

/** Registers GET and POST `/sru` (outside `/api`: the path a library system's target names). */
export function sruRoutes(app: FastifyInstance, ctx: AppContext) {
  void app.register(async (scope) => {
    // a form POST (SRU over POST) and an SRW SOAP envelope; any other body is read as text
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: SRU_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: SRU_BODY_LIMIT_BYTES }, (_request, body, done) =>
      done(null, String(body)),
    );
    const options = { schema: { hide: true } };
    // per client address, with /oai, as the API's search (decision 064): 429 past it
    scope.addHook('onRequest', async (request) => ctx.limits.consume('protocolsPerAddress', request.ip));

    /** GET /sru?operation=explain|searchRetrieve&version&query&startRecord&maximumRecords&recordSchema&recordPacking → text/xml. */
    scope.get('/sru', options, async (request, reply) => {
      const parameters = parametersOf(request.query);
      return send(reply, await answer(ctx, parameters.operation, parameters), false);
    });

    /** POST /sru — the same parameters as a form, or an SRW SOAP request (text/xml) → text/xml. */
    scope.post('/sru', { ...options, bodyLimit: SRU_BODY_LIMIT_BYTES }, async (request, reply) => {
      if (typeof request.body !== 'string') {
        const parameters = parametersOf(request.body);
        return send(reply, await answer(ctx, parameters.operation, parameters), false);
      }
      let srw;
      try {
        srw = srwRequest(request.body);
      } catch (error) {
        if (error instanceof SruDiagnostic) return send(reply, failedSearch('1.2', error), true);
        throw error;
      }
      if (!srw) return send(reply, await searchRetrieve(ctx, {}), true);
      return send(reply, await answer(ctx, srw.operation, srw.parameters), true);
    });
  });
}
