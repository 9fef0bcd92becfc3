/** The Excel export of publishers (packages/shared/src/constants.ts file names, sheet Data): Publisher_Info.xlsx, headings in the asker's language. */
import { EXPORT_FILE_NAMES, LOOKUP_CATALOGUES, cityText, lookupText, type InterfaceLanguage } from '@jsbn/shared';
import type { AppContext } from '../../context.js';
import { exportDate, exportHeading, xlsxOf } from '../../lib/excel.js';
import { publisherInfo } from './service.js';

/** Publisher_Info.xlsx of the selected publishers, in `lng`. @throws AppError 404 for an unknown id */
export async function exportPublishers(ctx: AppContext, ids: number[], lng: InterfaceLanguage) {
  const rows = await Promise.all(ids.map((id) => publisherInfo(ctx, id)));
  const heading = (key: string) => exportHeading(lng, key);
  const bytes = await xlsxOf(
    [
      { header: heading('srNo'), width: 8, value: (_row, index) => index + 1 },
      { header: heading('publisherNo'), width: 12, value: (row) => row.publisher_no },
      { header: heading('publisherName'), width: 34, value: (row) => row.publisher_name },
      {
        header: heading('type'),
        width: 14,
        value: (row) => row.publisher_type && lookupText(LOOKUP_CATALOGUES[lng], 'publisherTypes', row.publisher_type),
      },
      {
        header: heading('address'),
        width: 36,
        value: (row) =>
          [row.address, row.town, cityText(row, lng), lookupText(LOOKUP_CATALOGUES[lng], 'states', row.state_name), row.pincode]
            .filter(Boolean)
            .join(', '),
      },
      { header: heading('mobile'), width: 14, value: (row) => row.mobile_no },
      { header: heading('whatsapp'), width: 14, value: (row) => row.whatsapp_no },
      { header: heading('email'), width: 28, value: (row) => row.email },
      { header: heading('totalBooks'), width: 10, value: (row) => row.total_books },
      {
        header: heading('lastBookPublished'),
        width: 16,
        value: (row) => (row.last_book_published ? exportDate(row.last_book_published) : null),
      },
    ],
    rows,
  );
  return { fileName: `${EXPORT_FILE_NAMES.publisherInfo}.xlsx`, bytes };
}
