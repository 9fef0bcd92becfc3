/**
 * Library endpoints — docs/api.md: POST /library (multipart registration),
 * GET/POST /library/logo-text (letterhead), GET /library/:id (details).
 */
import type { FastifyInstance } from 'fastify';
import {
  ADDRESS_LABELS_FILE,
  EXPORT_FILE_NAMES,
  LOOKUP_CATALOGUES,
  libraryEndpoints,
  lookupText,
  libraryProfile,
  libraryRegistration,
} from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { readActor, requireLibrary, requirePublisher } from '../../lib/auth.js';
import { XLSX_TYPE, xlsxOf } from '../../lib/excel.js';
import { addressLabelsPdf } from '../documents/address-labels.js';
import { publisherReturnAddress } from '../orders/documents.js';
import { parseOrThrow, validationError } from '../../lib/errors.js';
import { withMultipart } from '../../lib/multipart.js';
import { PDF, ok, sendFile, sendStoredPdf } from '../../lib/reply.js';
import { route } from '../../lib/route.js';
import { pageLanguage, requestLanguage } from '../../lib/i18n.js';
import { exportHeading } from '../../lib/excel.js';
import { LOGO_FILE } from '../../lib/upload-rules.js';
import { REGISTRATION_MESSAGE } from '../auth/service.js';
import {
  getLetterhead,
  librariesByIds,
  libraryDetails,
  libraryInfoSheet,
  listLibraries,
  registerLibrary,
  saveLetterhead,
  setLibraryLogo,
  updateLibraryProfile,
} from './service.js';

export function libraryRoutes(app: FastifyInstance, ctx: AppContext) {
  /** POST /api/library — multipart `logo` + registration fields → 200 REGISTRATION_MESSAGE; 400/413/415. */
  route(app, libraryEndpoints.register, async (request) => {
    await ctx.limits.consume('registrationPerAddress', request.ip);
    await withMultipart(request, ctx.storage, { logo: LOGO_FILE }, async (upload) => {
      const input = parseOrThrow(libraryRegistration, upload.fields);
      await ctx.limits.consume('registrationPerEmail', input.email);
      const logo = upload.files.logo?.[0];
      if (!logo) throw validationError([{ field: 'logo', message: 'Logo is required' }]);
      if (!(await registerLibrary(ctx, input, logo.key, requestLanguage(request)))) await upload.discard();
    });
    return ok(null, REGISTRATION_MESSAGE);
  });

  /** PATCH /api/library (library, multipart: optional `logo` + libraryProfile fields) → message; 400/413/415. */
  route(app, libraryEndpoints.updateProfile, async (request) => {
    const actor = await requireLibrary(ctx, request);
    await withMultipart(request, ctx.storage, { logo: LOGO_FILE }, async (upload) => {
      const input = parseOrThrow(libraryProfile, upload.fields);
      await updateLibraryProfile(ctx, actor.libraryId, input, upload.files.logo?.[0]?.key ?? null);
    });
    return ok(null, 'Profile updated successfully');
  });

  /** GET /api/library — list query → `{ libraries, total }` (public). */
  route(app, libraryEndpoints.list, async (request) => ok(await listLibraries(ctx, request.query)));

  /** GET /api/library/export.xlsx?ids=1,2 (publisher) → List_of_Libraries.xlsx; 400 none selected. */
  route(app, libraryEndpoints.exportXlsx, async (request, reply) => {
    await requirePublisher(ctx, request);
    const rows = await librariesByIds(ctx, request.query.ids);
    // in the language of whoever asks: the headings and the sanchalak type
    const lng = pageLanguage(request);
    const heading = (key: string) => exportHeading(lng, key);
    const bytes = await xlsxOf(
      [
        { header: heading('srNo'), width: 8, value: (_row, index) => index + 1 },
        { header: heading('libraryName'), width: 32, value: (row) => row.name },
        { header: heading('address'), width: 40, value: (row) => row.address },
        { header: heading('mobile'), width: 14, value: (row) => row.mobile_no },
        { header: heading('email'), width: 28, value: (row) => row.email },
        { header: heading('sanchalak'), width: 24, value: (row) => row.sanchalak_name },
        {
          header: heading('sanghTrust'),
          width: 18,
          value: (row) => row.sangh_trust && lookupText(LOOKUP_CATALOGUES[lng], 'sanchalakTypes', row.sangh_trust),
        },
        { header: heading('numberOfBooks'), width: 16, value: (row) => row.number_of_books },
      ],
      rows,
    );
    return sendFile(reply, XLSX_TYPE, `${EXPORT_FILE_NAMES.listOfLibraries}.xlsx`, bytes);
  });

  /** GET /api/library/addresses.pdf?ids=1,2 (publisher) → addresses.pdf with one label per library, 'To' and 'From' in the publisher's language. */
  route(app, libraryEndpoints.addressLabels, async (request, reply) => {
    const actor = await requirePublisher(ctx, request);
    const rows = await librariesByIds(ctx, request.query.ids);
    const pdf = await addressLabelsPdf(
      rows.map((row) => ({ name: row.name, lines: [row.address], phone: row.mobile_no })),
      await publisherReturnAddress(ctx, actor.publisherId),
      pageLanguage(request),
    );
    return sendFile(reply, PDF, ADDRESS_LABELS_FILE, pdf);
  });

  /** GET /api/library/logo-text (library) → `{ librarianLogo: { id, letterText, logoUrl } | null }`. */
  route(app, libraryEndpoints.letterhead, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ librarianLogo: await getLetterhead(ctx, actor.libraryId) });
  });

  /** POST /api/library/logo-text (library) `{ text, id? }` → `{ librarianLogo }`; 400 under 10 characters. */
  route(app, libraryEndpoints.saveLetterhead, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return ok({ librarianLogo: await saveLetterhead(ctx, actor.libraryId, request.body.text) }, 'Letter format saved successfully');
  });

  /**
   * POST /api/library/upload-logo (library; multipart `logo`, JPEG or PNG, 10 MB — docs/api.md)
   * → data `{ logoUrl }`; 400 without a logo, 413, 415. The old logo is deleted.
   */
  route(app, libraryEndpoints.uploadLogo, async (request) => {
    const actor = await requireLibrary(ctx, request);
    return withMultipart(request, ctx.storage, { logo: LOGO_FILE }, async (upload) => {
      const logo = upload.files.logo?.[0];
      if (!logo) throw validationError([{ field: 'logo', message: 'Logo is required' }]);
      return ok(await setLibraryLogo(ctx, actor.libraryId, logo.key), 'Logo updated successfully');
    });
  });

  /** GET /api/library/:id/info.pdf (public) → the library info sheet (PDF attachment; docs/api.md `libraryInfoPdf`); 404. */
  route(app, libraryEndpoints.infoSheet, async (request, reply) => {
    return sendStoredPdf(ctx.storage, reply, await libraryInfoSheet(ctx, request.params.id, pageLanguage(request)), pageLanguage(request));
  });

  /** GET /api/library/:id (public, README.md) → `{ library }` (with gst_no and aadhar_no for the library itself); 404. */
  route(app, libraryEndpoints.one, async (request) => {
    const actor = await readActor(ctx, request);
    return ok({ library: await libraryDetails(ctx, request.params.id, { private: actor?.libraryId === request.params.id }) });
  });
}
