/** What the holdings endpoints take and answer (decision 071). */
import { z } from 'zod';
import { XLSX_TYPE } from '../constants.js';
import type { holdingEndpoints } from '../endpoints/holdings.js';
import { idParam } from '../schemas/common.js';
import {
  addHoldingBody,
  holdingDto,
  holdingExportQuery,
  libraryHoldingsQuery,
  libraryHoldingsReply,
  publicHoldingsSettings,
  publicHoldingsSettingsReply,
  holdingListQuery,
  holdingLookup,
  holdingLookupQuery,
  holdingOrderParams,
  holdingStateBody,
  orderShelving,
  updateHoldingBody,
} from '../schemas/holdings.js';
import { file, type ContractRows } from './contract.js';

/** One copy: `{ holding }`. */
export const holdingReply = z.object({ holding: holdingDto });

export const holdingContracts = {
  /** `total_capped`: a search found more than `total` copies (it counts up to a bound, decision 080). */
  list: {
    query: holdingListQuery,
    reply: z.object({ rows: z.array(holdingDto), total: z.number().int(), total_capped: z.boolean() }),
  },
  add: { body: addHoldingBody, reply: holdingReply, alsoStatuses: [201] },
  exportXlsx: { query: holdingExportQuery, file: file('Our_Shelves.xlsx: one row per copy', XLSX_TYPE) },
  exportMrc: {
    query: holdingExportQuery,
    file: file('Our_Shelves_MARC21.mrc: MARC21 (ISO 2709, UTF-8), copies in 852 and 952', 'application/marc'),
  },
  settings: { reply: publicHoldingsSettingsReply },
  saveSettings: { body: publicHoldingsSettings, reply: publicHoldingsSettingsReply },
  ofLibrary: { params: idParam, query: libraryHoldingsQuery, reply: libraryHoldingsReply },
  nextAccession: { reply: z.object({ accession_number: z.string() }) },
  lookup: { query: holdingLookupQuery, reply: holdingLookup },
  one: { params: idParam, reply: holdingReply },
  update: { params: idParam, body: updateHoldingBody, reply: holdingReply },
  setState: { params: idParam, body: holdingStateBody, reply: holdingReply },
  orderShelving: { params: holdingOrderParams, reply: orderShelving },
  unshelveOrder: { params: holdingOrderParams, reply: z.object({ count: z.number().int() }) },
} as const satisfies ContractRows<typeof holdingEndpoints>;
