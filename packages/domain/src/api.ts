/** zod schemas of the HTTP API shared by server and web. Records use snake_case, as in the spec. */
import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const organizationNameSchema = z
  .string({ error: 'Organization name is required' })
  .trim()
  .min(2, 'Organization name must be at least 2 characters')
  .max(100, 'Organization name must be at most 100 characters');

export const createOrganizationBody = z.object({ org_name: organizationNameSchema }).strict();
export const updateOrganizationBody = z.object({ name: organizationNameSchema }).strict();

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  role: z.enum(['owner', 'admin', 'member']).nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const aiIntegrationSchema = z
  .object({
    enableRealTimeCoaching: z.boolean(),
    enableAutoEnrichment: z.boolean(),
    enableSmartScoring: z.boolean(),
    enableConversationAnalysis: z.boolean(),
  })
  .strict();
export type AiIntegration = z.infer<typeof aiIntegrationSchema>;

export const DEFAULT_AI_INTEGRATION: AiIntegration = {
  enableRealTimeCoaching: true,
  enableAutoEnrichment: true,
  enableSmartScoring: true,
  enableConversationAnalysis: true,
};

export const organizationSettingsSchema = z.object({ aiIntegration: aiIntegrationSchema }).strict();
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
/** PUT accepts a partial aiIntegration block; unknown keys are refused. */
export const updateSettingsBody = z.object({ aiIntegration: aiIntegrationSchema.partial().strict() }).strict();

export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES),
  created_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const emailSchema = z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email('Enter a valid email address'));

export const createInvitationBody = z
  .object({ email: emailSchema, role: z.enum(['admin', 'member']).default('member') })
  .strict();

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the public invitation page may see about a token. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  organization_name: z.string(),
  role: z.enum(MEMBER_ROLES),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** Signed-out invitees create their account (name, password); signed-in ones send nothing. */
export const acceptInvitationBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters').optional(),
    password: passwordSchema.optional(),
    /** The `proof` of the mailed link: the invitee opened it from the invited mailbox. */
    emailProof: z.string().max(200, 'emailProof: at most 200 characters').optional(),
  })
  .strict();

/** A row change pushed over WS /api/realtime. */
export const realtimeEventSchema = z.object({
  table: z.string(),
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  record: z.record(z.string(), z.unknown()),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
