import {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
  useId,
} from 'react';
import { charCount } from '../forms';

interface Common {
  label: string;
  error?: string;
  hint?: string;
  /** Longest value the server takes: a live "12 / 100 characters" count, over it said plainly (no silent cut). */
  maxChars?: number;
}

/**
 * The label (with a visible "*" for required fields — hidden from the accessible name, which stays the
 * label; screen readers hear aria-required instead), hint, live count and error shared by every field. */
function Frame({
  id,
  label,
  error,
  hint,
  maxChars,
  value,
  required,
  children,
}: Common & { id: string; value: unknown; required?: boolean; children: ReactNode }) {
  const count = maxChars ? charCount(String(value ?? '')) : 0;
  const over = maxChars ? count > maxChars : false;
  return (
    <div className={error || over ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {maxChars && (
        <small id={`${id}-count`} className={over ? 'count error' : 'count hint'} aria-live="polite">
          {over
            ? `${count} / ${maxChars} characters: ${count - maxChars} too many`
            : `${count} / ${maxChars} characters`}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/**
 * What ties a control to its frame: its id (the label's `for`), the hint, count and error that describe
 * it, and whether it is invalid or required, said to screen readers.
 */
function controlProps(id: string, { hint, error, maxChars }: Common, required: boolean | undefined) {
  const describedBy =
    [hint ? `${id}-hint` : null, maxChars ? `${id}-count` : null, error ? `${id}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
    'aria-describedby': describedBy,
  };
}

type FieldProps = Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled text box; a server-side error for this field is shown (and announced) beside it. */
export function Field({ label, error, hint, maxChars, ...input }: FieldProps) {
  const id = useId();
  const common = { label, error, hint, maxChars };
  return (
    <Frame id={id} {...common} value={input.value} required={input.required}>
      <input
        {...controlProps(id, common, input.required)}
        {...input}
        // The label carries the mark; the browser's own "required" bubble would speak before ours.
        required={undefined}
      />
    </Frame>
  );
}

type AreaProps = Common & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextArea({ label, error, hint, maxChars, ...area }: AreaProps) {
  const id = useId();
  const common = { label, error, hint, maxChars };
  return (
    <Frame id={id} {...common} value={area.value} required={area.required}>
      <textarea {...controlProps(id, common, area.required)} {...area} required={undefined} />
    </Frame>
  );
}

type SelectProps = Common & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode };

export function Select({ label, error, hint, children, ...select }: SelectProps) {
  const id = useId();
  const common = { label, error, hint };
  return (
    <Frame id={id} {...common} value={select.value} required={select.required}>
      <select {...controlProps(id, common, select.required)} {...select} required={undefined}>
        {children}
      </select>
    </Frame>
  );
}

/**
 * A set of checkboxes, one per option, that chooses a list of them (scopes, events); `children` stand
 * before the options. With `errorId`, the fieldset is described by its error.
 */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  disabled,
  error,
  errorId,
  children,
}: {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange(value: T[]): void;
  disabled?: boolean;
  error?: string;
  errorId?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset aria-describedby={error && errorId ? errorId : undefined}>
      <legend>{legend}</legend>
      {children}
      {options.map((option) => (
        <label key={option} className="check">
          <input
            type="checkbox"
            disabled={disabled}
            checked={value.includes(option)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, option] : value.filter((x) => x !== option))
            }
          />
          {option}
        </label>
      ))}
      {error && (
        <small id={errorId} className="error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
