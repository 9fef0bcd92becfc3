import { useTranslation } from 'react-i18next';
import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { languageText, lookupText } from '@jsbn/shared/core';
import type { SubjectOption } from '@jsbn/shared';
import { useLookups } from '../../../i18n';
import { useLanguages, useSubjects } from '../api/books-api';

/** The search form's fields ('Global Books Store'). */
export interface Filters {
  queryString: string;
  book_title: string;
  author_name: string;
  language: string;
  publisher: string;
  jsbn_number: string;
}

const ADVANCED = [
  { key: 'book_title', label: 'search.bookTitle' },
  { key: 'author_name', label: 'search.authorName' },
  { key: 'publisher', label: 'search.publisher' },
  { key: 'jsbn_number', label: 'search.jsbn' },
] as const satisfies readonly { key: Exclude<keyof Filters, 'queryString' | 'language'>; label: string }[];

/** The advanced search options: title, author, publisher, JSBN, subjects and language. */
export function AdvancedSearchFields({
  filters,
  onChange,
  subjectIds,
  onSubjectsChange,
}: {
  filters: Filters;
  onChange: (key: keyof Filters) => (event: { target: { value: string } }) => void;
  subjectIds: number[];
  onSubjectsChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('books');
  const subjects = useSubjects();
  const languages = useLanguages();
  const lookups = useLookups();
  return (
    <>
      {ADVANCED.map((field) => (
        <TextField key={field.key} label={t(field.label)} value={filters[field.key]} onChange={onChange(field.key)} />
      ))}
      <Autocomplete<SubjectOption, true>
        multiple
        options={subjects.data ?? []}
        getOptionLabel={(option) => lookupText(lookups, 'subjects', option.subject_name)}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        value={(subjects.data ?? []).filter((option) => subjectIds.includes(option.id))}
        onChange={(_event, value) => onSubjectsChange(value.map((option) => option.id))}
        renderInput={(params) => <TextField {...params} label={t('search.subjects')} />}
      />
      <TextField select label={t('search.language')} value={filters.language} onChange={onChange('language')}>
        <MenuItem value="">{t('search.any')}</MenuItem>
        {(languages.data ?? []).map((language) => (
          <MenuItem key={language.id} value={language.language_name}>
            {languageText(lookups, language.language_name)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
