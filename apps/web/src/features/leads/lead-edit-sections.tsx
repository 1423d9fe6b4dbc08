import { EditableSection } from './editable-section';
import { isPopulated } from './lead-format';
import { EmptyText, field, FieldGrid } from './lead-sections';
import { LeadStatusBadge } from './lead-status-badge';
import type { LeadDetail } from './leads-api';
import { MotivationIndicator } from './motivation-indicator';
import { TagList } from './tag-list';

/** Where the lead is in the pipeline, how motivated, and its tags. */
export function StatusTagsSection({ lead }: { lead: LeadDetail }) {
  const tags = lead.badges ?? [];
  return (
    <EditableSection lead={lead} section="status" title="Status and tags">
      <FieldGrid
        columns={3}
        items={[
          field('Status', <LeadStatusBadge status={lead.status} />, Boolean(lead.status)),
          field('Motivation', <MotivationIndicator score={lead.motivation_score} showLabel />, true),
          field('Tags', tags.length > 0 ? <TagList tags={tags} /> : 'No tags', tags.length > 0),
        ]}
      />
    </EditableSection>
  );
}

export function NotesSection({ lead }: { lead: LeadDetail }) {
  return (
    <EditableSection lead={lead} section="notes" title="Notes">
      {isPopulated(lead.notes) ? <p className="text-sm whitespace-pre-wrap">{lead.notes}</p> : <EmptyText>No notes yet</EmptyText>}
    </EditableSection>
  );
}

/** The lead's own Do Not Call flag (its listed numbers show under its name). */
export function DncSection({ lead }: { lead: LeadDetail }) {
  return (
    <EditableSection lead={lead} section="dnc" title="Do Not Call setting">
      <p className="text-sm">{lead.dnc_status ? 'On: no one in your organization can call or text this lead.' : 'Off: this lead may be called and texted.'}</p>
    </EditableSection>
  );
}
