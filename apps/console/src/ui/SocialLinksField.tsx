import type { ChangeEvent } from 'react';
import { TextArea } from './Field';

/** The store's social links, one https:// link per line (`hint` says how many, where it matters). */
export function SocialLinksField({
  value,
  onChange,
  error,
  rows,
  hint,
}: {
  value: string;
  onChange: (e: ChangeEvent<HTMLTextAreaElement>) => void;
  error?: string;
  rows: number;
  hint: string;
}) {
  return (
    <TextArea
      label="Social links"
      name="socialLinks"
      rows={rows}
      hint={hint}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
