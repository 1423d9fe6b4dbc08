import { z } from 'zod';

/**
 * The setup checklist of a new organization (issue 25, /onboarding). Each item ticks itself from the organization's
 * own data, never from a click; `href` is where it is done.
 */
export const ONBOARDING_ITEMS = [
  { key: 'named', title: 'Name your organization', text: 'The name your team and your buyers see.', href: '/settings', action: 'Open settings' },
  { key: 'phone_number', title: 'Add a phone number', text: 'The number your team calls and texts from (the demo line works until you add one).', href: '/settings/voice-dialer', action: 'Add a number' },
  { key: 'team_invited', title: 'Invite your team', text: 'Acquisition reps, dispositions and your VA, each with their own sign-in.', href: '/settings', action: 'Invite someone' },
  { key: 'leads_imported', title: 'Import your leads', text: 'A CSV from your list provider; columns are matched for you.', href: '/leads', action: 'Import a list' },
  { key: 'first_call', title: 'Place your first call', text: 'From a lead’s page, with live transcription and coaching.', href: '/leads', action: 'Find a lead to call' },
  { key: 'first_text', title: 'Send your first text', text: 'Every text goes through the same compliance checks as a call.', href: '/communications', action: 'Open messages' },
  { key: 'ai_decided', title: 'Set up AI, or leave it off', text: 'Choose which AI helpers run for your team; saving the choice ticks this, on or off.', href: '/settings', action: 'Choose AI settings' },
  { key: 'first_deal', title: 'Open your first deal', text: 'Track offers, the contract and your assignment fee.', href: '/revenue', action: 'Open the pipeline' },
] as const;
export type OnboardingKey = (typeof ONBOARDING_ITEMS)[number]['key'];

export const onboardingSchema = z.object({
  items: z.array(z.object({ key: z.enum(ONBOARDING_ITEMS.map((i) => i.key) as [OnboardingKey, ...OnboardingKey[]]), done: z.boolean() })),
  done: z.number(),
  total: z.number(),
  complete: z.boolean(),
  dismissed_at: z.string().nullable(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** POST /api/onboarding/dismiss: hide the checklist (true) or bring it back (false). */
export const dismissOnboardingBody = z.object({ dismissed: z.boolean({ error: 'dismissed: expected true or false' }) }).strict();

/** The organization's choice about the checklist, a settings section. */
export const onboardingSettingsSchema = z.object({ dismissedAt: z.string().nullable() });
export const DEFAULT_ONBOARDING_SETTINGS: z.infer<typeof onboardingSettingsSchema> = { dismissedAt: null };

/** Where a signed-in owner or admin lands: the checklist while it is open, else where they were going. */
export const ONBOARDING_PATH = '/onboarding';
export function landingAfterSignIn(destination: string, defaultRoute: string, onboarding: Pick<Onboarding, 'complete' | 'dismissed_at'> | null): string {
  if (destination !== defaultRoute || !onboarding) return destination;
  return onboarding.complete || onboarding.dismissed_at ? destination : ONBOARDING_PATH;
}
