/**
 * Accession numbers written short, as a register writes them: a run of consecutive all-digit
 * numbers as its first and last ('1041–1043'), the others as they are, in the order given,
 * separated by commas ('1041–1043, 1050, HS/12').
 */
export function accessionRanges(numbers: readonly string[]): string {
  /** Each part: its first and last number as written, and the last as a number (null: not all digits). */
  const runs: { first: string; last: string; lastNo: bigint | null }[] = [];
  for (const number of numbers) {
    const value = /^\d+$/.test(number) ? BigInt(number) : null;
    const run = runs.at(-1);
    if (value !== null && run?.lastNo != null && value === run.lastNo + 1n) {
      run.last = number;
      run.lastNo = value;
    } else {
      runs.push({ first: number, last: number, lastNo: value });
    }
  }
  return runs.map((run) => (run.first === run.last ? run.first : `${run.first}–${run.last}`)).join(', ');
}
