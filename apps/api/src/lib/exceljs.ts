/**
 * ExcelJS, loaded at its first use: evaluating it costs about 0.2–0.45 s of CPU, which every
 * start of the server paid though only bulk registration and the Excel exports need it.
 */
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/** The ExcelJS module, imported once per process on the first call. */
export const loadExcelJS = (): Promise<typeof ExcelJS> => (loading ??= import('exceljs').then((module) => module.default));
