import { z } from 'zod';
import { aiIntegrationSchema, DEFAULT_AI_INTEGRATION } from './api';
import { callingSettingsSchema, DEFAULT_CALLING_SETTINGS } from './calls/call-api';
import { dealSettingsSchema, DEFAULT_DEAL_SETTINGS } from './deals/deal-settings';
import { DEFAULT_REPORTING_SETTINGS, reportingSettingsSchema } from './analytics/analytics-api';
import { DEFAULT_ONBOARDING_SETTINGS, onboardingSettingsSchema } from './onboarding';

/**
 * The organization's settings, one typed section per area. Each section is stored under its name in
 * organization_settings.settings and a save changes only the keys it sends, so saves of different settings
 * made at the same moment all stand.
 */
export const SETTINGS_SECTIONS = {
  aiIntegration: { schema: aiIntegrationSchema, defaults: DEFAULT_AI_INTEGRATION },
  calling: { schema: callingSettingsSchema, defaults: DEFAULT_CALLING_SETTINGS },
  deals: { schema: dealSettingsSchema, defaults: DEFAULT_DEAL_SETTINGS },
  reporting: { schema: reportingSettingsSchema, defaults: DEFAULT_REPORTING_SETTINGS },
  onboarding: { schema: onboardingSettingsSchema, defaults: DEFAULT_ONBOARDING_SETTINGS },
} as const;

export type SettingsSectionName = keyof typeof SETTINGS_SECTIONS;
export type SettingsSection<K extends SettingsSectionName> = z.infer<(typeof SETTINGS_SECTIONS)[K]['schema']>;

/** A section as stored (anything: never saved, older or hand-edited) over its defaults, key by key. */
export function readSettingsSection<K extends SettingsSectionName>(name: K, stored: unknown): SettingsSection<K> {
  const { schema, defaults } = SETTINGS_SECTIONS[name];
  const given = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => {
      const value = shape[key]!.safeParse(given[key]);
      return [key, value.success ? value.data : fallback];
    }),
  ) as SettingsSection<K>;
}
