/**
 * Reading GET /metrics in tests: a scrape with the bearer token, and one sample's value.
 */
import type { FastifyInstance } from 'fastify';

/** The text of GET /metrics with `token`. @throws when it is not answered 200 */
export async function scrape(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`GET /metrics answered ${response.statusCode}`);
  return response.body;
}

/**
 * The value of the sample written exactly `series` (name and labels as prom-client writes
 * them, labels in their declared order, `le` first on buckets) in `text`; 0 when absent.
 */
export function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((item) => item.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
