import { z } from 'zod';

/**
 * What an API key may do (issue 24). A route names the one scope a key needs to call it; routes that name none
 * (account, members, keys, billing, settings) never open to a key.
 */
export const API_KEY_SCOPES = [
  'leads:read', 'leads:write', 'calls:read', 'texts:read', 'texts:write',
  'deals:read', 'deals:write', 'buyers:read', 'buyers:write', 'webhooks:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope opens, in words a team lead reads on the developer page. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'leads:read': 'Read leads, their activity, tasks and the Do-Not-Contact list',
  'leads:write': 'Create, change and delete leads; list numbers as Do Not Contact',
  'calls:read': 'Read calls and their transcripts',
  'texts:read': 'Read text conversations',
  'texts:write': 'Send texts (through the same compliance checks as the app)',
  'deals:read': 'Read deals, offers and their timeline',
  'deals:write': 'Open and change deals, record offers, move stages',
  'buyers:read': 'Read buyers and their matches',
  'buyers:write': 'Create, change, import and delete buyers',
  'webhooks:write': 'Manage webhook endpoints',
};

/** The part of a key that finds it (shown in lists); the secret follows it after an underscore. */
export const API_KEY_PREFIX_PATTERN = /^wsk_[A-Za-z0-9]{8}$/;

export const API_KEY_MESSAGES = {
  invalid: 'The API key is not valid. Check that it was copied whole.',
  revoked: 'This API key was revoked.',
  expired: 'This API key has expired.',
  ownerGone: 'The member who created this API key is no longer in the organization. Create a new key.',
  notForKeys: 'API keys cannot call this route. Sign in to the app to do this.',
  missingScope: (scope: string) => `This API key lacks the scope ${scope}.`,
  rateLimited: (perMinute: number) => `This API key made more than ${perMinute} requests in a minute. Wait and try again.`,
  notFound: 'API key not found',
} as const;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.string(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** POST /api/api-keys's answer: the key itself, this once and never again. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const scopeSchema = z.enum(API_KEY_SCOPES, { error: (issue) => `scopes: ${String(issue.input)} is not a scope (${API_KEY_SCOPES.join(', ')})` });

export const createApiKeyBody = z
  .object({
    name: z.string({ error: 'name: enter a name for the key' }).trim().min(1, 'name: enter a name for the key').max(100, 'name: must be at most 100 characters'),
    scopes: z
      .array(scopeSchema, { error: 'scopes: expected a list of scopes' })
      .min(1, 'scopes: choose at least one scope')
      .transform((list) => [...new Set(list)]),
    expires_at: z.iso
      .datetime({ offset: true, error: 'expires_at: expected a date and time such as 2027-01-31T00:00:00Z' })
      .refine((v) => new Date(v).getTime() > Date.now(), 'expires_at: must be in the future')
      .nullable()
      .optional(),
  })
  .strict();
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;
