/**
 * react-hook-form + MUI bindings used by every form. A field's error — a message of the shared
 * schemas or of the API, in English — shows in the interface language (`useMessages`, issue 13).
 */
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useMessages } from '../i18n';

type BaseProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Rewrites what the user typed (digits only, upper case...). */
  transform?: (value: string) => string;
  /** Trims the value when the field loses focus (contact form, spec accounts §5). */
  trimOnBlur?: boolean;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/**
 * What `required` does to a field (issue 10): the input is `required` (forms are `noValidate`,
 * so the form's own messages speak, not the browser's) and the label is marked
 * `data-required`, which the theme draws as an asterisk outside the label's text.
 */
function requiredSlots(required: boolean | undefined, slotProps: TextFieldProps['slotProps']): TextFieldProps['slotProps'] {
  if (!required) return slotProps;
  const inputLabel = { required: false, 'data-required': '' } as NonNullable<TextFieldProps['slotProps']>['inputLabel'];
  return { ...slotProps, inputLabel };
}

/** A text field bound to the form; the error shows once the field was touched or the form submitted. */
export function FormText<T extends FieldValues>({ control, name, label, transform, trimOnBlur, helperText, slotProps, ...rest }: BaseProps<T>) {
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
          onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
          onBlur={() => {
            if (trimOnBlur && typeof field.value === 'string' && field.value !== field.value.trim()) field.onChange(field.value.trim());
            field.onBlur();
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? message(fieldState.error.message) : helperText}
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
  const { control, name, label, helperText, transform: _transform, trimOnBlur: _trim, slotProps, ...rest } = props;
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
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? message(fieldState.error.message) : helperText}
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
