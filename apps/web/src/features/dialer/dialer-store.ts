/** The global dialer state of platform.md §2: an open flag and the dialer data, with open and close actions. */
import { useSyncExternalStore } from 'react';

/** Dialer data of dialer.md §3. */
export type DialerData = {
  leadId: string;
  name: string;
  address: string;
  phone: string;
  email: string;
  /** The lead's version when the dialer was opened: an outcome saved offline is checked against it. */
  version?: number | null;
};

export type DialerState = { readonly isOpen: boolean; readonly data: DialerData | null };

const CLOSED: DialerState = { isOpen: false, data: null };

let state: DialerState = CLOSED;
const listeners = new Set<() => void>();

function setState(next: DialerState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const dialerStore = {
  getState: (): DialerState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open(data: DialerData): void {
    setState({ isOpen: true, data });
  },
  close(): void {
    setState(CLOSED);
  },
};

/** The current dialer state; re-renders when it is opened or closed. */
export function useDialerState(): DialerState {
  return useSyncExternalStore(dialerStore.subscribe, dialerStore.getState, dialerStore.getState);
}

/** The state with its actions, for components that open or close the dialer. */
export function useDialer(): DialerState & { open: (data: DialerData) => void; close: () => void } {
  const current = useDialerState();
  return { ...current, open: dialerStore.open, close: dialerStore.close };
}
