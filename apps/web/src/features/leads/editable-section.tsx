import type { LeadWrite } from '@wholesail/domain';
import { useQueryClient } from '@tanstack/react-query';
import { PencilIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { canManageOrganization, useMe } from '@/features/organization/organization-api';
import { errorText, fieldErrorsOf } from '@/lib/api';
import { editFields, formValuesOf, valueText, type EditField, type EditSection, type FormValues } from './lead-edit-fields';
import { isLeadChanged, reloadLead, useLeadSave } from './lead-edit-api';
import { EditActions, LeadEditForm } from './lead-edit-form';
import { Section } from './lead-sections';
import type { LeadDetail } from './leads-api';

export const CONFLICT_TITLE = 'Someone else changed this lead';

type Editing = { fields: EditField[]; initial: FormValues; version: number };
type Mode =
  | { kind: 'view' }
  | (Editing & { kind: 'edit'; draft?: FormValues; serverErrors?: Record<string, string> })
  | (Editing & { kind: 'conflict'; draft: FormValues; changes: LeadWrite; theirs: LeadDetail });

/** After a 409: the other member's values beside the user's, and the choice to keep theirs or overwrite them. */
function ConflictNotice({ mode, onReload, onOverwrite }: { mode: Extract<Mode, { kind: 'conflict' }>; onReload: () => void; onOverwrite: () => void }) {
  const changed = mode.fields.filter((field) => field.name in mode.changes);
  return (
    <div role="alert" className="grid gap-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-warning-foreground">
      <div className="grid gap-1">
        <p className="font-semibold">{CONFLICT_TITLE}</p>
        <p>Their version is shown now. Reload to keep it, or overwrite it with your changes.</p>
      </div>
      <dl className="grid gap-2">
        {changed.map(({ name, label, kind }) => (
          <div key={name} className="grid gap-x-3 sm:grid-cols-[10rem_1fr_1fr]">
            <dt className="font-medium">{label}</dt>
            <dd className="min-w-0 break-words">
              <span className="text-xs opacity-75">Theirs: </span>
              {valueText(kind, mode.theirs[name])}
            </dd>
            <dd className="min-w-0 break-words">
              <span className="text-xs opacity-75">Yours: </span>
              {valueText(kind, mode.changes[name as keyof LeadWrite])}
            </dd>
          </div>
        ))}
      </dl>
      <EditActions back="Reload" onBack={onReload}>
        <Button type="button" size="sm" onClick={onOverwrite}>
          Overwrite
        </Button>
      </EditActions>
    </div>
  );
}

type Props = { lead: LeadDetail; section: EditSection; title: string; children: ReactNode; className?: string };

/**
 * A lead details section with an Edit action. Save shows the new values at once and sends only what changed with
 * the version editing began from; a refusal puts the old values back and opens the form again with the user's
 * values and the server's field messages, a version conflict shows both versions.
 */
export function EditableSection({ lead, section, title, children, className }: Props) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const save = useLeadSave(lead.id);
  const client = useQueryClient();
  const me = useMe();

  const start = () => {
    const fields = editFields(lead, section);
    setMode({ kind: 'edit', fields, initial: formValuesOf(lead, fields), version: lead.version });
  };

  const send = (editing: Editing, changes: LeadWrite, draft: FormValues, version: number) => {
    setMode({ kind: 'view' });
    if (Object.keys(changes).length === 0) return;
    save.mutate(
      { changes, version },
      {
        onError: async (error) => {
          if (isLeadChanged(error)) {
            try {
              const theirs = await reloadLead(client, lead.id);
              setMode({ ...editing, kind: 'conflict', draft, changes, theirs, version: theirs.version });
            } catch (reloadError) {
              toast.error(`Your changes to ${title} were not saved`, { description: errorText(reloadError, 'Could not load the lead again.') });
            }
            return;
          }
          const serverErrors = fieldErrorsOf(error, editing.fields.map((f) => f.name));
          if (Object.keys(serverErrors).length === 0) {
            toast.error(`Your changes to ${title} were not saved`, { description: errorText(error, 'Please try again.') });
          }
          setMode({ ...editing, kind: 'edit', draft, serverErrors });
        },
      },
    );
  };

  const action =
    mode.kind === 'view' ? (
      <Button type="button" variant="ghost" size="sm" aria-label={`Edit ${title}`} onClick={start}>
        <PencilIcon aria-hidden /> Edit
      </Button>
    ) : undefined;

  return (
    <Section title={title} className={className} action={action}>
      {mode.kind === 'edit' && (
        <LeadEditForm
          fields={mode.fields}
          initial={mode.initial}
          draft={mode.draft}
          serverErrors={mode.serverErrors}
          pending={save.isPending}
          canClearDnc={canManageOrganization(me.data?.role ?? null)}
          onSave={(changes, draft) => send(mode, changes, draft, mode.version)}
          onCancel={() => setMode({ kind: 'view' })}
        />
      )}
      {mode.kind === 'conflict' && (
        <ConflictNotice mode={mode} onReload={() => setMode({ kind: 'view' })} onOverwrite={() => send(mode, mode.changes, mode.draft, mode.version)} />
      )}
      {mode.kind !== 'edit' && children}
    </Section>
  );
}
