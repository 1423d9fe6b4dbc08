import { MERGE_FIELDS, renderTemplate, SMS_BODY_MAX, smsSegments, type MergeField, type MergeValues } from '@wholesail/domain';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { fieldClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** What each field holds, for the buttons' tooltips. */
const MERGE_LABELS: { readonly [F in MergeField]: string } = {
  first_name: 'the lead’s first name',
  street: 'the property’s street',
  city: 'the property’s city',
  agent_name: 'your name, as the agent',
};

const count = (n: number) => n.toLocaleString('en-US');

/** "142 characters · 1 segment", and why a text costs more when it leaves the GSM alphabet. */
export function segmentText(text: string): string {
  const { characters, segments, encoding } = smsSegments(text);
  const base = `${count(characters)} ${characters === 1 ? 'character' : 'characters'} · ${segments} ${segments === 1 ? 'segment' : 'segments'}`;
  return encoding === 'UCS-2' ? `${base} (an emoji or special character makes each segment 70 characters instead of 160)` : base;
}

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A text: the segment counter and the phone's limit. */
  sms?: boolean;
  rows?: number;
  /** The merge fields of the preview lead and agent: shows the message as that lead would read it. */
  preview?: { values: MergeValues; leadName: string | null };
};

/** A template: merge-field buttons that insert at the cursor, the counter of a text, and a live preview. */
export function MessageField({ id, label, value, onChange, error, sms = false, rows = 4, preview }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const insert = (field: MergeField) => {
    const area = ref.current;
    const token = `{${field}}`;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    // After React writes the new value, put the cursor after the inserted field.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const rendered = preview ? renderTemplate(value, preview.values) : null;

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={`Insert a merge field into ${label.toLowerCase()}`}>
        {MERGE_FIELDS.map((field) => (
          <Button key={field} type="button" variant="outline" size="sm" className="h-7 px-2 font-mono text-xs" title={`Insert ${MERGE_LABELS[field]}`} aria-label={`Insert {${field}}`} onClick={() => insert(field)}>
            {`{${field}}`}
          </Button>
        ))}
      </div>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        maxLength={sms ? SMS_BODY_MAX : undefined}
        className={cn(fieldClassName, 'h-auto py-2')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(error && `${id}-error`, sms && `${id}-count`) || undefined}
      />
      {sms && (
        <p id={`${id}-count`} className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
          {/* Counted as sent: the merge fields filled, since a field's braces never reach the phone. */}
          {preview ? `To ${preview.leadName ?? 'a lead with no details on file'}: ` : ''}
          {segmentText(rendered ?? value)}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
      {rendered !== null && value.trim() && (
        <figure className="grid gap-1 rounded-lg border border-dashed bg-muted/40 p-3" aria-label={`Preview of ${label.toLowerCase()}`}>
          <figcaption className="text-xs font-medium text-muted-foreground">{preview?.leadName ? `As ${preview.leadName} would read it` : 'As a lead with no details on file would read it'}</figcaption>
          <p className={cn('text-sm break-words whitespace-pre-wrap', sms && 'max-w-sm rounded-2xl rounded-bl-sm bg-card px-3 py-2 shadow-xs')}>{rendered}</p>
        </figure>
      )}
    </div>
  );
}
