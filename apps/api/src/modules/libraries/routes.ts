/**
 * Library endpoints — spec accounts §7: POST /library (multipart registration),
 * GET/POST /library/logo-text (letterhead), GET /library/:id (details).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, letterhead, libraryProfile, libraryRegistration, listQuery } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { requireLibrary } from '../../lib/auth.js';
import { parseOrThrow, validationError } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { ok } from '../../lib/reply.js';
import { LOGO_FILE } from '../../lib/upload-rules.js';
import { REGISTRATION_MESSAGE } from '../auth/service.js';
import { getLetterhead, libraryDetails, listLibraries, registerLibrary, saveLetterhead, updateLibraryProfile } from './service.js';

export function libraryRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** POST /api/library — multipart `logo` + registration fields → 200 REGISTRATION_MESSAGE; 400/413/415. */
  api.post('/library', async (request) => {
    const upload = await readMultipart(request, ctx.storage, { logo: LOGO_FILE });
    try {
      const input = parseOrThrow(libraryRegistration, upload.fields);
      const logo = upload.files.logo?.[0];
      if (!logo) throw validationError([{ field: 'logo', message: 'Logo is required' }]);
      if (!(await registerLibrary(ctx, input, logo.key))) await upload.discard();
    } catch (error) {
      await upload.discard();
      throw error;
    }
    return ok(null, REGISTRATION_MESSAGE);
  });

  /** PATCH /api/library (library, multipart: optional `logo` + libraryProfile fields) → message; 400/413/415. */
  api.patch('/library', async (request) => {
    const actor = await requireLibrary(ctx, request);
    const upload = await readMultipart(request, ctx.storage, { logo: LOGO_FILE });
    try {
      const input = parseOrThrow(libraryProfile, upload.fields);
      await updateLibraryProfile(ctx, actor.libraryId, input, upload.files.logo?.[0]?.key ?? null);
    } catch (error) {
      await upload.discard();
      throw error;
    }
    return ok(null, 'Profile updated successfully');
  });

  /** GET /api/library — list query → `{ libraries, total }` (public). */
  api.get('/library', { schema: { querystring: listQuery } }, async (request) => ok(await listLibraries(ctx, request.query)));

  /** GET /api/library/logo-text (library) → `{ librarianLogo: { id, letterText, logoUrl } | null }`. */
  api.get('/library/logo-text', async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ librarianLogo: await getLetterhead(ctx, actor.libraryId) });
  });

  /** POST /api/library/logo-text (library) `{ text, id? }` → `{ librarianLogo }`; 400 under 10 characters. */
  api.post('/library/logo-text', { schema: { body: letterhead } }, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ librarianLogo: await saveLetterhead(ctx, actor.libraryId, request.body.text) }, 'Letter format saved successfully');
  });

  /** GET /api/library/:id (public, spec books §1) → `{ library }`; 404. */
  api.get('/library/:id', { schema: { params: idParam } }, async (request) =>
    ok({ library: await libraryDetails(ctx, request.params.id) }),
  );
}
