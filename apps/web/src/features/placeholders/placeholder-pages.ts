/** What each page of a later release will hold, in one plain sentence (no sample data). */
export const PLACEHOLDER_PAGES = {
  leads: {
    title: 'Leads',
    description: 'Your lead lists: filter by status, value and tags, search by owner, address, phone or email, and sort by motivation score.',
  },
  leadDetail: { title: 'Lead details', description: 'One lead’s full record: owner, contact, property, financial and distress details, notes and call history.' },
  top10: { title: 'Top 10', description: 'Your ten best leads right now, ranked by a composite score of motivation, value, equity, distress signals and recent contact.' },
  voiceDialer: { title: 'Voice & Dialer Settings', description: 'Your organization’s phone numbers, the default caller number of each team member, and calling hours.' },
  billing: { title: 'Billing', description: 'Your plan, seats, AI token and lead-import usage, invoices and payment method.' },
  communications: {
    title: 'Communications',
    description: 'The browser dialer with live transcription and AI coaching, and your SMS conversations with leads, in one place.',
  },
  dataMaintenance: { title: 'Data maintenance', description: 'Find duplicate leads, fix bad phone numbers and re-run enrichment on stale records.' },
  superAdmin: { title: 'Super admin', description: 'Platform administration across organizations: accounts, plans and usage.' },
} as const satisfies Record<string, { title: string; description: string }>;

export type PlaceholderPageKey = keyof typeof PLACEHOLDER_PAGES;
