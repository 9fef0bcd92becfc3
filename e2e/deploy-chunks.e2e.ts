/**
 * A page whose lazy chunk is gone after a deploy (decision 065): the browser reloads the page once
 * (`vite:preloadError`, guarded in `sessionStorage`) and, the chunk still missing, shows 'Something
 * went wrong' rather than reloading again.
 */
import { describe, expect, it } from 'vitest';
import { newPage, useJourney } from './support/session.js';
import { PHONE } from './support/ui.js';

const journey = useJourney('deploy-chunks-');

describe('a chunk gone after a deploy', () => {
  it('reloads the page once, then shows the error page', async () => {
    const page = await newPage(journey.browser, journey.contexts, { width: PHONE.width });
    await page.route(/\/assets\/about-page-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${journey.server.url}/about`);
    await expect.poll(() => page.getByRole('heading', { name: 'Something went wrong!!!' }).isVisible()).toBe(true);
    expect(loads).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('jsbn.reloaded-for'))).toBe(`${journey.server.url}/about`);
  });
});
