/**
 * Couriers' public tracking pages (decision 029), found from the courier name a publisher typed at
 * dispatch — 'Delhivery', 'Blue Dart', 'DTDC' in any case, spacing or with more words
 * ('Delhivery Ltd.'). Delhivery, Blue Dart and DTDC take the tracking id in the page's address and
 * show the parcel at once. The others' pages take no id in the address — India Post's asks for the
 * article number and a CAPTCHA, Professional Couriers', Shree Maruti's, Trackon's, ST Courier's and
 * Shree Tirupati's ask for the number in a form — so the link opens the page and the library pastes
 * the id it copied.
 */
export interface CourierTracking {
  /** The courier's name as people write it. */
  courier: string;
  /** Whether a courier name typed, in lower-case letters and digits only, is this courier. */
  matches: (name: string) => boolean;
  /** The tracking page of `trackingId` (already URL-encoded), or the page without the id. */
  page: string | ((trackingId: string) => string);
}

const named =
  (...keys: string[]) =>
  (name: string) =>
    keys.some((key) => name.includes(key));

export const COURIER_TRACKING: readonly CourierTracking[] = [
  { courier: 'Delhivery', matches: named('delhivery'), page: (id) => `https://www.delhivery.com/track/package/${id}` },
  {
    courier: 'Blue Dart',
    matches: named('bluedart'),
    page: (id) => `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${id}`,
  },
  { courier: 'DTDC', matches: named('dtdc'), page: (id) => `https://www.dtdc.com/tracking.asp?strCnno=${id}` },
  // No id in the address: the home page's Track form, behind a CAPTCHA.
  { courier: 'India Post', matches: named('indiapost', 'speedpost', 'registeredpost'), page: 'https://www.indiapost.gov.in/' },
  // No id in the address: the home page's tracking form.
  { courier: 'Professional Couriers', matches: named('professionalcourier', 'tpc'), page: 'https://www.tpcindia.com/' },
  // No id in the address: the home page's tracking form.
  { courier: 'Shree Maruti Courier', matches: named('maruti'), page: 'https://www.shreemaruti.com/' },
  // No id in the address: the tracking form.
  { courier: 'Trackon', matches: named('trackon'), page: 'https://www.trackon.in/courier-tracking' },
  // No id in the address: the tracking form. 'ST Courier' at the start, so 'Best Courier' is not it.
  { courier: 'ST Courier', matches: (name) => /^(the)?stcourier/.test(name), page: 'https://stcourier.com/track/shipment' },
  // No id in the address: the home page's tracking form.
  { courier: 'Shree Tirupati Courier', matches: named('tirupati'), page: 'https://www.shreetirupaticourier.net/' },
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

/** A dispatched parcel's tracking page: its address, and whether the address carries the tracking id. */
export interface TrackingPage {
  /** The page's address. */
  url: string;
  /** True when the page shows the parcel at once; false when the library pastes the id there. */
  withId: boolean;
}

/**
 * The public tracking page of a dispatched parcel, or null when its courier has none known (or
 * either value is empty).
 * @param courierName the courier company name typed at dispatch (`courierCompanyName`); India Post
 *                    also as 'Speed Post', 'भारतीय डाक', 'ભારતીય ટપાલ'
 * @param trackingId  its tracking id (`trackingId`), trimmed and URL-encoded into the address
 */
export function trackingPage(courierName: string | null | undefined, trackingId: string | null | undefined): TrackingPage | null {
  const id = trackingId?.trim();
  if (!id || !courierName) return null;
  const name = courierName.toLowerCase().replace(/[^a-z0-9]/g, '');
  const courier = isIndiaPost(courierName)
    ? COURIER_TRACKING.find((known) => known.courier === 'India Post')
    : COURIER_TRACKING.find((known) => known.matches(name));
  if (!courier) return null;
  return typeof courier.page === 'string'
    ? { url: courier.page, withId: false }
    : { url: courier.page(encodeURIComponent(id)), withId: true };
}
