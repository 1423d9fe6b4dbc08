import { z } from 'zod';

/**
 * POST /api/access-requests: sign-up is closed (platform.md §5), so /signup lets a visitor ask the server's
 * operators for access. The form shows these words under its fields; the API answers them after the field's name.
 */
export const ACCESS_REQUEST_MESSAGES = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  company: 'A company name is at most 200 characters',
  message: 'A message is at most 2,000 characters',
  sent: 'Thanks — your request was sent. We will reply by email.',
  unavailable: 'Your request could not be sent just now. Please try again in a few minutes.',
} as const;

export const accessRequestBody = z
  .object({
    name: z.string({ error: ACCESS_REQUEST_MESSAGES.name }).trim().min(1, ACCESS_REQUEST_MESSAGES.name).max(200, ACCESS_REQUEST_MESSAGES.name),
    email: z.string({ error: ACCESS_REQUEST_MESSAGES.email }).trim().pipe(z.email(ACCESS_REQUEST_MESSAGES.email).max(254, ACCESS_REQUEST_MESSAGES.email)),
    company: z.string({ error: ACCESS_REQUEST_MESSAGES.company }).trim().max(200, ACCESS_REQUEST_MESSAGES.company).optional(),
    message: z.string({ error: ACCESS_REQUEST_MESSAGES.message }).trim().max(2000, ACCESS_REQUEST_MESSAGES.message).optional(),
  })
  .strict();
export type AccessRequestBody = z.infer<typeof accessRequestBody>;

/** 202: the request was mailed to the operators. */
export const accessRequestSentSchema = z.object({ status: z.literal('sent'), message: z.string() });
export type AccessRequestSent = z.infer<typeof accessRequestSentSchema>;

/** Requests one client address may send per hour (the endpoint is public). */
export const ACCESS_REQUEST_LIMIT_PER_HOUR = 5;
