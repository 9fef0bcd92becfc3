/** Columns the directory and ordering lists share: the logo and the View button of a details dialog. */
import { useTranslation } from 'react-i18next';
import { Avatar, Button } from '@mui/material';
import type { Column } from './data-table';

/** A 40 px rounded logo, or the name's first letter when there is none; `header` is the column's (translated) name. */
export function logoColumn<Row>(header: string, logoUrl: (row: Row) => string | null | undefined, name: (row: Row) => string): Column<Row> {
  return {
    key: 'logo',
    header,
    render: (row) => (
      <Avatar src={logoUrl(row) ?? undefined} alt="" variant="rounded" sx={{ width: 40, height: 40, bgcolor: 'primary.main' }}>
        {name(row).trim().charAt(0).toUpperCase()}
      </Avatar>
    ),
  };
}

/** 'View' (named 'View details of <name>'), which hands the row's id to `onView` (a details dialog). */
export function viewDetailsColumn<Row extends { id: number }>(
  header: string,
  name: (row: Row) => string,
  onView: (id: number) => void,
): Column<Row> {
  return {
    key: 'details',
    header,
    render: (row) => <ViewButton name={name(row)} onClick={() => onView(row.id)} />,
  };
}

function ViewButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" onClick={onClick} aria-label={t('table.viewDetailsOf', { name })}>
      {t('table.view')}
    </Button>
  );
}
