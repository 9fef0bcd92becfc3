/** What the library endpoints take and answer (docs/api.md; decision 046). */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { XLSX_TYPE } from '../constants.js';
import type { libraryEndpoints } from '../endpoints/libraries.js';
import { letterhead, libraryListQuery, libraryProfile, libraryRegistration } from '../schemas/accounts.js';
import { idParam, selectedIds } from '../schemas/common.js';
import { librarianLogo, libraryDetails, libraryListItem, noData } from '../schemas/replies.js';
import { file, type ContractRows } from './contract.js';

/** A page of the list of libraries: `{ libraries, total }`. */
export const libraryListReply = z.object({ libraries: z.array(libraryListItem), total: z.number().int() });
/** One library: `{ library }`. */
export const libraryReply = z.object({ library: libraryDetails });
/** The letterhead: `{ librarianLogo: { id, letterText, logoUrl } | null }`. */
export const letterheadReply = z.object({ librarianLogo });
/** A new logo's link: `{ logoUrl }`. */
export const logoReply = z.object({ logoUrl: z.string().nullable() });

export const libraryContracts = {
  register: { multipart: libraryRegistration, reply: noData },
  updateProfile: { multipart: libraryProfile, reply: noData },
  list: { query: libraryListQuery, reply: libraryListReply },
  exportXlsx: { query: selectedIds(MSG.selectToExport), file: file('List_of_Libraries.xlsx', XLSX_TYPE) },
  addressLabels: { query: selectedIds(MSG.selectToPrint), file: file('addresses.pdf: one label per library', 'application/pdf') },
  letterhead: { reply: letterheadReply },
  saveLetterhead: { body: letterhead, reply: letterheadReply },
  uploadLogo: { multipart: z.object({}), reply: logoReply },
  infoSheet: { params: idParam, file: file('The library info sheet', 'application/pdf') },
  one: { params: idParam, reply: libraryReply },
} as const satisfies ContractRows<typeof libraryEndpoints>;
