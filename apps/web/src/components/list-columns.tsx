/** Columns the directory and ordering lists share: the logo and the View button of a details dialog. */
import { Avatar, Button } from '@mui/material';
import type { Column } from './data-table';

/** A 40 px rounded logo, or the name's first letter when there is none. */
export function logoColumn<Row>(logoUrl: (row: Row) => string | null | undefined, name: (row: Row) => string): Column<Row> {
  return {
    key: 'logo',
    header: 'Logo',
    render: (row) => (
      <Avatar src={logoUrl(row) ?? undefined} alt="" variant="rounded" sx={{ width: 40, height: 40, bgcolor: 'primary.main' }}>
        {name(row).trim().charAt(0).toUpperCase()}
      </Avatar>
    ),
  };
}

/** 'View' (named 'View details of <name>'), which hands the row's id to `onView` (a details dialog). */
export function viewDetailsColumn<Row extends { id: number }>(header: string, name: (row: Row) => string, onView: (id: number) => void): Column<Row> {
  return {
    key: 'details',
    header,
    render: (row) => (
      <Button size="small" onClick={() => onView(row.id)} aria-label={`View details of ${name(row)}`}>
        View
      </Button>
    ),
  };
}
