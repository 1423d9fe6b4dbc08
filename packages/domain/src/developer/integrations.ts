import { z } from 'zod';

/**
 * The outside services the server knows (issue 24, docs/integrations.md). Each has a status per organization
 * (last success, last error) and a "Test connection" that makes one harmless call.
 */
export const INTEGRATION_IDS = ['twilio_voice', 'twilio_messaging', 'llm', 'batchdata', 'google_maps', 'smtp', 'storage'] as const;
export type IntegrationId = (typeof INTEGRATION_IDS)[number];

/** The Google Maps key is a browser key: its test runs in the admin's browser, which reports the outcome. */
export const BROWSER_TESTED: ReadonlySet<IntegrationId> = new Set(['google_maps']);

export const integrationSchema = z.object({
  id: z.enum(INTEGRATION_IDS),
  name: z.string(),
  /** What the product uses it for, in one sentence. */
  purpose: z.string(),
  /** Whether the server has the settings for the real service; false means the local fallback in `mode` runs. */
  configured: z.boolean(),
  /** What runs now: "Twilio", "Demo line (simulated)", "Mail outbox table (no SMTP)", "S3 bucket …". */
  mode: z.string(),
  /** Which account, host, model or place, with secrets masked (never a key, token or password). */
  detail: z.string(),
  /** The environment variables that configure it. */
  settings: z.array(z.string()),
  /** What "Test connection" does and what it costs. */
  test: z.string(),
  /** Where the test runs: on the server, or in the browser (the Maps key only works from the site's pages). */
  tested_in: z.enum(['server', 'browser']),
  last_success_at: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;
export const integrationListSchema = z.object({ items: z.array(integrationSchema) });

export const integrationTestResultSchema = z.object({
  ok: z.boolean(),
  /** False when nothing was called (not configured, or the Maps key without the browser's report): nothing is recorded. */
  checked: z.boolean(),
  /** What happened, in a sentence: the provider's answer or its error in words. */
  message: z.string(),
  duration_ms: z.number().int().min(0),
  checked_at: z.string(),
});
export type IntegrationTestResult = z.infer<typeof integrationTestResultSchema>;

/** POST /api/integrations/:id/test: the browser's own check of the Maps key; other providers take no body. */
export const integrationTestBody = z
  .object({
    browser: z
      .object({
        ok: z.boolean({ error: 'browser.ok: expected true or false' }),
        message: z.string({ error: 'browser.message: expected a sentence' }).trim().min(1, 'browser.message: expected a sentence').max(500, 'browser.message: must be at most 500 characters'),
        duration_ms: z.number({ error: 'browser.duration_ms: expected milliseconds' }).int('browser.duration_ms: expected whole milliseconds').min(0, 'browser.duration_ms: expected milliseconds').max(120_000, 'browser.duration_ms: must be at most 120000'),
      })
      .strict()
      .optional(),
  })
  .strict();
export type IntegrationTestBody = z.input<typeof integrationTestBody>;

export const integrationParams = z.object({
  id: z.enum(INTEGRATION_IDS, { error: `id: expected one of ${INTEGRATION_IDS.join(', ')}` }),
});

export const INTEGRATION_MESSAGES = {
  notConfigured: (settings: readonly string[]) => `Not configured: set ${settings.join(', ')}`,
  browserOnly:
    'The Google Maps key is a browser key restricted to your site’s address, so Google refuses it from the server. Press Test connection on the Integrations page: your browser loads Google Maps with it and reports the outcome.',
  timedOut: (name: string, seconds: number) => `${name} did not answer within ${seconds} s`,
} as const;
