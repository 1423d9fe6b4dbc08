import crypto from 'node:crypto';
import { demoSellerReply } from './demo-script';
import type { OutboundSms, SmsProvider, SmsSendResult } from './index';

/** The demo seller answers at most this many texts per thread per hour. */
export const DEMO_SMS_REPLIES_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

/** A demo seller's reply, to be received through the same inbound function as Twilio's webhook. */
export interface DemoReply {
  organizationId: string;
  sid: string;
  /** The lead's number (the outbound text's To). */
  from: string;
  /** The organization's number (the outbound text's From). */
  to: string;
  body: string;
}

export interface DemoTextLineOptions {
  /** An accepted text is delivered after this long (DEMO_SMS_DELIVERY_MS). */
  deliveryMs: number;
  /** The seller answers this long after the text (DEMO_SMS_REPLY_MS). */
  replyMs: number;
  onDelivered: (sid: string, at: Date) => Promise<void>;
  onReply: (reply: DemoReply) => Promise<void>;
  onError?: (error: unknown) => void;
}

type Thread = { replies: number; recent: number[] };

/**
 * The demo texting line: no carrier. An accepted text is "delivered" after `deliveryMs`, and the demo
 * seller answers after `replyMs` from a small script (demo-script.ts): one reply per outbound text, at
 * most three per thread per hour. Threads are kept in memory; a restart starts the script over.
 */
export class DemoTextLine implements SmsProvider {
  readonly kind = 'demo' as const;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly threads = new Map<string, Thread>();
  private stopped = false;

  constructor(private readonly options: DemoTextLineOptions) {}

  newSid(): string {
    return `SM${crypto.randomBytes(16).toString('hex')}`;
  }

  async send(): Promise<SmsSendResult> {
    if (this.stopped) return { ok: false, error: 'The demo line is shutting down' };
    return { ok: true, sid: this.newSid() };
  }

  accepted(message: OutboundSms & { sid: string }): void {
    if (this.stopped) return;
    this.after(this.options.deliveryMs, () => this.options.onDelivered(message.sid, new Date()));
    const reply = this.claimReply(message);
    if (reply === null) return;
    this.after(this.options.replyMs, () =>
      this.options.onReply({ organizationId: message.organizationId, sid: this.newSid(), from: message.to, to: message.from, body: reply }),
    );
  }

  /** The seller's next line for this thread, or null when the seller has answered enough this hour. */
  private claimReply(message: OutboundSms): string | null {
    const key = `${message.organizationId}:${message.to}`;
    const now = Date.now();
    const thread = this.threads.get(key) ?? { replies: 0, recent: [] };
    thread.recent = thread.recent.filter((at) => now - at < HOUR_MS);
    this.threads.set(key, thread);
    if (thread.recent.length >= DEMO_SMS_REPLIES_PER_HOUR) return null;
    thread.recent.push(now);
    return demoSellerReply(message.seller, message.body, thread.replies++);
  }

  /** Timers waiting to fire plus updates still being written (tests wait for zero). */
  get pending(): number {
    return this.timers.size + this.inFlight.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private after(ms: number, fn: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped) return;
      const tracked = fn().catch((error) => this.options.onError?.(error)).finally(() => this.inFlight.delete(tracked));
      this.inFlight.add(tracked);
    }, ms);
    timer.unref?.();
    this.timers.add(timer);
  }
}
