/** What the lookup endpoints answer (decision 046). */
import { z } from 'zod';
import type { lookupEndpoints } from '../endpoints/lookups.js';
import { id } from '../schemas/common.js';
import { authorTypeOption, cityOption, languageOption, stateOption, subjectOption, swaroopOption } from '../schemas/replies.js';
import type { ContractRows } from './contract.js';

export const statesReply = z.object({ states: z.array(stateOption) });
export const citiesReply = z.object({ cities: z.array(cityOption) });
export const languagesReply = z.object({ languages: z.array(languageOption) });
export const subjectsReply = z.object({ subjects: z.array(subjectOption) });
export const authorTypesReply = z.object({ authorTypes: z.array(authorTypeOption) });
export const swaroopsReply = z.object({ swaroops: z.array(swaroopOption) });

export const lookupContracts = {
  states: { reply: statesReply },
  cities: { params: z.object({ stateId: id }), reply: citiesReply },
  languages: { reply: languagesReply },
  subjects: { reply: subjectsReply },
  authorTypes: { reply: authorTypesReply },
  swaroops: { reply: swaroopsReply },
} as const satisfies ContractRows<typeof lookupEndpoints>;
