import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Autocomplete, Box, Button, FormHelperText, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  BOOK_MSG,
  DEFAULT_CURRENCY,
  LEADING_CURRENCIES,
  MAX_IMAGE_BYTES,
  MSG,
  bookFields,
  samvatOf,
  type BookRegistrationResult,
  type SubjectOption,
} from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { FileField } from '../../../components/file-field';
import { FormSelect, FormText } from '../../../components/form-fields';
import { applyServerErrors, digitsOnly, scrollToFirstError, withChecks } from '../../../components/forms';
import { PageHeader, Section } from '../../../components/page';
import { paths } from '../../../app/paths';
import { createBook, useAuthorTypes, useLanguages, useNextJsbnIds, useSubjects, useSwaroops } from '../api/books-api';
import { BookResultDialog } from '../components/book-result-dialog';

interface AuthorRow {
  authorType: string;
  author_name: string;
}

interface BookForm {
  book_title: string;
  book_e_title: string;
  alternate_title: string;
  part: string;
  pages: string;
  publication_year: string;
  language: string;
  type: string;
  other_type: string;
  subjects: { id: number }[];
  other_subject: string;
  authors: AuthorRow[];
  readers: string;
  no_of_copy: string;
  price: string;
  currency: string;
  tags: string;
  contents: string;
  book_cover: File | null;
}

const emptyAuthor: AuthorRow = { authorType: '', author_name: '' };

const defaults: BookForm = {
  book_title: '',
  book_e_title: '',
  alternate_title: '',
  part: '',
  pages: '',
  publication_year: '',
  language: '',
  type: '',
  other_type: '',
  subjects: [],
  other_subject: '',
  authors: [emptyAuthor],
  readers: '',
  no_of_copy: '',
  price: '',
  currency: DEFAULT_CURRENCY,
  tags: '',
  contents: '',
  book_cover: null,
};

/** Rules that span fields, checked on every submit (zod skips refinements while a field fails). */
function crossChecks(values: BookForm) {
  const errors: Record<string, string> = {};
  if (!values.type && !values.other_type.trim()) errors.type = MSG.swaroop;
  if (values.subjects.length === 0 && !values.other_subject.trim()) errors.subjects = MSG.subjectOrOther;
  if (values.authors.length === 0) errors.authors = MSG.authorAtLeastOne;
  if (!values.readers) errors.readers = BOOK_MSG.readersRequired;
  const cover = values.book_cover;
  if (!(cover instanceof File)) errors.book_cover = MSG.bookCover;
  else if (cover.type !== 'image/jpeg') errors.book_cover = 'Book cover must be a JPEG image.';
  else if (cover.size > MAX_IMAGE_BYTES) errors.book_cover = `${cover.name} is too large (${(cover.size / 1048576).toFixed(1)}MB). Maximum image file size allowed is 10MB.`;
  return errors;
}

const resolver = withChecks(zodResolver(bookFields) as unknown as Resolver<BookForm>, crossChecks);

function currencies(): string[] {
  const leading: readonly string[] = LEADING_CURRENCIES;
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('currency');
  } catch {
    all = [];
  }
  return [...leading, ...all.filter((code) => !leading.includes(code))];
}

/** Multipart body of POST /api/book (arrays as subjects[i][id], authors[i][...]). */
function toBookFormData(values: Record<string, unknown>, cover: File): FormData {
  const form = new FormData();
  const { subjects, authors, book_cover: _cover, ...fields } = values as { subjects?: { id: number }[]; authors?: AuthorRow[]; book_cover?: unknown } & Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(key, String(value));
  }
  (subjects ?? []).forEach((subject, index) => form.append(`subjects[${index}][id]`, String(subject.id)));
  (authors ?? []).forEach((author, index) => {
    form.append(`authors[${index}][authorType]`, String(author.authorType));
    form.append(`authors[${index}][author_name]`, String(author.author_name));
  });
  form.append('book_cover', cover);
  return form;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** /new-book-reg — New Book Registration (spec books §2). */
export function NewBookPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<BookRegistrationResult | null>(null);
  const ids = useNextJsbnIds();
  const languages = useLanguages();
  const subjects = useSubjects();
  const authorTypes = useAuthorTypes();
  const swaroops = useSwaroops();
  const currencyList = useMemo(currencies, []);

  const form = useForm<BookForm>({ resolver, mode: 'onTouched', defaultValues: defaults });
  const { control } = form;
  const authors = useFieldArray({ control, name: 'authors' });
  const year = useWatch({ control, name: 'publication_year' });
  const samvat = samvatOf(Number(year) || null);
  const dirty = form.formState.isDirty;

  useEffect(() => {
    if (!dirty || result) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, result]);

  const mutation = useMutation({
    mutationFn: ({ values, cover }: { values: Record<string, unknown>; cover: File }) => createBook(toBookFormData(values, cover)),
    onSuccess: (reply) => {
      toastSuccess(MSG.bookCreated);
      void queryClient.invalidateQueries({ queryKey: ['books'] });
      setResult(reply.data);
    },
    onError: (error) => {
      applyServerErrors(error, form.setError);
      scrollToFirstError();
    },
  });

  const finish = () => {
    setResult(null);
    void navigate(paths.myBooks);
  };

  const subjectOptions = subjects.data ?? [];

  return (
    <Box>
      <PageHeader title="New Book Registration" subtitle="Acquire JSBN and QR Code" />
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          mutation.mutate({ values: values as unknown as Record<string, unknown>, cover: form.getValues('book_cover') as File });
        }, scrollToFirstError)}
      >
        <Section title="Basic details">
          <Box sx={grid}>
            <TextField label="Publisher unique id" value={ids.data?.publisher_no ?? ''} disabled slotProps={{ htmlInput: { readOnly: true } }} />
            <TextField label="Publisher JSBN id" value={ids.data?.publisher_jsbn_id ?? ''} disabled slotProps={{ htmlInput: { readOnly: true } }} />
            <FormText control={control} name="book_title" label="Book title" required />
            <FormText control={control} name="book_e_title" label="Book English title" required />
            <FormText control={control} name="alternate_title" label="Original book (alternate title)" />
            <FormText control={control} name="part" label="Part" />
            <FormText control={control} name="pages" label="Number of pages" required transform={(value) => digitsOnly(value, 6)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <Box>
              <FormText control={control} name="publication_year" label="Publication year" required transform={(value) => digitsOnly(value, 4)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="samvat">
                Vikram Samvat: {samvat.vikram_samvat ?? '—'} · Veer Samvat: {samvat.veer_samvat ?? '—'}
              </Typography>
            </Box>
            <FormSelect
              control={control}
              name="language"
              label="Language"
              required
              options={(languages.data ?? []).map((language) => ({
                value: language.language_name,
                label: language.language_des && language.language_des !== language.language_name ? `${language.language_name} (${language.language_des})` : language.language_name,
              }))}
            />
            <FormSelect
              control={control}
              name="type"
              label="Swaroop"
              options={[{ value: '', label: 'None' }, ...(swaroops.data ?? []).map((swaroop) => ({ value: swaroop.code, label: `${swaroop.code} – ${swaroop.label} (${swaroop.gloss})` }))]}
              onValueChange={() => void form.trigger('type')}
            />
            <FormText control={control} name="other_type" label="Other swaroop" helperText="Fill this when the swaroop is not in the list." />
            <Controller
              control={control}
              name="subjects"
              render={({ field, fieldState }) => (
                <Autocomplete<SubjectOption, true>
                  multiple
                  options={subjectOptions}
                  getOptionLabel={(option) => option.subject_name}
                  isOptionEqualToValue={(option, value) => option.id === value.id}
                  value={subjectOptions.filter((option) => field.value.some((selected) => selected.id === option.id))}
                  onChange={(_event, value) => field.onChange(value.map((option) => ({ id: option.id })))}
                  onBlur={field.onBlur}
                  renderInput={(params) => (
                    <TextField {...params} inputRef={field.ref} label="Subjects" error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
                  )}
                />
              )}
            />
            <FormText control={control} name="other_subject" label="Other subject" />
          </Box>
        </Section>

        <Section title="Authors">
          <Stack spacing={2}>
            {authors.fields.map((row, index) => (
              <Stack key={row.id} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }} data-testid="author-row">
                <Box sx={{ flex: 1 }}>
                  <FormSelect
                    control={control}
                    name={`authors.${index}.authorType`}
                    label={`Author type ${index + 1}`}
                    options={(authorTypes.data ?? []).map((type) => ({ value: String(type.id), label: type.author_type }))}
                  />
                </Box>
                <Box sx={{ flex: 2 }}>
                  <FormText control={control} name={`authors.${index}.author_name`} label={`Author name ${index + 1}`} />
                </Box>
                <IconButton aria-label={`Delete author ${index + 1}`} onClick={() => authors.remove(index)} disabled={authors.fields.length <= 1}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
            {form.formState.errors.authors?.message || form.formState.errors.authors?.root?.message ? (
              <FormHelperText error>{form.formState.errors.authors?.message ?? form.formState.errors.authors?.root?.message}</FormHelperText>
            ) : null}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => authors.append(emptyAuthor)}>
                Add author
              </Button>
            </Box>
          </Stack>
        </Section>

        <Section title="PDF details">
          <Box sx={grid}>
            <FormSelect
              control={control}
              name="readers"
              label="Readers"
              required
              helperText="Can readers read the book's PDF? No means by request to you."
              options={[
                { value: 'Yes', label: 'Yes' },
                { value: 'No', label: 'No' },
              ]}
            />
          </Box>
        </Section>

        <Section title="Other details">
          <Box sx={grid}>
            <FormText control={control} name="no_of_copy" label="Number of copies" transform={(value) => digitsOnly(value, 8)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <Stack direction="row" spacing={1}>
              <FormText control={control} name="price" label="Price" transform={(value) => value.replace(/[^\d.]/g, '')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
              <Box sx={{ width: 130, flexShrink: 0 }}>
                <FormSelect control={control} name="currency" label="Currency" options={currencyList.map((code) => ({ value: code, label: code }))} />
              </Box>
            </Stack>
            <FormText control={control} name="tags" label="Tags" helperText="Comma separated" />
            <Box />
            <Box sx={{ gridColumn: { md: '1 / -1' } }}>
              <FormText control={control} name="contents" label="Contents" multiline minRows={3} />
            </Box>
          </Box>
        </Section>

        <Section title="Book cover">
          <Controller
            control={control}
            name="book_cover"
            render={({ field, fieldState }) => (
              <FileField label="Book cover" accept="image/jpeg" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} helperText="JPEG, up to 10 MB" required />
            )}
          />
        </Section>

        <Paper variant="outlined" sx={{ p: 2, display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
            Generate JSBN/QRcode
          </Button>
        </Paper>
      </form>
      <BookResultDialog result={result} onDone={finish} />
    </Box>
  );
}
