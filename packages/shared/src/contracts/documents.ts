/** What the document and library-system file endpoints take and answer (decision 046). */
import { z } from 'zod';
import type { documentEndpoints, interopEndpoints } from '../endpoints/documents.js';
import { idParam } from '../schemas/common.js';
import { file, type ContractRows } from './contract.js';

export const documentContracts = {
  offlineForm: {
    params: z.object({ form: z.string().max(60), format: z.string().max(10) }),
    file: file('The offline form', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/pdf'),
  },
} as const satisfies ContractRows<typeof documentEndpoints>;

export const interopContracts = {
  kohaOrder: { params: idParam, file: file('The order as MARC21 for Koha acquisitions (975 $p price, $q copies)', 'application/marc') },
} as const satisfies ContractRows<typeof interopEndpoints>;
