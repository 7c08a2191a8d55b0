import { ChangeEvent, ComponentProps, useMemo } from 'react';
import { countries, MAX_CHARS } from '../forms';
import { Field, Select, TextArea } from './Field';

/** The store form's values and server refusals, by field name (`address.city` for the address's parts). */
type Values = Record<string, string>;
type Change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;

/**
 * The store form's text field `name` (Settings, the setup wizard): its value, its refusal, and the live
 * count of the fields people write at length; `extra` is anything else an <input> takes.
 */
export function storeFields(values: Values, errors: Values, set: (name: string) => Change) {
  return (name: string, label: string, extra: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field
      key={name}
      label={label}
      name={name}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      maxChars={MAX_CHARS[name]}
      {...extra}
    />
  );
}

/** "Fields marked * are required." (the star is the label's mark; screen readers hear "as required"). */
export function RequiredNote() {
  return (
    <p className="hint">
      Fields marked <span aria-hidden="true">*</span>
      <span className="visually-hidden">as required</span> are required.
    </p>
  );
}

/** The store's description: a few lines, with a live count. */
export function DescriptionField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: Change;
  error?: string;
}) {
  return (
    <TextArea
      label="Description"
      name="description"
      rows={3}
      value={value}
      onChange={onChange}
      error={error}
      maxChars={MAX_CHARS.description}
    />
  );
}

/** The address's country, chosen from every ISO 3166 country by its name in the browser's language. */
export function CountrySelect({
  value,
  onChange,
  error,
  autoComplete,
}: {
  value: string;
  onChange: Change;
  error?: string;
  autoComplete?: string;
}) {
  const list = useMemo(() => countries(), []);
  return (
    <Select
      label="Country"
      name="address.country"
      required
      autoComplete={autoComplete}
      value={value}
      onChange={onChange}
      error={error}
    >
      <option value="">Choose a country</option>
      {list.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </Select>
  );
}

export { attention } from '../api';
