/** The merge fields of a chosen lead, for the editor's live preview. */
import { leadGreeting, type LeadListItem, type MergeValues } from '@wholesail/domain';

/** The values the engine fills for this lead (the domain's leadGreeting, as the server's mergeValues); the agent is the member who will send. */
export function previewValues(lead: LeadListItem | null, agentName: string | null): MergeValues {
  if (!lead) return { agent_name: agentName };
  const { firstName, street, city } = leadGreeting(lead);
  return { first_name: firstName, street, city, agent_name: agentName };
}
