/** What the holdings endpoints take and answer (decision 071). */
import { z } from 'zod';
import type { holdingEndpoints } from '../endpoints/holdings.js';
import { idParam } from '../schemas/common.js';
import {
  addHoldingBody,
  holdingDto,
  holdingListQuery,
  holdingLookup,
  holdingLookupQuery,
  holdingOrderParams,
  holdingStateBody,
  updateHoldingBody,
} from '../schemas/holdings.js';
import type { ContractRows } from './contract.js';

/** One copy: `{ holding }`. */
export const holdingReply = z.object({ holding: holdingDto });

export const holdingContracts = {
  list: { query: holdingListQuery, reply: z.object({ rows: z.array(holdingDto), total: z.number().int() }) },
  add: { body: addHoldingBody, reply: holdingReply, alsoStatuses: [201] },
  nextAccession: { reply: z.object({ accession_number: z.string() }) },
  lookup: { query: holdingLookupQuery, reply: holdingLookup },
  one: { params: idParam, reply: holdingReply },
  update: { params: idParam, body: updateHoldingBody, reply: holdingReply },
  setState: { params: idParam, body: holdingStateBody, reply: holdingReply },
  unshelveOrder: { params: holdingOrderParams, reply: z.object({ count: z.number().int() }) },
} as const satisfies ContractRows<typeof holdingEndpoints>;
