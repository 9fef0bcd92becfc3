/**
 * Generated documents — DESIGN §7. (Offline forms are being added; see issue 3.)
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

export function documentRoutes(_app: FastifyInstance, _ctx: AppContext) {}
