import { describe, expect, it } from 'vitest';
import { isIndiaPost, isIndiaPostArticle, trackingPage } from './couriers.js';

describe("a dispatched parcel's tracking page", () => {
  const withId = (url: string) => ({ url, withId: true });
  const withoutId = (url: string) => ({ url, withId: false });

  it('shows the parcel at once on the three couriers whose page takes the id, however the name is written', () => {
    expect(trackingPage('Delhivery', ' 1234567890123 ')).toEqual(withId('https://www.delhivery.com/track/package/1234567890123'));
    expect(trackingPage('DELHIVERY Ltd.', 'AB 12/3')).toEqual(withId('https://www.delhivery.com/track/package/AB%2012%2F3'));
    expect(trackingPage('Blue Dart', '75123456789')).toEqual(
      withId('https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=75123456789'),
    );
    expect(trackingPage('bluedart express', '75 12&3')).toEqual(
      withId('https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=75%2012%263'),
    );
    expect(trackingPage('D.T.D.C. Courier', 'D12345678')).toEqual(withId('https://www.dtdc.com/tracking.asp?strCnno=D12345678'));
    expect(trackingPage('DTDC', 'D1#2?')).toEqual(withId('https://www.dtdc.com/tracking.asp?strCnno=D1%232%3F'));
  });

  it('opens the tracking page without the id for the couriers whose page asks for it in a form', () => {
    expect(trackingPage('India Post', 'EE123456785IN')).toEqual(withoutId('https://www.indiapost.gov.in/'));
    expect(trackingPage('Speed Post', 'EE123456785IN')).toEqual(withoutId('https://www.indiapost.gov.in/'));
    expect(trackingPage('ભારતીય ટપાલ', 'EE123456785IN')).toEqual(withoutId('https://www.indiapost.gov.in/'));
    expect(trackingPage('Professional Couriers', 'PC 123')).toEqual(withoutId('https://www.tpcindia.com/'));
    expect(trackingPage('The Professional Courier', 'PC123')).toEqual(withoutId('https://www.tpcindia.com/'));
    expect(trackingPage('Shree Maruti Courier', 'SMC-556677')).toEqual(withoutId('https://www.shreemaruti.com/'));
    expect(trackingPage('Trackon', '300123456')).toEqual(withoutId('https://www.trackon.in/courier-tracking'));
    expect(trackingPage('ST Courier', 'ST123')).toEqual(withoutId('https://stcourier.com/track/shipment'));
    expect(trackingPage('S.T. Couriers', 'ST123')).toEqual(withoutId('https://stcourier.com/track/shipment'));
    expect(trackingPage('Shree Tirupati Courier', 'T123')).toEqual(withoutId('https://www.shreetirupaticourier.net/'));
  });

  it('has none for a courier without a known page, or without a tracking id', () => {
    expect(trackingPage('Best Courier', 'B123')).toBeNull();
    expect(trackingPage('શ્રી મારુતિ કુરિયર', 'SMC-556677')).toBeNull();
    expect(trackingPage('Delhivery', '  ')).toBeNull();
    expect(trackingPage('Delhivery', null)).toBeNull();
    expect(trackingPage(null, '1234')).toBeNull();
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
