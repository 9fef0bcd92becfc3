import { describe, expect, it } from 'vitest';
import { trackingUrl } from './couriers.js';

describe("a dispatched parcel's tracking page", () => {
  it('links the three couriers with a public page, however the publisher wrote the name', () => {
    expect(trackingUrl('Delhivery', ' 1234567890123 ')).toBe('https://www.delhivery.com/track/package/1234567890123');
    expect(trackingUrl('DELHIVERY Ltd.', 'AB 12')).toBe('https://www.delhivery.com/track/package/AB%2012');
    expect(trackingUrl('Blue Dart', '75123456789')).toBe(
      'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=75123456789',
    );
    expect(trackingUrl('bluedart express', '75123456789')).toBe(
      'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=75123456789',
    );
    expect(trackingUrl('D.T.D.C. Courier', 'D12345678')).toBe('https://www.dtdc.com/tracking.asp?strCnno=D12345678');
  });

  it('has none for other couriers (India Post asks for a CAPTCHA) or without a tracking id', () => {
    expect(trackingUrl('India Post', 'EE123456789IN')).toBeNull();
    expect(trackingUrl('શ્રી મારુતિ કુરિયર', 'SMC-556677')).toBeNull();
    expect(trackingUrl('Delhivery', '')).toBeNull();
    expect(trackingUrl('Delhivery', null)).toBeNull();
    expect(trackingUrl(null, '1234')).toBeNull();
  });
});
