/**
 * Hostile bulk files for the tests and the benchmark: a small .xlsx whose one sheet holds many
 * rows of numbers under the template's headings (55,000 rows × 10 numbers pack to about 1.1 MB
 * and unpack to about 15 MB), written as XML text and zipped here with Node's zlib (a test's
 * fixture: quick to make, every byte known).
 */
import { crc32, deflateRawSync } from 'node:zlib';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Books" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/** The template's English headings a file needs (the required columns) and four more. */
export const NUMBER_SHEET_HEADINGS = [
  'Book title',
  'Book English title',
  'Language',
  'Publication year',
  'Number of pages',
  'Readers',
  'Part',
  'Size',
  'Price',
  'Tags',
];

const columnLetter = (index: number) => String.fromCharCode(65 + index);
const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * An .xlsx whose first sheet has NUMBER_SHEET_HEADINGS in row 1 and `rows` rows of
 * `columns` numbers (at most 10) under them, cells written inline.
 * @param broken end the sheet's XML with garbage instead of its closing tags (a reader that
 *   reads to the end fails on it)
 * @returns the file's bytes
 */
export function numberSheet(rows: number, columns = 10, broken = false): Buffer {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  parts.push(
    `<row r="1">${NUMBER_SHEET_HEADINGS.slice(0, Math.max(columns, 6))
      .map((heading, index) => `<c r="${columnLetter(index)}1" t="inlineStr"><is><t>${escapeXml(heading)}</t></is></c>`)
      .join('')}</row>`,
  );
  for (let row = 2; row <= rows + 1; row++) {
    let cells = '';
    for (let column = 0; column < columns; column++) cells += `<c r="${columnLetter(column)}${row}"><v>${column + 1}</v></c>`;
    parts.push(`<row r="${row}">${cells}</row>`);
  }
  parts.push(broken ? '<row r="0"><c r="<<not XML' : '</sheetData></worksheet>');
  return zipOf([
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', WORKBOOK],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ['xl/worksheets/sheet1.xml', parts.join('')],
  ]);
}

/** A zip of `files` ([name, text]), each deflated (APPNOTE 6.3: local headers, central directory, end record). */
export function zipOf(files: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
