import { Section } from '@/features/leads/lead-sections';
import { FollowUpItem } from './follow-up-item';
import { sortTasks, usePendingTasks } from './tasks-api';

/** The lead's pending follow-ups in the Overview tab; nothing at all when there are none (or they cannot load). */
export function LeadFollowUps({ leadId }: { leadId: string }) {
  const tasks = usePendingTasks(leadId);
  if (!tasks.data || tasks.data.length === 0) return null;
  return (
    <Section title="Follow-ups">
      <ul aria-label="Lead follow-ups">
        {sortTasks(tasks.data).map((task) => (
          <FollowUpItem key={task.id} task={task} showLead={false} />
        ))}
      </ul>
    </Section>
  );
}
