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
 * The couriers a publisher chooses from at dispatch (those Indian publishers
 * use), offered in the courier name's field; any other name may still be typed.
 */
export const COURIERS = [
  'India Post',
  'DTDC',
  'Delhivery',
  'Blue Dart',
  'Professional Couriers',
  'Shree Maruti Courier',
  'Trackon',
  'ST Courier',
  'Shree Tirupati Courier',
] as const;

/** Whether a courier name typed or chosen is India Post (Speed Post, Registered Post). */
export const isIndiaPost = (courierName: string | null | undefined) =>
  /india\s*post|speed\s*post|registered\s*post|भारतीय डाक|ભારતીય ટપાલ/i.test(courierName ?? '');

/**
 * Whether `trackingId` is a well-formed India Post article number: the UPU S10 standard — two
 * letters, an 8-digit serial, its check digit, and the country 'IN' (e.g. EE123456785IN). The check
 * digit: the serial's digits weighted 8 6 4 2 3 5 9 7, summed, 11 minus the sum modulo 11, where 10
 * is written 0 and 11 is written 5.
 */
export function isIndiaPostArticle(trackingId: string): boolean {
  const match = /^[A-Z]{2}(\d{8})(\d)IN$/.exec(trackingId.trim().toUpperCase().replace(/\s/g, ''));
  if (!match) return false;
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...match[1]!].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  const check = 11 - (sum % 11);
  return (check === 10 ? 0 : check === 11 ? 5 : check) === Number(match[2]);
}

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
