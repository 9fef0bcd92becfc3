/** What the publisher endpoints take and answer (docs/api.md; decision 046). */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { XLSX_TYPE } from '../constants.js';
import type { publisherEndpoints } from '../endpoints/publishers.js';
import { publisherClaimRequest, publisherListQuery, publisherProfile, publisherRegistration } from '../schemas/accounts.js';
import { idParam, selectedIds } from '../schemas/common.js';
import { noData, publisherInfo, publisherListItem } from '../schemas/replies.js';
import { file, type ContractRows } from './contract.js';

/** A page of the publisher-wise list: `{ publishers, total }`. */
export const publisherListReply = z.object({ publishers: z.array(publisherListItem), total: z.number().int() });
/** One publisher: `{ publisher }`. */
export const publisherReply = z.object({ publisher: publisherInfo });

export const publisherContracts = {
  register: { multipart: publisherRegistration, reply: noData },
  updateProfile: { multipart: publisherProfile, reply: noData },
  list: { query: publisherListQuery, reply: publisherListReply },
  exportXlsx: { query: selectedIds(MSG.selectToExport), file: file('Publisher_Info.xlsx', XLSX_TYPE) },
  one: { params: idParam, reply: publisherReply },
  claim: { params: idParam, body: publisherClaimRequest, reply: noData },
} as const satisfies ContractRows<typeof publisherEndpoints>;
