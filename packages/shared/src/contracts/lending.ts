/** What the lending desk's endpoints take and answer (decision 076). */
import { z } from 'zod';
import { XLSX_TYPE } from '../constants.js';
import type { lendingEndpoints } from '../endpoints/lending.js';
import { idParam } from '../schemas/common.js';
import {
  addMemberBody,
  lendBody,
  lendingSettings,
  loanDto,
  loanListQuery,
  memberDto,
  memberListQuery,
  renewBody,
  returnBody,
  saveLendingSettingsBody,
  updateMemberBody,
} from '../schemas/lending.js';
import { file, type ContractRows } from './contract.js';

/** One member: `{ member }`. */
export const memberReply = z.object({ member: memberDto });
/** One loan: `{ loan }`. */
export const loanReply = z.object({ loan: loanDto });

export const lendingContracts = {
  members: { query: memberListQuery, reply: z.object({ rows: z.array(memberDto), total: z.number().int() }) },
  addMember: { body: addMemberBody, reply: memberReply, alsoStatuses: [201] },
  member: { params: idParam, reply: memberReply },
  updateMember: { params: idParam, body: updateMemberBody, reply: memberReply },
  loans: { query: loanListQuery, reply: z.object({ rows: z.array(loanDto), total: z.number().int() }) },
  loansXlsx: { query: loanListQuery, file: file('Loans.xlsx', XLSX_TYPE) },
  lend: { body: lendBody, reply: loanReply, alsoStatuses: [201] },
  returnCopy: { body: returnBody, reply: loanReply },
  renew: { params: idParam, body: renewBody, reply: loanReply },
  settings: { reply: lendingSettings },
  saveSettings: { body: saveLendingSettingsBody, reply: lendingSettings },
} as const satisfies ContractRows<typeof lendingEndpoints>;
