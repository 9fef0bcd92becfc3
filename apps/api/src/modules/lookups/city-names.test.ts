/**
 * The cities' Gujarati and Hindi names (city-names.json): one for every city of india-geo.json,
 * stored NFC, each written in its own script.
 */
import { describe, expect, it } from 'vitest';
import cityNames from './city-names.json' with { type: 'json' };
import geo from './india-geo.json' with { type: 'json' };

const NAMES: Record<string, { en: string; gu: string; hi: string } | undefined> = cityNames.cities;
const CITIES = geo.flatMap((state) => state.cities);

/** Letters of the Gujarati block (U+0A80–U+0AFF) with spaces and the punctuation of place names. */
const GUJARATI = /^[\u0A80-\u0AFF ().,'-]+$/u;
/** Letters of the Devanagari block (U+0900–U+097F) with spaces and the punctuation of place names. */
const DEVANAGARI = /^[\u0900-\u097F ().,'-]+$/u;

describe('the names of the cities in Gujarati and Hindi', () => {
  it('name every city of the list, under its id, beside its English name', () => {
    expect(CITIES).toHaveLength(1224);
    expect(Object.keys(NAMES).sort()).toEqual(CITIES.map((city) => String(city.city_id)).sort());
    for (const city of CITIES) expect(NAMES[String(city.city_id)]?.en, `city ${city.city_id}`).toBe(city.city_name);
  });

  it('are stored NFC, trimmed, each in its own script', () => {
    const wrong: string[] = [];
    for (const [id, names] of Object.entries(NAMES)) {
      for (const [lng, script] of [
        ['gu', GUJARATI],
        ['hi', DEVANAGARI],
      ] as const) {
        const name = names![lng];
        if (name !== name.normalize('NFC') || name !== name.trim() || !script.test(name)) wrong.push(`${id} ${lng} ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('name the cities as their readers write them', () => {
    const named = (en: string) => Object.values(NAMES).find((names) => names!.en === en);
    expect(named('Ahmedabad')).toMatchObject({ gu: 'અમદાવાદ', hi: 'अहमदाबाद' });
    expect(named('Vadodara')).toMatchObject({ gu: 'વડોદરા', hi: 'वडोदरा' });
    expect(named('Chennai')).toMatchObject({ gu: 'ચેન્નાઈ', hi: 'चेन्नई' });
    expect(named('Palitana')).toMatchObject({ gu: 'પાલીતાણા', hi: 'पालीताणा' });
  });
});
