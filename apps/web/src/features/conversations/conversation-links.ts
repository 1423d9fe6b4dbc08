/** Links into the texting screen, apart from its components so that a link does not load them. */
export const LEAD_PARAM = 'lead';

/** The link that opens a lead's thread. */
export function conversationHref(leadId: string): string {
  return `/communications?tab=conversations&${LEAD_PARAM}=${encodeURIComponent(leadId)}`;
}
