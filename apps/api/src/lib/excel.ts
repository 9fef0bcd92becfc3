/**
 * Excel exports (decision 004): one sheet named 'Data' with a bold header row, written by ExcelJS.
 * Text keeps its script (Gujarati, Devanagari) as Unicode strings, NFC, without control
 * characters (`withoutControlCharacters`: the sheet is XML 1.0).
 */
import { EXPORT_SHEET_NAME, XLSX_TYPE, withoutControlCharacters, type InterfaceLanguage } from '@jsbn/shared';
import { loadExcelJS } from './exceljs.js';
import { noticeText } from './notices.js';

export interface SheetColumn<T> {
  header: string;
  /** Column width in characters. */
  width?: number;
  value: (row: T, index: number) => string | number | null | undefined;
}

/** The .xlsx bytes of `rows` under `columns`. */
export async function xlsxOf<T>(columns: SheetColumn<T>[], rows: T[]): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'JSBN';
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME);
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  rows.forEach((row, index) => {
    sheet.addRow(
      columns.map((column) => {
        const value = column.value(row, index);
        return typeof value === 'string' ? withoutControlCharacters(value).normalize('NFC') : (value ?? '');
      }),
    );
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Content type of .xlsx files (the shared constant). */
export { XLSX_TYPE };

/** An export's column heading in `lng`. */
export const exportHeading = (lng: InterfaceLanguage, key: string) => noticeText(lng, `export.${key}`);

/** DD/MM/YYYY in India's time, as every export writes a date. */
export const exportDate = (value: string | Date) => new Date(value).toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' });
