/** A text handed to a lead's composer from elsewhere (an Ask AI answer): taken once, when the composer opens. */
const drafts = new Map<string, string>();

export function setTextDraft(leadId: string, body: string): void {
  drafts.set(leadId, body);
}

export function takeTextDraft(leadId: string): string {
  const body = drafts.get(leadId) ?? '';
  drafts.delete(leadId);
  return body;
}
