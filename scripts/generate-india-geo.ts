/**
 * Writes apps/api/src/modules/lookups/india-geo.json: the 36 states and union territories
 * of India (facts) with their cities from ../shared/data/india_cities.csv
 * (nshntarora/Indian-Cities-JSON, MIT © 2016 Nishant Arora). Fixes the source's typo
 * "Himachal Praddesh", merges Dadra and Nagar Haveli into "Dadra and Nagar Haveli and Daman
 * and Diu" and adds the capitals of the states/UTs the source lacks.
 *
 * Run: npx tsx scripts/generate-india-geo.ts [path/to/india_cities.csv]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { INDIAN_STATES as STATES } from '@jsbn/shared';

const RENAME: Record<string, string> = {
  'Himachal Praddesh': 'Himachal Pradesh',
  'Dadra and Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
};
const ADDED: Record<string, string[]> = {
  Sikkim: ['Gangtok', 'Namchi'],
  Ladakh: ['Leh', 'Kargil'],
  Lakshadweep: ['Kavaratti'],
  'Dadra and Nagar Haveli and Daman and Diu': ['Daman', 'Diu'],
};

const csvPath = process.argv[2] ?? new URL('../../shared/data/india_cities.csv', import.meta.url).pathname;
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- csv-parse's rows are typed by its columns option, which a cast names
const rows = parse(readFileSync(csvPath, 'utf8'), { columns: true, trim: true }) as { city: string; state: string }[];
const cities = new Map<string, Set<string>>(STATES.map((state) => [state, new Set<string>()]));
for (const { city, state: rawState } of rows) {
  const state = RENAME[rawState] ?? rawState;
  const set = cities.get(state);
  if (!set) throw new Error(`Unknown state "${rawState}"`);
  set.add(city);
}
for (const [state, extra] of Object.entries(ADDED)) for (const city of extra) cities.get(state)!.add(city);

let cityId = 0;
const out = STATES.map((state_name, index) => ({
  state_id: index + 1,
  state_name,
  cities: [...cities.get(state_name)!].sort((a, b) => a.localeCompare(b)).map((city_name) => ({ city_id: ++cityId, city_name })),
}));
writeFileSync(new URL('../apps/api/src/modules/lookups/india-geo.json', import.meta.url), JSON.stringify(out) + '\n');
console.log(`${out.length} states/UTs, ${cityId} cities`);
