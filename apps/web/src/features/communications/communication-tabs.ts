/** The tabs of /communications (?tab=…) and the names they show; the notice pages name them too. */
export const COMMUNICATION_TABS = ['send', 'conversations'] as const;
export type CommunicationTab = (typeof COMMUNICATION_TABS)[number];

export const COMMUNICATION_TAB_LABELS: Readonly<Record<CommunicationTab, string>> = {
  send: 'Dialer',
  conversations: 'Conversations',
};
