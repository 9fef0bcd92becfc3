/** react-hook-form + MUI bindings used by every form. */
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';

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
 * A text field bound to the form; the error shows once the field was touched or the form
 * submitted. `required` is accepted for readability but not drawn as an asterisk, so the
 * accessible name stays exactly the label (tests use getByLabel).
 */
export function FormText<T extends FieldValues>({ control, name, label, transform, trimOnBlur, helperText, required: _required, ...rest }: BaseProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
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
          helperText={fieldState.error?.message ?? helperText}
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
  const { control, name, label, helperText, transform: _transform, trimOnBlur: _trim, required: _required, ...rest } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
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
          helperText={fieldState.error?.message ?? helperText}
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
