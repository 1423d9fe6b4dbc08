/** A WebSocket that never touches the network; tests drive it with `open`, `receive` and `drop`. */
export class FakeWebSocket {
  static readonly instances: FakeWebSocket[] = [];
  readonly url: string;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closed = false;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.onopen?.();
  }

  receive(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }

  /** The server or network went away. */
  drop(): void {
    this.closed = true;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}
