import crypto from 'node:crypto';
import type { ProviderCall, StatusListener, VoiceProvider } from './index';

export interface DemoLineOptions {
  /** How long the demo line rings before the lead answers (DEMO_RING_MS, about 2 s). */
  ringMs: number;
  onStatus: StatusListener;
  onError?: (error: unknown) => void;
}

/**
 * The demo line: no carrier. A dialled call rings at once and is answered after `ringMs`; each step is
 * reported through `onStatus`. One timer per live call, in this process; hang-up and app close clear it.
 * (The scripted conversation is a later part of issue 4.)
 */
export class DemoLine implements VoiceProvider {
  readonly kind = 'demo' as const;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly options: DemoLineOptions) {}

  newCallSid(): string {
    return `CA${crypto.randomBytes(16).toString('hex')}`;
  }

  async startCall(call: ProviderCall): Promise<void> {
    if (this.stopped) return;
    this.report(call, 'ringing');
    const timer = setTimeout(() => {
      this.timers.delete(call.id);
      this.report(call, 'in-progress');
    }, this.options.ringMs);
    timer.unref?.();
    this.timers.set(call.id, timer);
  }

  async hangup(callId: string): Promise<void> {
    clearTimeout(this.timers.get(callId));
    this.timers.delete(callId);
  }

  /** Calls with a pending timer (tests). */
  get activeCalls(): number {
    return this.timers.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private report(call: ProviderCall, status: 'ringing' | 'in-progress'): void {
    if (this.stopped) return;
    const write = this.options
      .onStatus(call, status, new Date())
      .catch((error) => this.options.onError?.(error))
      .finally(() => this.inFlight.delete(write));
    this.inFlight.add(write);
  }
}
