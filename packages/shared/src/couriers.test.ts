import { describe, expect, it } from 'vitest';
import { isIndiaPost, isIndiaPostArticle, trackingUrl } from './couriers.js';

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

  it("checks an India Post article number's UPU S10 form and check digit", () => {
    // the serial 12345678 weighs 8·1+6·2+4·3+2·4+3·5+5·6+9·7+7·8 = 204; 11 − 204 mod 11 = 5
    expect(isIndiaPostArticle('EE123456785IN')).toBe(true);
    expect(isIndiaPostArticle(' ee 1234 5678 5in ')).toBe(true);
    expect(isIndiaPostArticle('EE123456784IN')).toBe(false);
    expect(isIndiaPostArticle('EE123456785US')).toBe(false);
    expect(isIndiaPostArticle('E123456785IN')).toBe(false);
    // a check of 10 is written 0, of 11 is written 5: 00000000 sums to 0, so 11 − 0 = 11 → 5
    expect(isIndiaPostArticle('RA000000005IN')).toBe(true);
    // 00060000 sums to 6·2 = 12; 11 − 1 = 10 → 0
    expect(isIndiaPostArticle('RA000600000IN')).toBe(true);
    expect(isIndiaPostArticle('RA000600001IN')).toBe(false);
    expect(isIndiaPost('Speed Post')).toBe(true);
    expect(isIndiaPost('India Post')).toBe(true);
    expect(isIndiaPost('DTDC')).toBe(false);
  });
});
