import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/types';
import type { MailProvider } from '../providers/mail';
import { authInputHook } from './input';

export const CLIENT_IP_HEADER = 'x-wholesail-client-ip';
const RESET_TOKEN_SECONDS = 60 * 60;

export interface AuthOptions {
  db: Kysely<DB>;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  idleHours: number;
  signInLimit: number;
  resetLimit: number;
  rateWindowSeconds: number;
  mail: MailProvider;
  log: FastifyBaseLogger;
  /** Told once a change better-auth made to a session or a user is committed (session-cache.ts). */
  onSessionsChanged: () => void;
}

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/** @node-rs/argon2 hashes with argon2id by default (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function createAuth(o: AuthOptions) {
  const idleSeconds = o.idleHours * 3600;
  return betterAuth({
    appName: 'Wholesail',
    baseURL: o.publicUrl,
    basePath: '/api/auth',
    secret: o.secret,
    trustedOrigins: o.trustedOrigins,
    telemetry: { enabled: false },
    database: { db: o.db, type: 'postgres' },
    user: { modelName: 'users', fields: { emailVerified: 'email_verified', ...timestamps } },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    session: {
      modelName: 'sessions',
      fields: { userId: 'user_id', expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', ...timestamps },
      // Idle limit: a session unused for idleSeconds expires; each use after updateAge slides it forward.
      expiresIn: idleSeconds,
      updateAge: Math.min(24 * 3600, Math.floor(idleSeconds / 4)),
    },
    verification: { modelName: 'verifications', fields: { expiresAt: 'expires_at', ...timestamps } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      fields: { lastRequest: 'last_request' },
      window: o.rateWindowSeconds,
      max: 100,
      customRules: {
        '/sign-in/email': { window: o.rateWindowSeconds, max: o.signInLimit },
        '/request-password-reset': { window: o.rateWindowSeconds, max: o.resetLimit },
        '/reset-password': { window: o.rateWindowSeconds, max: o.resetLimit * 2 },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Accounts come from the admin CLI and invitations (modules/organizations), never from sign-up.
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: ({ hash: h, password }) => verify(h, password) },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await o.mail.send({
          to: user.email,
          subject: 'Reset your Wholesail password',
          text:
            `Hi ${user.name},\n\nSomeone asked to reset the password of your Wholesail account. ` +
            `Open this link to choose a new one (it works once and expires in 1 hour):\n\n${url}\n\n` +
            'If you did not ask for this, ignore this email: your password stays the same.',
        });
      },
    },
    hooks: { before: authInputHook },
    // After the change is committed: a session signed out, renewed or revoked, a user changed.
    databaseHooks: {
      session: { update: { after: async () => o.onSessionsChanged() }, delete: { after: async () => o.onSessionsChanged() } },
      user: { update: { after: async () => o.onSessionsChanged() }, delete: { after: async () => o.onSessionsChanged() } },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: o.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      cookiePrefix: 'wholesail',
    },
    logger: {
      log(level, message, ...args) {
        o.log[level]({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
