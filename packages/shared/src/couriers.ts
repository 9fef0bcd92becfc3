/**
 * Couriers with a public tracking page (decision 029): the page showing a parcel by its tracking
 * id, for the courier name a publisher typed at dispatch — 'Delhivery', 'Blue Dart', 'DTDC' in
 * any case, spacing or with more words ('Delhivery Ltd.'). Other couriers — India Post's page
 * asks for a CAPTCHA — have none: the library copies the id instead.
 */
export interface CourierTracking {
  /** The courier's name as people write it. */
  courier: string;
  /** The courier's name in lower-case letters and digits only, as found inside a typed name. */
  key: string;
  /** The tracking page of `trackingId` (already URL-encoded). */
  page: (trackingId: string) => string;
}

export const COURIER_TRACKING: readonly CourierTracking[] = [
  { courier: 'Delhivery', key: 'delhivery', page: (id) => `https://www.delhivery.com/track/package/${id}` },
  {
    courier: 'Blue Dart',
    key: 'bluedart',
    page: (id) => `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${id}`,
  },
  { courier: 'DTDC', key: 'dtdc', page: (id) => `https://www.dtdc.com/tracking.asp?strCnno=${id}` },
];

/**
 * The public tracking page of a dispatched parcel, or null when its courier has none (or either
 * value is empty).
 * @param courierName the courier company name typed at dispatch (`courierCompanyName`)
 * @param trackingId  its tracking id (`trackingId`), trimmed and URL-encoded into the link
 */
export function trackingUrl(courierName: string | null | undefined, trackingId: string | null | undefined): string | null {
  const id = trackingId?.trim();
  if (!id || !courierName) return null;
  const name = courierName.toLowerCase().replace(/[^a-z0-9]/g, '');
  const courier = COURIER_TRACKING.find((known) => name.includes(known.key));
  return courier ? courier.page(encodeURIComponent(id)) : null;
}
