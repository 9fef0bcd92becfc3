/**
 * The author name of one author row of the book form (docs/api.md): as the publisher
 * types, known authors (GET /api/book/author-name) are offered; picking one sets the row's
 * `authorId` (sent as `authors[i][authorId]`), typing anything else clears it and the name is
 * sent as a new author (`authors[i][authorname]`).
 */
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n';
import { Autocomplete, TextField } from '@mui/material';
import { Controller, useController, type Control } from 'react-hook-form';
import { useDebounce } from '../../../components/use-debounce';
import { requiredLabel } from '../../../components/form-fields';
import type { AuthorNameOption } from '@jsbn/shared';
import { useAuthorNames } from '../api/books-api';
import type { BookFormValues } from './book-form-model';

/** How long typing must pause before known authors are asked for, ms. */
const SUGGEST_AFTER_MS = 250;

export function AuthorNameField({ control, index }: { control: Control<BookFormValues>; index: number }) {
  const authorId = useController({ control, name: `authors.${index}.authorId` });
  return (
    <Controller
      control={control}
      name={`authors.${index}.authorname`}
      render={({ field, fieldState }) => (
        <AuthorAutocomplete
          field={field}
          error={fieldState.error?.message}
          index={index}
          onPick={(option) => authorId.field.onChange(option ? String(option.id) : '')}
        />
      )}
    />
  );
}

function AuthorAutocomplete({
  field,
  error,
  index,
  onPick,
}: {
  field: {
    name: string;
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    ref: (element: HTMLInputElement | null) => void;
  };
  error: string | undefined;
  index: number;
  onPick: (option: AuthorNameOption | null) => void;
}) {
  const { t } = useTranslation('bookForm');
  const message = useMessages();
  const typed = useDebounce(field.value ?? '', SUGGEST_AFTER_MS);
  const suggestions = useAuthorNames(typed);
  return (
    <Autocomplete<AuthorNameOption, false, false, true>
      freeSolo
      options={suggestions.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.author_name)}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      inputValue={field.value ?? ''}
      onInputChange={(_event, value, reason) => {
        if (reason === 'reset') return;
        field.onChange(value);
        onPick(null);
      }}
      onChange={(_event, value) => {
        if (value && typeof value !== 'string') {
          field.onChange(value.author_name);
          onPick(value);
        }
      }}
      loading={suggestions.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label={t('fields.authorName', { n: index + 1 })}
          slotProps={{ inputLabel: requiredLabel(params.InputLabelProps) }}
          error={Boolean(error)}
          helperText={error ? message(error) : undefined}
        />
      )}
    />
  );
}
