import { ACCESS_REQUEST_LIMIT_PER_HOUR, ACCESS_REQUEST_MESSAGES, accessRequestBody, accessRequestSentSchema, type AccessRequestBody } from '@wholesail/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute } from '../../http/access';
import { AppError } from '../../http/errors';
import type { MailProvider } from '../../providers/mail';

/** The mail the operators receive: who asks, from where, and a reply goes straight to them. */
function accessRequestMail(body: AccessRequestBody, clientAddress: string, to: string) {
  const lines = [
    `${body.name} <${body.email}> asks for access to Wholesail.`,
    '',
    `Name: ${body.name}`,
    `Email: ${body.email}`,
    `Company: ${body.company || '(not given)'}`,
    `Sent from: ${clientAddress}`,
    '',
    body.message ? `Message:\n${body.message}` : 'No message.',
    '',
    'Create their organization with `npm run admin -- create-org`, or invite them from an organization’s Settings.',
  ];
  return { to, replyTo: body.email, subject: `Access request: ${body.name}${body.company ? ` (${body.company})` : ''}`, text: lines.join('\n') };
}

/**
 * POST /api/access-requests: public (sign-up is closed) and rate limited per client address. Nothing is stored:
 * the request is mailed to the operators (ACCESS_REQUEST_EMAIL), who answer the visitor by email.
 */
export function registerAccessRequestRoutes(app: FastifyInstance, deps: { mail: MailProvider; to: string }): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/access-requests',
    { schema: { body: accessRequestBody, response: { 202: accessRequestSentSchema } }, config: {
        ...publicRoute('sign-up is closed, so a visitor asks the operators for access (rate-limited per client); nothing is stored or read back'),
        rateLimit: { max: ACCESS_REQUEST_LIMIT_PER_HOUR, timeWindow: '1 hour' },
      },
    },
    async (request, reply) => {
      try {
        await deps.mail.send(accessRequestMail(request.body, request.ip, deps.to));
      } catch (error) {
        request.log.error({ err: error }, 'access request mail failed');
        throw new AppError(503, 'MAIL_UNAVAILABLE', ACCESS_REQUEST_MESSAGES.unavailable);
      }
      return reply.status(202).send({ status: 'sent', message: ACCESS_REQUEST_MESSAGES.sent });
    },
  );
}
