/**
 * Fakes shared by the voice device tests: the API client, the toasts and the Twilio SDK's Device. Kept free of
 * app imports so each test file's vi.mock factories can load them.
 */
import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/** The on/emit half of the SDK's EventEmitter. */
class Emitter {
  private readonly listeners = new Map<string, Listener[]>();
  on(name: string, listener: Listener) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  emit(name: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(name) ?? []) listener(...args);
  }
}

class FakeCall extends Emitter {
  readonly muted: boolean[] = [];
  readonly digits: string[] = [];
  disconnects = 0;
  mute(muted: boolean) {
    this.muted.push(muted);
  }
  sendDigits(digits: string) {
    this.digits.push(digits);
  }
  disconnect() {
    this.disconnects += 1;
  }
}

export class FakeDevice extends Emitter {
  static instances: FakeDevice[] = [];
  readonly updatedTokens: string[] = [];
  readonly connections: Array<{ options: unknown; call: FakeCall }> = [];
  destroyed = false;
  constructor(
    readonly token: string,
    readonly options: unknown,
  ) {
    super();
    FakeDevice.instances.push(this);
  }
  updateToken(token: string) {
    this.updatedTokens.push(token);
  }
  async connect(options: unknown) {
    const call = new FakeCall();
    this.connections.push({ options, call });
    return call;
  }
  destroy() {
    this.destroyed = true;
  }
}

export const apiRequest = vi.fn();
export const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() });
