import type { LeadListItem } from '@wholesail/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Breadcrumb, RecordLoadError, RecordPageSkeleton } from '@/components/record-page';
import { useSession } from '@/features/auth/use-session';
import { useMembers } from '@/features/deals/deals-api';
import { isNotFound } from '@/lib/api';
import { AUTOMATION_PATH, NEW_SEQUENCE_ID } from './automation-paths';
import { DeleteSequenceButton } from './delete-sequence-button';
import { SequenceForm } from './sequence-form';
import { useSequence } from './sequences-api';

const AUTOMATION = { to: AUTOMATION_PATH, label: 'Automation' };

/** /automation/sequences/:id (and /new): the editor of one sequence as a page, so it works as well on a phone. */
export function SequenceEditorPage() {
  const { id = NEW_SEQUENCE_ID } = useParams();
  const isNew = id === NEW_SEQUENCE_ID;
  const sequence = useSequence(isNew ? null : id);
  const members = useMembers();
  const session = useSession();
  // The preview lead outlives the form: creating a sequence remounts it under its new address.
  const [previewLead, setPreviewLead] = useState<LeadListItem | null>(null);
  const me = session.status === 'signed-in' ? session.data.user : null;

  if (!isNew && sequence.isPending) return <RecordPageSkeleton label="Loading sequence" breadcrumb={<Breadcrumb parent={AUTOMATION} current="Sequence" />} />;
  if (!isNew && sequence.isError) {
    const notFound = isNotFound(sequence.error);
    return (
      <RecordLoadError
        breadcrumb={<Breadcrumb parent={AUTOMATION} current={notFound ? 'Not found' : 'Sequence'} />}
        notFound={notFound}
        noun="Sequence"
        notFoundText="It may have been deleted, or it belongs to another organization."
        message={sequence.error.message}
        onRetry={() => void sequence.refetch()}
        back={{ to: AUTOMATION_PATH, label: 'Back to automation' }}
      />
    );
  }
  const saved = isNew ? undefined : sequence.data;
  // The engine acts as the sequence's creator while a member; a new sequence's creator is the signed-in member.
  const creator = saved ? members.data?.find((m) => m.id === saved.created_by) : undefined;
  const agentName = creator?.name ?? me?.name ?? null;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <div className="flex items-center justify-between gap-3">
        <Breadcrumb parent={AUTOMATION} current={saved?.name ?? 'New sequence'} />
        {saved && <DeleteSequenceButton sequence={saved} />}
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{saved ? saved.name : 'New sequence'}</h1>
      <SequenceForm key={saved?.id ?? NEW_SEQUENCE_ID} sequence={saved} members={members.data ?? []} agentName={agentName} previewLead={previewLead} onPreviewLead={setPreviewLead} />
    </div>
  );
}
