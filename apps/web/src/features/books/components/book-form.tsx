/**
 * The book form of New Book Registration and Edit Book (docs/api.md): every field of the
 * Book entity, its dependencies and messages, the duplicate check.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, Autocomplete, Box, Button, FormHelperText, IconButton, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import {
  BOOK_SIZE_PRESETS,
  CURRENCIES,
  FILE_RULES,
  LEADING_CURRENCIES,
  PRICE_KINDS,
  languageText,
  lookupText,
  samvatOf,
  swaroopText,
} from '@jsbn/shared/core';
import type { BookDto, SubjectOption } from '@jsbn/shared';
import { ApiError } from '../../../api/client';
import { FileField } from '../../../components/file-field';
import { FormSelect, FormText, requiredLabel } from '../../../components/form-fields';
import { dateWhileTyping } from '../../../components/typed-text';
import { digitsOnly, scrollToFirstError } from '../../../components/forms';
import { SafeImage } from '../../../components/safe-image';
import { useLookups, useMessages } from '../../../i18n';
import { checkDuplicate, useAuthorTypes, useLanguages, useSubjects, useSwaroops } from '../api/books-api';
import {
  bookFormResolver,
  coverProblem,
  emptyAuthor,
  imageProblem,
  indexPdfProblem,
  pdfWidgetProblem,
  type BookFormValues,
  type StoredFiles,
} from './book-form-model';
import { ImagesField } from './images-field';
import { AuthorNameField } from './author-name-field';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;
const full = { gridColumn: { md: '1 / -1' } } as const;
/** The start of every link, as a hint in the PDF link field. */
const URL_PLACEHOLDER = 'https://';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 2 }} aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Digits and at most one decimal point. */
const decimal = (value: string) =>
  value
    .replace(/[^\d.]/g, '')
    .replace(/(\..*)\./g, '$1')
    .slice(0, 12);

export interface BookFormProps {
  mode: 'new' | 'edit';
  defaultValues: BookFormValues;
  /** publisher_no and publisher_jsbn_id, prefilled and locked. */
  ids: { publisher_no: string; publisher_jsbn_id: string } | undefined;
  /** The stored book (edit): its cover, images and PDFs count as given. */
  existing?: BookDto;
  busy: boolean;
  submitLabel: string;
  onSubmit: (values: BookFormValues, form: UseFormReturn<BookFormValues>) => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

export function BookForm({ mode, defaultValues, ids, existing, busy, submitLabel, onSubmit, onCancel, onDirtyChange }: BookFormProps) {
  const stored: StoredFiles | undefined = useMemo(
    () => (existing ? { cover: Boolean(existing.book_cover), bookPdf: existing.has_book_pdf, images: existing.book_image } : undefined),
    [existing],
  );
  const { t } = useTranslation('bookForm');
  const message = useMessages();
  const YES_NO = [
    { value: 'Yes', label: t('options.yes') },
    { value: 'No', label: t('options.no') },
  ];
  const resolver = useMemo(() => bookFormResolver(stored), [stored]);
  const form = useForm<BookFormValues>({ resolver, mode: 'onTouched', defaultValues });
  const { control, setValue, setError, clearErrors } = form;
  const authors = useFieldArray({ control, name: 'authors' });
  const languages = useLanguages();
  const subjects = useSubjects();
  const authorTypes = useAuthorTypes();
  const swaroops = useSwaroops();
  const lookups = useLookups();
  const [duplicate, setDuplicate] = useState<{ severity: 'success' | 'warning' | 'error'; text: string; title: string } | null>(null);
  const [checking, setChecking] = useState(false);

  const [year, sizeChoice, published, readers, isPublic, title, removed, priceKind] = useWatch({
    control,
    name: ['publication_year', 'size_choice', 'book_published', 'readers', 'isPublicPdf', 'book_title', 'removed_images', 'price_kind'],
  });
  // An error that names two fields ('At least one author…', a swaroop or other swaroop, a subject or
  // other subject) goes as soon as either field fixes it, not at the next submit (react-hook-form's watch).
  useEffect(() => {
    const pairs = [
      ['authors', 'authors'],
      ['other_type', 'type'],
      ['other_subject', 'subjects'],
    ] as const;
    const subscription = form.watch((_values, { name }) => {
      for (const [changed, checked] of pairs)
        if (name?.startsWith(changed) && form.getFieldState(checked).error) void form.trigger(checked);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const samvat = samvatOf(Number(year) || null);
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const currencyOptions = useMemo(() => {
    const leading: readonly string[] = LEADING_CURRENCIES;
    return [...leading, ...CURRENCIES.filter((code) => !leading.includes(code))].map((code) => ({ value: code, label: code }));
  }, []);
  const languageOptions = (languages.data ?? []).map((language) => ({
    value: language.language_name,
    label: languageText(lookups, language.language_name),
  }));
  const subjectOptions = subjects.data ?? [];
  const storedImages = (existing?.book_image ?? []).filter((image) => !removed.includes(image.id));

  const canCheck = Boolean(ids?.publisher_no && ids?.publisher_jsbn_id && title.trim());
  const runDuplicateCheck = async () => {
    // on Edit Book the duplicate check does nothing.
    if (mode === 'edit' || !ids || !canCheck) return;
    setChecking(true);
    try {
      const reply = await checkDuplicate({
        publisher_no: ids.publisher_no,
        publisher_jsbn_id: ids.publisher_jsbn_id,
        book_title: title.trim(),
      });
      setDuplicate({ severity: reply.data.duplicate ? 'warning' : 'success', text: reply.message, title });
    } catch (error) {
      setDuplicate({ severity: 'error', text: error instanceof ApiError || error instanceof Error ? error.message : String(error), title });
    } finally {
      setChecking(false);
    }
  };

  /** A chosen file: kept when fine, otherwise its message shows on the field. */
  const choose = (name: 'book_cover' | 'index_pdf' | 'book_pdf', check: (file: File) => string | null) => (file: File | null) => {
    if (!file) return setValue(name, null, { shouldDirty: true });
    const problem = check(file);
    if (problem) {
      setValue(name, null, { shouldDirty: true });
      setError(name, { type: 'file', message: problem }, { shouldFocus: false });
      return;
    }
    clearErrors(name);
    setValue(name, file, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(
          (values) => onSubmit(values, form),
          () => scrollToFirstError(),
        )(event)
      }
    >
      <Section title={t('sections.basic')} id="book-basic">
        {ids ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="book-ids">
            {t('hints.ids', { publisher_no: ids.publisher_no, jsbn_id: ids.publisher_jsbn_id })}
          </Typography>
        ) : null}
        <Box sx={grid}>
          <FormText control={control} name="book_title" label={t('fields.bookTitle')} required />
          <FormText control={control} name="book_e_title" label={t('fields.bookETitle')} required />
          <Box sx={full}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                variant="outlined"
                startIcon={<FactCheckIcon />}
                onClick={() => void runDuplicateCheck()}
                disabled={!canCheck || checking}
              >
                {t('actions.checkDuplicate')}
              </Button>
              {duplicate && duplicate.title === title ? (
                <Alert severity={duplicate.severity} role="status" sx={{ py: 0, flexGrow: 1 }} data-testid="duplicate-result">
                  {duplicate.text}
                </Alert>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('hints.duplicate')}
                </Typography>
              )}
            </Stack>
          </Box>
          <FormText
            control={control}
            name="pages"
            label={t('fields.pages')}
            required
            transform={(value) => digitsOnly(value, 6)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Box>
            <FormText
              control={control}
              name="publication_year"
              label={t('fields.publicationYear')}
              required
              transform={(value) => digitsOnly(value, 4)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="samvat">
              {t('samvat', { vikram: samvat.vikram_samvat ?? '—', veer: samvat.veer_samvat ?? '—' })}
            </Typography>
          </Box>
          <FormSelect control={control} name="language" label={t('fields.language')} required options={languageOptions} />
          <FormSelect
            control={control}
            name="type"
            label={t('fields.swaroop')}
            required
            helperText={t('hints.swaroopOrOther')}
            options={[
              { value: '', label: t('options.none') },
              ...(swaroops.data ?? []).map((swaroop) => ({ value: swaroop.code, label: swaroopText(lookups, { type: swaroop.code }) })),
            ]}
            onValueChange={() => void form.trigger('type')}
          />
          <FormText control={control} name="other_type" label={t('fields.otherSwaroop')} helperText={t('hints.otherSwaroop')} />
          <Controller
            control={control}
            name="subjects"
            render={({ field, fieldState }) => (
              <Autocomplete<SubjectOption, true>
                multiple
                options={subjectOptions}
                getOptionLabel={(option) => lookupText(lookups, 'subjects', option.subject_name)}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                value={subjectOptions.filter((option) => field.value.some((selected) => selected.id === option.id))}
                onChange={(_event, value) => field.onChange(value.map((option) => ({ id: option.id })))}
                onBlur={field.onBlur}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label={t('fields.subjects')}
                    slotProps={{ inputLabel: requiredLabel(params.InputLabelProps) }}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ? message(fieldState.error.message) : t('hints.subjectsOrOther')}
                  />
                )}
              />
            )}
          />
          <FormText control={control} name="other_subject" label={t('fields.otherSubject')} />
        </Box>
      </Section>

      <Section title={t('sections.authors')} id="book-authors">
        <Stack spacing={2}>
          {authors.fields.map((row, index) => (
            <Stack
              key={row.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'flex-start' } }}
              data-testid="author-row"
            >
              <Box sx={{ flex: 1 }}>
                <FormSelect
                  control={control}
                  name={`authors.${index}.authorType`}
                  label={t('fields.authorType', { n: index + 1 })}
                  required
                  options={(authorTypes.data ?? []).map((type) => ({
                    value: String(type.id),
                    label: lookupText(lookups, 'authorTypes', type.author_type),
                  }))}
                />
              </Box>
              <Box sx={{ flex: 2 }}>
                <AuthorNameField control={control} index={index} />
              </Box>
              <IconButton
                aria-label={t('actions.deleteAuthor', { n: index + 1 })}
                onClick={() => authors.remove(index)}
                disabled={authors.fields.length <= 1}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          {form.formState.errors.authors?.message || form.formState.errors.authors?.root?.message ? (
            <FormHelperText error>
              {message(form.formState.errors.authors?.message ?? form.formState.errors.authors?.root?.message ?? '')}
            </FormHelperText>
          ) : null}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => authors.append(emptyAuthor)}>
              {t('actions.addAuthor')}
            </Button>
          </Box>
        </Stack>
      </Section>

      <Section title={t('sections.files')} id="book-files">
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            {existing?.book_cover ? (
              <SafeImage
                src={existing.book_cover}
                alt={t('stored.currentCover')}
                style={{ width: 72, height: 96, objectFit: 'cover', borderRadius: 4 }}
              />
            ) : null}
            <Controller
              control={control}
              name="book_cover"
              render={({ field, fieldState }) => (
                <FileField
                  label={t('fields.bookCover')}
                  rule={FILE_RULES.book_cover}
                  value={field.value}
                  onChange={choose('book_cover', coverProblem)}
                  error={fieldState.error?.message}
                  helperText={existing?.book_cover ? t('hints.keepCover', { hint: message(FILE_RULES.book_cover.hint) }) : undefined}
                  required={!existing?.book_cover}
                />
              )}
            />
          </Stack>
          <Controller
            control={control}
            name="images"
            render={({ field, fieldState }) => (
              <ImagesField
                value={field.value}
                onChange={(files) => {
                  field.onChange(files);
                  clearErrors('images');
                }}
                stored={storedImages}
                onRemoveStored={(id) => setValue('removed_images', [...removed, id], { shouldDirty: true })}
                error={fieldState.error?.message}
                check={imageProblem}
                onProblem={(message) => (message ? setError('images', { type: 'file', message }) : clearErrors('images'))}
              />
            )}
          />
          <Box>
            {existing?.index_pdf ? (
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('stored.currentIndex')}{' '}
                <Link href={existing.index_pdf} target="_blank" rel="noopener">
                  {t('actions.open')}
                </Link>
              </Typography>
            ) : null}
            <Controller
              control={control}
              name="index_pdf"
              render={({ field, fieldState }) => (
                <FileField
                  label={t('fields.indexPdf')}
                  rule={FILE_RULES.index_pdf}
                  value={field.value}
                  onChange={choose('index_pdf', indexPdfProblem)}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Box>
        </Stack>
      </Section>

      <Section title={t('sections.pdf')} id="book-pdf">
        <Box sx={grid}>
          <FormSelect
            control={control}
            name="readers"
            label={t('fields.readers')}
            required
            helperText={t('hints.readers')}
            options={YES_NO}
            onValueChange={() => {
              setValue('isPublicPdf', '');
              setValue('pdfurl', '');
              setValue('book_pdf', null);
              clearErrors(['readers', 'isPublicPdf', 'pdfurl', 'book_pdf']);
            }}
          />
          {readers === 'Yes' ? (
            <FormSelect
              control={control}
              name="isPublicPdf"
              label={t('fields.publicPdf')}
              helperText={t('hints.publicPdf')}
              options={[
                { value: 'true', label: t('options.yes') },
                { value: 'false', label: t('options.no') },
              ]}
              onValueChange={() => {
                setValue('pdfurl', '');
                setValue('book_pdf', null);
                clearErrors(['pdfurl', 'book_pdf']);
              }}
            />
          ) : null}
          {readers === 'Yes' && isPublic === 'true' ? (
            <FormText
              control={control}
              name="pdfurl"
              label={t('fields.pdfLink')}
              placeholder={URL_PLACEHOLDER}
              slotProps={{ htmlInput: { inputMode: 'url' } }}
            />
          ) : null}
          {readers === 'Yes' && isPublic === 'false' ? (
            <Box sx={full}>
              {existing?.has_book_pdf ? (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t('stored.bookPdfStored')}
                  {existing.pdfpublisher ? (
                    <>
                      {' '}
                      (
                      <Link href={existing.pdfpublisher} target="_blank" rel="noopener">
                        {t('actions.open')}
                      </Link>
                      )
                    </>
                  ) : null}
                  {t('stored.replaceOnly')}
                </Typography>
              ) : null}
              <Controller
                control={control}
                name="book_pdf"
                render={({ field, fieldState }) => (
                  <FileField
                    label={t('fields.bookPdf')}
                    rule={FILE_RULES.pdfpublisher}
                    value={field.value}
                    onChange={choose('book_pdf', pdfWidgetProblem)}
                    error={fieldState.error?.message}
                    helperText={t('hints.bookPdf', { types: FILE_RULES.pdfpublisher.typesText, size: FILE_RULES.pdfpublisher.sizeText })}
                  />
                )}
              />
            </Box>
          ) : null}
        </Box>
      </Section>

      <Section title={t('sections.more')} id="book-more">
        <Box sx={grid}>
          <FormText control={control} name="alternate_title" label={t('fields.alternateTitle')} />
          <FormText control={control} name="part" label={t('fields.part')} />
          <Box>
            <FormSelect
              control={control}
              name="size_choice"
              label={t('fields.size')}
              options={[
                { value: '', label: t('options.notGiven') },
                ...BOOK_SIZE_PRESETS.map((size) => ({
                  value: size.key,
                  label: t('options.sizePreset', {
                    label: lookupText(lookups, 'bookSizes', size.key),
                    height: size.height,
                    width: size.width,
                  }),
                })),
                { value: 'custom', label: t('options.custom') },
              ]}
              onValueChange={(choice) => {
                const preset = BOOK_SIZE_PRESETS.find((size) => size.key === choice);
                setValue('height', preset ? String(preset.height) : '', { shouldDirty: true });
                setValue('width', preset ? String(preset.width) : '', { shouldDirty: true });
                clearErrors(['height', 'width']);
              }}
            />
            {sizeChoice === 'custom' ? (
              <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                <FormText
                  control={control}
                  name="height"
                  label={t('fields.height')}
                  transform={decimal}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
                <FormText
                  control={control}
                  name="width"
                  label={t('fields.width')}
                  transform={decimal}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Stack>
            ) : null}
          </Box>
          <FormText
            control={control}
            name="no_of_copy"
            label={t('fields.copies')}
            transform={(value) => digitsOnly(value, 8)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormSelect
            control={control}
            name="price_kind"
            label={t('fields.priceKind')}
            options={PRICE_KINDS.map((kind) => ({ value: kind, label: t(`priceKinds.${kind}`) }))}
            helperText={t(`priceKindHelp.${priceKind}`)}
          />
          {priceKind === 'free' ? null : (
            <Stack direction="row" spacing={1}>
              <FormText
                control={control}
                name="price"
                label={t('fields.price')}
                transform={decimal}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <Box sx={{ width: 130, flexShrink: 0 }}>
                <FormSelect control={control} name="currency" label={t('fields.currency')} options={currencyOptions} />
              </Box>
            </Stack>
          )}
          <FormSelect
            control={control}
            name="book_published"
            label={t('fields.published')}
            options={[
              { value: 'no', label: t('options.no') },
              { value: 'yes', label: t('options.yes') },
            ]}
          />
          {published === 'yes' ? (
            <FormText
              control={control}
              name="published_date"
              label={t('fields.publishedDate')}
              placeholder={t('hints.dateFormat')}
              helperText={t('hints.publishedDate')}
              transform={dateWhileTyping}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ) : (
            <Box />
          )}
          <FormText control={control} name="tags" label={t('fields.tags')} helperText={t('hints.tags')} />
          <Box />
          <Box sx={full}>
            <FormText control={control} name="contents" label={t('fields.contents')} multiline minRows={3} />
          </Box>
          <FormText control={control} name="book_alt_subtitle" label={t('fields.subtitle')} />
          <FormSelect
            control={control}
            name="book_subtitle_lang"
            label={t('fields.subtitleLanguage')}
            options={[{ value: '', label: t('options.none') }, ...languageOptions]}
          />
        </Box>
      </Section>

      <Paper variant="outlined" sx={{ p: 2, display: 'flex', justifyContent: 'flex-end', gap: 2, flexWrap: 'wrap' }}>
        {onCancel ? (
          <Button variant="outlined" onClick={onCancel} disabled={busy}>
            {t('actions.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {submitLabel}
        </Button>
      </Paper>
    </form>
  );
}
