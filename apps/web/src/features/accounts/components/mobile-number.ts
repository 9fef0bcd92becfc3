/** A stored 10-digit mobile number as people read it: '9825012345' → '+91 98250 12345' (anything else as it is). */
export const shownMobile = (number: string) => (/^\d{10}$/.test(number) ? `+91 ${number.slice(0, 5)} ${number.slice(5)}` : number);
