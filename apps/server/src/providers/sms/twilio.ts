import twilio from 'twilio';
import type { TwilioConfig } from '../../config';
import type { OutboundSms, SmsProvider, SmsSendResult } from './index';

/** Where Twilio reports a text's delivery (docs/api-conversations.md). */
export const SMS_STATUS_PATH = '/api/webhooks/twilio/sms-status';

export type MessageCreate = (params: { from: string; to: string; body: string; statusCallback: string }) => Promise<{ sid: string }>;

/** A Twilio REST error as one line: its message and code. */
function errorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; code?: unknown };
    const message = typeof e.message === 'string' && e.message ? e.message : 'Twilio did not accept the message';
    return e.code !== undefined && e.code !== null ? `${message} (Twilio error ${String(e.code)})` : message;
  }
  return 'Twilio did not accept the message';
}

/**
 * Texts through Twilio's Messages API with the account SID and auth token, from the organization number
 * the gate chose, with a status callback to `PUBLIC_URL/api/webhooks/twilio/sms-status`. `create` may be
 * replaced (tests); by default it is the Twilio client's `messages.create`, created on first use.
 */
export class TwilioSms implements SmsProvider {
  readonly kind = 'twilio' as const;
  readonly statusCallback: string;
  create: MessageCreate;
  /** Hears each send's outcome for its organization (the Integrations screen's status); must not throw. */
  onOutcome?: (organizationId: string, result: SmsSendResult) => Promise<void>;

  constructor(config: Pick<TwilioConfig, 'accountSid' | 'authToken'>, publicUrl: string) {
    this.statusCallback = `${publicUrl}${SMS_STATUS_PATH}`;
    let client: ReturnType<typeof twilio> | null = null;
    this.create = (params) => {
      client ??= twilio(config.accountSid, config.authToken);
      return client.messages.create(params);
    };
  }

  async send(message: OutboundSms): Promise<SmsSendResult> {
    let result: SmsSendResult;
    try {
      const created = await this.create({ from: message.from, to: message.to, body: message.body, statusCallback: this.statusCallback });
      result = { ok: true, sid: created.sid };
    } catch (error) {
      result = { ok: false, error: errorText(error) };
    }
    await this.onOutcome?.(message.organizationId, result);
    return result;
  }

  async stop(): Promise<void> {}
}
