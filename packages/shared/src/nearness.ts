/**
 * 'Read it at' nearest first (decision 077): how near a library is to the place a reader chose —
 * a PIN code, or a city's or state's name — without measuring any distance. Zod-free: the book
 * page (`@jsbn/shared/core`) sorts with it.
 */

/** A PIN code of India Post: six digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/** Where a library is, as readers read it. */
export interface PlacedLibrary {
  id: number;
  name: string;
  pincode: string | null;
  city_name: string | null;
  state_name: string | null;
}

/**
 * How near `library` is to what a reader chose (`near`: a PIN code, or a city's or state's
 * name): 0 the same PIN code; 1 the same city, or a PIN of the same sorting district (its first
 * three digits); 2 the same state, or a PIN of the same postal region (first two digits); 3
 * anything else, or nothing chosen.
 */
export function nearness(library: Omit<PlacedLibrary, 'id' | 'name'>, near: string | null | undefined): number {
  const chosen = near?.normalize('NFC').trim().toLowerCase();
  if (!chosen) return 3;
  if (PINCODE_PATTERN.test(chosen)) {
    const pin = library.pincode ?? '';
    return pin === chosen ? 0 : pin.slice(0, 3) === chosen.slice(0, 3) ? 1 : pin.slice(0, 2) === chosen.slice(0, 2) ? 2 : 3;
  }
  if (library.city_name?.toLowerCase() === chosen) return 1;
  if (library.state_name?.toLowerCase() === chosen) return 2;
  return 3;
}

/** `libraries` nearest first to `near` (`nearness`), then by name and id: the order 'Read it at' lists them in. */
export function nearestFirst<T extends PlacedLibrary>(libraries: readonly T[], near: string | null | undefined): T[] {
  return libraries
    .map((library) => ({ library, rank: nearness(library, near) }))
    .sort((a, b) => a.rank - b.rank || a.library.name.localeCompare(b.library.name) || a.library.id - b.library.id)
    .map(({ library }) => library);
}

/** A library's place in one line, as readers read it: its address, then its city, state and PIN code unless the address says them. */
export const placeLine = (library: { address: string; city_name: string | null; state_name: string | null; pincode: string | null }) =>
  [library.address, ...[library.city_name, library.state_name, library.pincode].filter((part) => part && !library.address.includes(part))]
    .filter(Boolean)
    .join(', ');
