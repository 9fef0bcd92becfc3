/**
 * The cities in the reader's language: GET /state/:stateId/city names them in the request's
 * language (`Accept-Language`), beside their English names; a publisher's profile carries its
 * city's names in en, gu and hi.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupEndpoints, publisherEndpoints } from '@jsbn/shared/core';
import { createPublisher } from '../../seed/factories.js';
import { ENGINES, createTestApp, type TestApp } from '../../test/harness.js';
import { inject } from '../../test/inject.js';
import { cityIdByName, stateIdByName } from './geo.js';

const GUJARAT = stateIdByName('Gujarat')!;
const AHMEDABAD = cityIdByName(GUJARAT, 'Ahmedabad')!;

describe.each(ENGINES)('the cities in the reader’s language on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const citiesIn = async (language?: string) => {
    const reply = await inject(t.app, lookupEndpoints.cities, {
      params: { stateId: GUJARAT },
      headers: language ? { 'accept-language': language } : {},
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.vary).toMatch(/accept-language/i);
    return reply.json().data.cities as { id: number; city_id: number; city_name: string; city_name_en: string }[];
  };

  it('names the cities of Gujarat in Gujarati, Hindi or English as the request asks', async () => {
    expect((await citiesIn('gu-IN,gu;q=0.9')).find((city) => city.city_id === AHMEDABAD)).toEqual({
      id: AHMEDABAD,
      city_id: AHMEDABAD,
      city_name: 'અમદાવાદ',
      city_name_en: 'Ahmedabad',
    });
    expect((await citiesIn('hi')).find((city) => city.city_id === AHMEDABAD)?.city_name).toBe('अहमदाबाद');
    const english = await citiesIn();
    expect(english.find((city) => city.city_id === AHMEDABAD)?.city_name).toBe('Ahmedabad');
    expect(english).toHaveLength(72);
    expect(english.every((city) => city.city_name === city.city_name_en)).toBe(true);
    expect((await citiesIn('gu')).map((city) => city.city_name)).toEqual(expect.arrayContaining(['વડોદરા', 'પાલીતાણા', 'સુરત']));
  });

  it("gives a publisher's city in every language with its profile", async () => {
    const publisher = await createPublisher(t.ctx, { publisher_name: 'Shri Jain Prakashan' });
    const reply = await inject(t.app, publisherEndpoints.one, { params: { id: publisher.publisherId } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.publisher).toMatchObject({
      city_name: 'Ahmedabad',
      city_names: { en: 'Ahmedabad', gu: 'અમદાવાદ', hi: 'अहमदाबाद' },
    });
  });
});
