/**
 * A form's two buttons: Cancel, then the submit button named for what it does ("Save endpoint", "Send
 * invitation"), disabled while `disabled` (the form is saving, or not filled in enough to send).
 */
export function FormActions({
  submit,
  disabled,
  onCancel,
}: {
  submit: string;
  disabled: boolean;
  onCancel(): void;
}) {
  return (
    <div className="actions">
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" disabled={disabled}>
        {submit}
      </button>
    </div>
  );
}
