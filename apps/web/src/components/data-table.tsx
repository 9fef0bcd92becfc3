/**
 * The shared list table (packages/shared/src/constants.ts): page sizes 10/25/50/100/All, the result line, a pager
 * only when there is more than one page, 'No data found' and 'Loading...' states, the
 * sort cycle (new column asc → same column desc → unsorted), and row selection (with
 * select-all on the page) for the exports and address labels.
 *
 * Below 600 px (phones) the same table is rendered as a list of cards: each row a card,
 * each cell a line with its column's name before it, so every fact and every action of a row
 * is on screen without sideways scrolling. The header row is hidden there; a 'Sort by' box and
 * a 'Select all on this page' box above the cards take its place. A column may be left off the
 * cards (`phone: false`) or be on the cards alone (`phone: 'only'`), so a list can give a phone a
 * card of its own design (the order lists: the order, its state and its one next action).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box,
  Checkbox,
  MenuItem,
  Pagination,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { DEFAULT_PAGE_SIZE, MSG, PAGE_SIZES } from '@jsbn/shared/core';
import type { PageSize } from '@jsbn/shared';
import { useDebounce } from './use-debounce';
import { useMessages } from '../i18n';
import { TAP_PX } from '../lib/theme';

export type SortOrder = 'asc' | 'desc';
export interface SortState {
  field: string;
  order: SortOrder;
}

/** The sort cycle: a new column starts ascending; the same column goes asc → desc → unsorted. */
export function nextSort(current: SortState | null, field: string): SortState | null {
  if (!current || current.field !== field) return { field, order: 'asc' };
  if (current.order === 'asc') return { field, order: 'desc' };
  return null;
}

export interface Column<Row> {
  key: string;
  header: ReactNode;
  /** The column's name on a phone card; the header when it is text. */
  label?: string;
  render: (row: Row, info: { srNo: number; index: number }) => ReactNode;
  /** Server field name when the column is sortable. */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  minWidth?: number;
  /**
   * False: left off a phone's card (a row number, say, which a card does not need); 'only': on a
   * phone's card alone, left out of the table from 600 px.
   */
  phone?: false | 'only';
}

export interface ListState {
  page: number;
  pageSize: PageSize;
  sort: SortState | null;
  search: string;
  debouncedSearch: string;
  setPage: (page: number) => void;
  setPageSize: (size: PageSize) => void;
  toggleSort: (field: string) => void;
  /** Sets the sort directly (the phone's 'Sort by' box); null is the default order. */
  setSort: (sort: SortState | null) => void;
  setSearch: (value: string) => void;
  /** Ids of the selected rows (kept across pages; cleared by `reset`). */
  selected: ReadonlySet<number>;
  toggleSelected: (id: number) => void;
  /** Selects (or clears) every id in `ids` — the select-all box of the page. */
  setSelectedMany: (ids: number[], checked: boolean) => void;
  clearSelection: () => void;
  /** Back to page 1, the default sort, no search and no selection (changing tab). */
  reset: () => void;
  /** Back to page 1 and the default sort with no selection; the search stays (after a status change). */
  restart: () => void;
  /** The list query of docs/api.md for this state. */
  query: { queryString?: string; pageNo: number; limit: PageSize; sortedField?: string; sortedOrder?: SortOrder };
}

/** Paging, sort and a debounced search (500 ms) that returns to page 1. */
export function useListState(
  defaultSort: SortState | null = { field: 'createdAt', order: 'desc' },
  initialSize: PageSize = DEFAULT_PAGE_SIZE,
): ListState {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState<PageSize>(initialSize);
  const [sort, setSort] = useState<SortState | null>(defaultSort);
  const [search, setSearchState] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const debouncedRaw = useDebounce(search);
  const [debouncedSearch, setDebouncedSearch] = useState('');
  const [lastRaw, setLastRaw] = useState('');
  if (debouncedRaw !== lastRaw) {
    // Adjust during render (React docs: "storing information from previous renders").
    setLastRaw(debouncedRaw);
    setDebouncedSearch(debouncedRaw);
    setPage(1);
  }
  return {
    page,
    pageSize,
    sort,
    search,
    debouncedSearch,
    setPage,
    setPageSize: (size) => {
      setPageSizeState(size);
      setPage(1);
    },
    toggleSort: (field) => {
      setSort((current) => nextSort(current, field));
      setPage(1);
    },
    setSort: (next) => {
      setSort(next);
      setPage(1);
    },
    setSearch: setSearchState,
    selected,
    toggleSelected: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    setSelectedMany: (ids, checked) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (checked) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    clearSelection: () => setSelected(new Set()),
    restart: () => {
      setPage(1);
      setSort(defaultSort);
      setSelected(new Set());
    },
    reset: () => {
      setPage(1);
      setSort(defaultSort);
      setSearchState('');
      setDebouncedSearch('');
      setSelected(new Set());
    },
    query: {
      queryString: debouncedSearch.trim() || undefined,
      pageNo: page,
      limit: pageSize,
      // after the third click on a column no sort is sent at all (spec: both null): the server's order
      sortedField: sort?.field,
      sortedOrder: sort?.order,
    },
  };
}

/**
 * The table as cards below 600 px: rows are cards, cells are 'name: value' lines (the name from
 * `data-label`), the header row is hidden (the sort and select-all boxes above replace it).
 */
export const PHONE_CARDS = {
  '@media (max-width: 599.95px)': {
    border: 'none',
    bgcolor: 'transparent',
    '& table, & tbody, & tr, & td': { display: 'block', width: '100%' },
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
    '& tbody tr': { border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper', mb: 1.5, py: 0.5 },
    '& tbody td': {
      border: 'none',
      display: 'grid',
      gridTemplateColumns: '38% 1fr',
      gap: 1,
      alignItems: 'center',
      textAlign: 'left',
      py: 0.5,
      px: 1.5,
      overflowWrap: 'anywhere',
    },
    '& tbody td::before': { content: 'attr(data-label)', fontWeight: 700, color: 'text.secondary', fontSize: '0.8rem' },
    '& tbody td:not([data-label]), & tbody td[data-label=""]': { gridTemplateColumns: '1fr', textAlign: 'center' },
    '& tbody td:not([data-label])::before, & tbody td[data-label=""]::before': { display: 'none' },
    '& tbody td.MuiTableCell-paddingCheckbox': { gridTemplateColumns: 'auto', p: 0, width: 'auto' },
    '& tbody td.MuiTableCell-paddingCheckbox::before': { display: 'none' },
    '& tbody td .row-select-hint': { display: 'inline' },
    '& tbody td.phone-hidden, & tbody td.row-select.phone-hidden, & thead th.phone-hidden': { display: 'none' },
    // a cell of the phone's own design: the width of the card, its content laid out by itself
    '& tbody td.phone-only': { gridTemplateColumns: '1fr', textAlign: 'left' },
    // a finger's target on a card: every button and link at least 44 × 44 px, not stretched across the card
    '& tbody td .MuiButtonBase-root': { minHeight: TAP_PX, minWidth: TAP_PX },
    '& tbody td > .MuiButtonBase-root': { justifySelf: 'start' },
  },
  // from 600 px the table: a column of the phone's cards alone is left out
  '@media (min-width: 600px)': { '& .phone-only': { display: 'none' } },
} as const;

/** The select-all box of the page: in the header row, and above the cards on a phone. */
function PageSelectBox({
  pageIds,
  selectedOnPage,
  list,
  id,
  ariaLabel,
}: {
  pageIds: number[];
  selectedOnPage: number;
  list: ListState;
  id?: string;
  ariaLabel?: string;
}) {
  return (
    <Checkbox
      id={id}
      checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
      indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
      disabled={pageIds.length === 0}
      onChange={(event) => list.setSelectedMany(pageIds, event.target.checked)}
      slotProps={ariaLabel ? { input: { 'aria-label': ariaLabel } } : undefined}
    />
  );
}

/** A count with India's grouping and Latin digits ('1,000'). */
const GROUPED = new Intl.NumberFormat('en-IN');

interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  total: number;
  /**
   * The list found more than `total` rows (a search counted up to a bound, decision 080): the
   * text says 'of more than {total}' and the pages go one past the bound, which counts on.
   */
  totalCapped?: boolean;
  loading?: boolean;
  getRowKey: (row: Row) => string | number;
  list: ListState;
  /** Label of the table for assistive technology. */
  label: string;
  /** Show the search box above the table. */
  searchLabel?: string;
  toolbar?: ReactNode;
  hidePageSize?: boolean;
  /** Adds a checkbox per row (the row's numeric key is its id) and a select-all box for the page. */
  selectable?: boolean;
  /** Accessible name of a row's checkbox, e.g. the order id; 'Select row {srNo}' otherwise. */
  rowLabel?: (row: Row) => string;
  /**
   * What a row's checkbox is for, written beside it on a phone's card ('Select for Excel export'),
   * where it sits among a row's other controls (decision 029).
   */
  selectHint?: string;
  /** What an empty list says ('No orders yet'); the spec's 'No data found' otherwise. */
  emptyText?: string;
  /**
   * False: choosing rows is a desktop task (the order lists' Excel export and address labels): a
   * phone's cards carry no checkbox each and no select-all box stands above them.
   */
  phoneRowSelect?: false;
}

export function DataTable<Row>({
  columns,
  rows,
  total,
  totalCapped,
  loading,
  getRowKey,
  list,
  label,
  searchLabel,
  toolbar,
  hidePageSize,
  selectable,
  rowLabel,
  selectHint,
  emptyText,
  phoneRowSelect,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const message = useMessages();
  const limit = list.pageSize === 'all' ? Math.max(total, 1) : Number(list.pageSize);
  const pageIds = selectable ? (rows ?? []).map((row) => Number(getRowKey(row))) : [];
  const selectedOnPage = pageIds.filter((id) => list.selected.has(id)).length;
  const columnCount = columns.length + (selectable ? 1 : 0);
  const pageCount = list.pageSize === 'all' ? 1 : Math.ceil(total / limit) + (totalCapped ? 1 : 0);
  const from = total === 0 ? 0 : (list.page - 1) * limit + 1;
  const to = Math.min(list.page * limit, total);
  const resultText =
    list.pageSize === 'all'
      ? t('table.showingAll')
      : totalCapped
        ? t('table.showingMore', { from, to, total: GROUPED.format(total) })
        : t('table.showing', { from, to, total });
  const labelOf = (column: Column<Row>) => column.label ?? (typeof column.header === 'string' ? column.header : '');
  const sortable = columns.filter((column) => column.sortField);
  const sortValue =
    list.sort && sortable.some((column) => column.sortField === list.sort!.field) ? `${list.sort.field}:${list.sort.order}` : '';

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        {searchLabel ? (
          <TextField
            label={searchLabel}
            type="search"
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
            sx={{ maxWidth: { sm: 360 } }}
          />
        ) : null}
        {!hidePageSize ? (
          <TextField
            select
            label={t('table.rowsPerPage')}
            value={list.pageSize}
            onChange={(event) => list.setPageSize(event.target.value as PageSize)}
            sx={{ width: 140, flexShrink: 0 }}
            fullWidth={false}
          >
            {PAGE_SIZES.map((size) => (
              <MenuItem key={size} value={size}>
                {size === 'all' ? t('table.all') : size}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {sortable.length ? (
          <TextField
            select
            label={t('table.sortBy')}
            value={sortValue}
            onChange={(event) => {
              const [field, order] = event.target.value.split(':');
              list.setSort(field ? { field, order: order as SortOrder } : null);
            }}
            sx={{ display: { xs: 'flex', sm: 'none' } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('table.defaultOrder')}</MenuItem>
            {sortable.flatMap((column) => [
              <MenuItem key={`${column.sortField}:asc`} value={`${column.sortField}:asc`}>
                {labelOf(column)} ↑
              </MenuItem>,
              <MenuItem key={`${column.sortField}:desc`} value={`${column.sortField}:desc`}>
                {labelOf(column)} ↓
              </MenuItem>,
            ])}
          </TextField>
        ) : null}
        {selectable && phoneRowSelect !== false ? (
          <Box
            component="label"
            htmlFor="select-page-phone"
            sx={{ display: { xs: 'flex', sm: 'none' }, alignItems: 'center', minHeight: TAP_PX, '& .MuiCheckbox-root': { p: '10px' } }}
          >
            <PageSelectBox pageIds={pageIds} selectedOnPage={selectedOnPage} list={list} id="select-page-phone" />
            {t('table.selectAllOnPage')}
          </Box>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        {toolbar}
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={PHONE_CARDS}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {selectable ? (
                <TableCell
                  padding="checkbox"
                  // no selection on a phone: its select-all box is not left in the hidden header row
                  className={phoneRowSelect === false ? 'phone-hidden' : undefined}
                  sx={{ '& .MuiCheckbox-root': { p: '10px' } }}
                >
                  <PageSelectBox pageIds={pageIds} selectedOnPage={selectedOnPage} list={list} ariaLabel={t('table.selectAllRowsOnPage')} />
                </TableCell>
              ) : null}
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  className={column.phone === 'only' ? 'phone-only' : undefined}
                  sx={{ minWidth: column.minWidth }}
                  sortDirection={column.sortField && list.sort?.field === column.sortField ? list.sort.order : false}
                >
                  {column.sortField ? (
                    <TableSortLabel
                      sx={{ minHeight: TAP_PX }}
                      active={list.sort?.field === column.sortField}
                      direction={list.sort?.field === column.sortField ? list.sort.order : 'asc'}
                      onClick={() => list.toggleSort(column.sortField!)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && !rows?.length ? (
              <TableRow>
                <TableCell colSpan={columnCount} align="center">
                  {message(MSG.loading)}
                </TableCell>
              </TableRow>
            ) : !rows?.length ? (
              <TableRow>
                <TableCell colSpan={columnCount} align="center">
                  {emptyText ?? message(MSG.noData)}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, index) => {
                const srNo = (list.page - 1) * (list.pageSize === 'all' ? 0 : limit) + index + 1;
                const id = Number(getRowKey(row));
                const checked = selectable ? list.selected.has(id) : false;
                return (
                  <TableRow key={getRowKey(row)} hover selected={checked}>
                    {selectable ? (
                      <TableCell padding="checkbox" className={phoneRowSelect === false ? 'row-select phone-hidden' : 'row-select'}>
                        <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', pr: 1 }}>
                          <Checkbox
                            checked={checked}
                            onChange={() => list.toggleSelected(id)}
                            slotProps={{
                              input: {
                                'aria-label': rowLabel ? t('table.select', { row: rowLabel(row) }) : t('table.selectRow', { srNo }),
                              },
                            }}
                          />
                          {selectHint ? (
                            <Box component="span" className="row-select-hint" sx={{ display: 'none', fontSize: '0.875rem' }}>
                              {selectHint}
                            </Box>
                          ) : null}
                        </Box>
                      </TableCell>
                    ) : null}
                    {columns.map((column) => (
                      <TableCell
                        key={column.key}
                        align={column.align}
                        data-label={labelOf(column)}
                        className={column.phone === false ? 'phone-hidden' : column.phone === 'only' ? 'phone-only' : undefined}
                      >
                        {column.render(row, { index, srNo })}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {total > 0 ? resultText : ''}
          {selectable && list.selected.size > 0 ? t('table.selected', { count: list.selected.size }) : ''}
        </Typography>
        {pageCount > 1 ? (
          <Pagination
            count={pageCount}
            page={list.page}
            onChange={(_event, page) => list.setPage(page)}
            color="primary"
            siblingCount={0}
            sx={{ '& .MuiPaginationItem-root': { minWidth: TAP_PX, height: TAP_PX } }}
          />
        ) : null}
      </Stack>
    </Box>
  );
}
