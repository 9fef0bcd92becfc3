/**
 * The preview of a filled template: each row as a card — its number in the
 * file, its title, whether it is ready — with its problems named by column, a field to correct
 * each value in place — chosen from the list for a column with one (language, swaroop, subjects,
 * author type, price type, currency, readers: decision 039) — its warnings, and a switch to leave it out. Rows come a page at a time
 * (1,000 cards would be slow on a phone); a filter shows the rows with problems first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { BulkColumn, BulkPreview, BulkPreviewRow, BulkProblem } from '@jsbn/shared';
import { plainText } from '@jsbn/shared/core';

type PreviewColumn = BulkPreview['columns'][number];

/** Cards shown at first, and added by 'Show more'. */
const PAGE = 50;

/** Which rows the preview shows. */
const FILTERS = ['problems', 'ready', 'all'] as const;
export type RowFilter = (typeof FILTERS)[number];

interface Props {
  preview: BulkPreview;
  /** Rows the publisher left out (by row number). */
  skipped: ReadonlySet<number>;
  onSkip: (row: number, skip: boolean) => void;
  /** A corrected cell. */
  onEdit: (row: number, column: BulkColumn, value: string) => void;
  disabled?: boolean;
}

export function BulkPreviewList({ preview, skipped, onSkip, onEdit, disabled }: Props) {
  const { t } = useTranslation('books');
  const problems = preview.rows.filter((row) => row.errors.length > 0);
  const [filter, setFilter] = useState<RowFilter>(problems.length ? 'problems' : 'all');
  const [shown, setShown] = useState(PAGE);
  const label = new Map(preview.columns.map((column) => [column.key, column.label]));
  const columns = new Map(preview.columns.map((column) => [column.key, column]));
  const rows = filter === 'all' ? preview.rows : preview.rows.filter((row) => (filter === 'problems') === row.errors.length > 0);
  const count = { problems: problems.length, ready: preview.rows.length - problems.length, all: preview.rows.length };

  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_event, next: RowFilter | null) => {
          if (!next) return;
          setFilter(next);
          setShown(PAGE);
        }}
        aria-label={t('bulk.filters.label')}
        sx={{ flexWrap: 'wrap' }}
      >
        {FILTERS.map((key) => (
          <ToggleButton key={key} value={key} sx={{ textTransform: 'none' }}>
            {t(`bulk.filters.${key}`, { count: count[key] })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {rows.length === 0 ? <Typography color="text.secondary">{t('bulk.noRowsHere')}</Typography> : null}
      {rows.slice(0, shown).map((row) => (
        <RowCard
          key={row.row}
          row={row}
          label={label}
          columns={columns}
          skipped={skipped.has(row.row)}
          onSkip={onSkip}
          onEdit={onEdit}
          disabled={disabled}
        />
      ))}
      {rows.length > shown ? (
        <Box>
          <Button onClick={() => setShown(shown + PAGE)}>{t('bulk.more', { count: Math.min(PAGE, rows.length - shown) })}</Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function RowCard({
  row,
  label,
  columns,
  skipped,
  onSkip,
  onEdit,
  disabled,
}: { row: BulkPreviewRow; label: Map<BulkColumn, string>; columns: Map<BulkColumn, PreviewColumn>; skipped: boolean } & Pick<
  Props,
  'onSkip' | 'onEdit' | 'disabled'
>) {
  const { t } = useTranslation('books');
  const ready = row.errors.length === 0;
  const summary = [
    row.values.language,
    row.values.publication_year,
    row.values.pages && `${label.get('pages')}: ${row.values.pages}`,
    row.values.author_name_1,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, borderColor: ready ? undefined : 'error.light', opacity: skipped ? 0.6 : 1 }}
      data-testid="bulk-row"
      data-row={row.row}
      data-ready={ready}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {t('bulk.row', { row: row.row })}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.values.book_title || t('bulk.untitled')}</Typography>
          {summary ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {summary}
            </Typography>
          ) : null}
        </Box>
        <Chip
          size="small"
          color={skipped ? 'default' : ready ? 'success' : 'error'}
          label={skipped ? t('bulk.skipped') : ready ? t('bulk.ready') : t('bulk.problems', { count: row.errors.length })}
          sx={{ flexShrink: 0 }}
        />
      </Stack>
      {row.errors.length ? (
        <Stack spacing={1.5} sx={{ mt: 1.5 }}>
          {row.errors.map((problem) => (
            <ProblemField
              key={`${problem.column}:${problem.message}`}
              row={row}
              problem={problem}
              column={columns.get(problem.column)}
              onEdit={onEdit}
              disabled={disabled}
            />
          ))}
        </Stack>
      ) : null}
      {row.warnings.map((warning) => (
        <Alert key={warning.message} severity="warning" sx={{ mt: 1, py: 0 }}>
          {label.get(warning.column)}: {warning.message}
        </Alert>
      ))}
      {ready ? (
        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={
            <Checkbox
              size="small"
              checked={!skipped}
              disabled={disabled}
              onChange={(event) => onSkip(row.row, !event.target.checked)}
              slotProps={{ input: { 'aria-label': t('bulk.includeOf', { row: row.row }) } }}
            />
          }
          label={t('bulk.include')}
        />
      ) : null}
    </Paper>
  );
}

/** The cells of a list column that holds several values ('Agam; Story'). */
const splitSeveral = (value: string) =>
  value
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The field that corrects one problem: a list column's value chosen from its list (several for
 * subjects; a value already typed that is in the list stays chosen), any other typed.
 */
function ProblemField({
  row,
  problem,
  column,
  onEdit,
  disabled,
}: { row: BulkPreviewRow; problem: BulkProblem; column?: PreviewColumn } & Pick<Props, 'onEdit' | 'disabled'>) {
  const { t } = useTranslation('books');
  const label = column?.label ?? problem.column;
  const current = row.values[problem.column] ?? '';
  const [chosen, setChosen] = useState<string>(() => (column?.options?.includes(current) ? current : ''));
  const [several, setSeveral] = useState<string[]>(() => splitSeveral(current).filter((value) => column?.options?.includes(value)));
  const common = {
    size: 'small' as const,
    fullWidth: true,
    label,
    error: true,
    helperText: problem.message,
    disabled,
    sx: { maxWidth: 640 },
  };
  if (column?.options && column.several) {
    return (
      <Autocomplete<string, true>
        multiple
        options={column.options}
        value={several}
        disabled={disabled}
        onChange={(_event, value) => {
          setSeveral(value);
          onEdit(row.row, problem.column, value.join('; '));
        }}
        // the label stays above the field, as on the other lists, so 'Choose from the list' shows while none is chosen
        renderInput={(params) => (
          <TextField
            {...params}
            {...common}
            placeholder={several.length ? undefined : t('bulk.chooseFromList')}
            slotProps={{ inputLabel: { ...params.InputLabelProps, shrink: true } }}
          />
        )}
      />
    );
  }
  if (column?.options) {
    return (
      <TextField
        {...common}
        select
        value={chosen}
        onChange={(event) => {
          setChosen(event.target.value);
          onEdit(row.row, problem.column, event.target.value);
        }}
        slotProps={{
          select: { displayEmpty: true, renderValue: (value) => (value ? plainText(value) : t('bulk.chooseFromList')) },
          inputLabel: { shrink: true },
        }}
      >
        {column.options.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField {...common} defaultValue={current} onChange={(event) => onEdit(row.row, problem.column, event.target.value)} />;
}
