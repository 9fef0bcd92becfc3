/**
 * react-hook-form + MUI bindings used by every form. A field's error — a message of the shared
 * schemas or of the API, in English — shows in the interface language (`useMessages`).
 */
import type { ReactNode } from 'react';
import { Controller, type Control, type ControllerFieldState, type FieldPath, type FieldValues } from 'react-hook-form';
import {
  Autocomplete,
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  TextField,
  createFilterOptions,
  type TextFieldProps,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { normalizePhone, phoneWhileTyping } from '@jsbn/shared/phone';
import { showTransformed } from './typed-text';
import { useMessages } from '../i18n';
import { TAP_PX } from '../lib/theme';

type BaseProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Rewrites what the user typed (digits only, upper case...). */
  transform?: (value: string) => string;
  /** Trims the value when the field loses focus (contact form, docs/api.md). */
  trimOnBlur?: boolean;
  /** Rewrites the value when the field loses focus (a phone number to its 10 digits). */
  blurTransform?: (value: string) => string;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/**
 * What `required` does to a field: the input is `required` (forms are `noValidate`,
 * so the form's own messages speak, not the browser's) and the label is marked
 * `data-required`, which the theme renders as an asterisk outside the label's text.
 */
export function requiredSlots(required: boolean | undefined, slotProps: TextFieldProps['slotProps']): TextFieldProps['slotProps'] {
  if (!required) return slotProps;
  const inputLabel = { ...(slotProps?.inputLabel as object | undefined), required: false, 'data-required': '' } as NonNullable<
    TextFieldProps['slotProps']
  >['inputLabel'];
  return { ...slotProps, inputLabel };
}

/**
 * The slot props of a field whose label sits above it at all times (MUI's `shrink`), for a form
 * the server renders that must read right without JavaScript (decision 066): without the app a
 * label inside the field stays where it is and the typed text runs under it.
 */
export const LABEL_ABOVE = { inputLabel: { shrink: true } } as const satisfies TextFieldProps['slotProps'];

/** An Autocomplete input's label props marked required as `requiredSlots` marks a field's (its id and shrink kept). */
export function requiredLabel(labelProps: object | undefined): NonNullable<TextFieldProps['slotProps']>['inputLabel'] {
  return { ...labelProps, required: false, 'data-required': '' } as NonNullable<TextFieldProps['slotProps']>['inputLabel'];
}

/**
 * A field's `error` and `helperText`: its error (a shared schema's or the API's English message)
 * in the interface language through `message`, else the field's own hint.
 */
function errorSlots(fieldState: ControllerFieldState, helperText: ReactNode, message: (text: string) => string) {
  return { error: Boolean(fieldState.error), helperText: fieldState.error?.message ? message(fieldState.error.message) : helperText };
}

/** A text field bound to the form; the error shows once the field was touched or the form submitted. */
export function FormText<T extends FieldValues>({
  control,
  name,
  label,
  transform,
  trimOnBlur,
  blurTransform,
  helperText,
  slotProps,
  ...rest
}: BaseProps<T>) {
  const message = useMessages();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          slotProps={requiredSlots(rest.required, slotProps)}
          name={field.name}
          inputRef={field.ref}
          label={label}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(transform ? showTransformed(event.target, transform) : event.target.value)}
          onBlur={() => {
            // the value as it was when the field was left (onChange does not change it in here)
            const value: unknown = field.value;
            if (trimOnBlur && typeof value === 'string' && value !== value.trim()) field.onChange(value.trim());
            if (blurTransform && typeof value === 'string' && value !== blurTransform(value)) field.onChange(blurTransform(value));
            field.onBlur();
          }}
          {...errorSlots(fieldState, helperText, message)}
        />
      )}
    />
  );
}

export interface Option {
  value: string | number;
  label: ReactNode;
}

/** A select bound to the form. */
export function FormSelect<T extends FieldValues>({
  options,
  onValueChange,
  ...props
}: BaseProps<T> & { options: Option[]; onValueChange?: (value: string) => void }) {
  const { control, name, label, helperText, transform: _transform, trimOnBlur: _trim, blurTransform: _blur, slotProps, ...rest } = props;
  const message = useMessages();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          slotProps={requiredSlots(rest.required, slotProps)}
          select
          name={field.name}
          inputRef={field.ref}
          label={label}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onValueChange?.(event.target.value);
          }}
          onBlur={field.onBlur}
          {...errorSlots(fieldState, helperText, message)}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/**
 * A checkbox bound to a boolean of the form, its label beside it and a finger's height tall; under
 * it, its error (the API's, through `applyServerErrors`) in place of `helperText`. `onValueChange`
 * is told each change (a field that the box turns off).
 */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  disabled,
  onValueChange,
}: Pick<BaseProps<T>, 'control' | 'name' | 'label' | 'helperText' | 'disabled'> & { onValueChange?: (checked: boolean) => void }) {
  const message = useMessages();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const { error, helperText: below } = errorSlots(fieldState, helperText, message);
        return (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  name={field.name}
                  inputRef={field.ref}
                  checked={Boolean(field.value)}
                  disabled={disabled}
                  onChange={(event) => {
                    field.onChange(event.target.checked);
                    onValueChange?.(event.target.checked);
                  }}
                  onBlur={field.onBlur}
                />
              }
              label={label}
              sx={{ minHeight: TAP_PX }}
            />
            {below ? (
              <FormHelperText error={error} sx={{ mt: 0 }}>
                {below}
              </FormHelperText>
            ) : null}
          </Box>
        );
      }}
    />
  );
}

/** An option of `FormSearchSelect`: its label and, in `match`, more words it is found by (a city's English name). */
export interface SearchOption {
  value: string;
  label: string;
  match?: string;
}

/** Finds an option by its label or its `match` words, anywhere in them, ignoring case (MUI's filter). */
const searchFilter = createFilterOptions<SearchOption>({ stringify: (option) => `${option.label} ${option.match ?? ''}` });

/**
 * A choice from a long list bound to the form (a state's cities): an Autocomplete, so typing finds
 * the option by its label or its `match` words (a city typed in English on a Gujarati form). Its
 * value is the option's `value` ('' when none is chosen).
 */
export function FormSearchSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  disabled,
  helperText,
}: Pick<BaseProps<T>, 'control' | 'name' | 'label' | 'required' | 'disabled' | 'helperText'> & { options: SearchOption[] }) {
  const message = useMessages();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete<SearchOption>
          options={options}
          value={options.find((option) => option.value === field.value) ?? null}
          onChange={(_event, option) => field.onChange(option?.value ?? '')}
          onBlur={field.onBlur}
          disabled={disabled}
          filterOptions={searchFilter}
          getOptionLabel={(option) => option.label}
          isOptionEqualToValue={(option, value) => option.value === value.value}
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              inputRef={field.ref}
              label={label}
              required={required}
              slotProps={required ? { inputLabel: requiredLabel(params.InputLabelProps) } : undefined}
              {...errorSlots(fieldState, helperText, message)}
            />
          )}
        />
      )}
    />
  );
}

/**
 * A phone number field (decision 039): typed or pasted the way people write Indian numbers —
 * '+91 98250 12345', '098250-12345', '0261 2345678' — it shows only what it keeps while typing
 * (`phoneWhileTyping`) and the 10 digits the spec stores once left (`normalizePhone`); the hint
 * under it shows the expected form in the interface language until an error takes its place.
 */
export function FormPhone<T extends FieldValues>(props: Omit<BaseProps<T>, 'transform' | 'blurTransform' | 'trimOnBlur'>) {
  const { t } = useTranslation('common');
  const { slotProps, helperText, ...rest } = props;
  const htmlInput = { ...(slotProps?.htmlInput as object | undefined), inputMode: 'tel' as const };
  return (
    <FormText
      autoComplete="tel-national"
      {...rest}
      transform={phoneWhileTyping}
      blurTransform={phoneWhenLeft}
      helperText={helperText ?? t('phone.hint')}
      slotProps={{ ...slotProps, htmlInput }}
    />
  );
}

/** The 10 digits of a finished number, or the text as typed for the form's rule to judge. */
function phoneWhenLeft(value: string): string {
  const digits = normalizePhone(value);
  return /^\d{10}$/.test(digits) ? digits : value.trim();
}
