import type { Member } from '@wholesail/domain';
import { FieldError } from '@/components/ui/field-error';

type Props = { id: string; legend: string; hint?: string; members: readonly Member[]; value: readonly string[]; error?: string; onChange: (ids: string[]) => void };

/** Several members, ticked in a list (for a round robin, or the members to notify). */
export function MemberChecklist({ id, legend, hint, members, value, error, onChange }: Props) {
  const toggle = (memberId: string, on: boolean) => onChange(on ? [...value, memberId] : value.filter((v) => v !== memberId));
  return (
    <fieldset className="grid gap-1.5" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <div className="grid gap-1 sm:grid-cols-2">
        {members.map((m) => (
          <label key={m.id} className="flex min-h-9 items-center gap-2 rounded-md px-1 text-sm hover:bg-muted/50">
            <input type="checkbox" className="size-4 accent-primary" checked={value.includes(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />
            <span className="truncate">{m.name || m.email}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
