/**
 * The texting provider (DESIGN.md "Outside services"): Twilio's Messages API when the server has Twilio
 * credentials and the organization's line is Twilio (Settings → Voice & Dialer), otherwise the demo line.
 * Delivery progress comes back through one status function (Twilio's status callback, or the demo line's
 * timer) and replies through one inbound function (Twilio's inbound webhook, or the demo seller).
 */
import type { ConversationContext } from '../voice';

export interface OutboundSms {
  conversationId: string;
  organizationId: string;
  /** Absent for a text to a number that is no lead's (a buyer). */
  leadId?: string;
  from: string;
  to: string;
  body: string;
  /** Who the lead is, for the demo seller's replies. */
  seller?: ConversationContext;
}

export type SmsSendResult = { ok: true; sid: string } | { ok: false; error: string };

export interface SmsProvider {
  readonly kind: 'demo' | 'twilio';
  /** Hands the text to the provider: its message sid once accepted, or why it was not. Never throws. */
  send(message: OutboundSms): Promise<SmsSendResult>;
  /** Called once the accepted text is stored with its sid (the demo line starts delivery and the reply here). */
  accepted?(message: OutboundSms & { sid: string }): void;
  /** Stops timers and waits for writes in flight (app close). */
  stop(): Promise<void>;
}

export { DemoTextLine, DEMO_SMS_REPLIES_PER_HOUR, type DemoReply } from './demo';
export { TwilioSms, SMS_STATUS_PATH, type MessageCreate } from './twilio';
