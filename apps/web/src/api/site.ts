/** Site settings from configuration (GET /api/site): support contacts and the how-to videos. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COUNTRY_CODE, siteEndpoints } from '@jsbn/shared/core';
import { call } from './client';
import { queryKeys } from './query-keys';

/** The site settings query (every page's layout reads it). */
export const siteQuery = queryOptions({
  queryKey: queryKeys.site,
  queryFn: async ({ signal, client }) => (await call(siteEndpoints.info, { signal, client })).data,
  staleTime: Infinity,
  // The page works without it (no support links); a failure is not worth a toast.
  meta: { silent: true },
});

export const useSiteInfo = () => useQuery(siteQuery);

/** https://wa.me/91XXXXXXXXXX for a 10-digit number. */
export const whatsappLink = (number: string) => `https://wa.me/${COUNTRY_CODE.replace('+', '')}${number.replace(/\D/g, '')}`;
export const mailtoLink = (address: string) => `mailto:${address}`;
