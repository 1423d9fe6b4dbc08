/** A reducer whose state lives in a small store, so that a handler knows at once what its action did. */
import { useState, useSyncExternalStore } from 'react';

export type Dispatch<A> = (action: A) => boolean;

/**
 * Like useReducer, but `dispatch` applies the reducer right away and returns whether the state changed: a
 * callback of a provider or a timer, which runs outside React's render, can then start the side effects of a
 * transition only when the reducer accepted it.
 */
export function useReducerStore<S, A>(reducer: (state: S, action: A) => S, initial: S): [S, Dispatch<A>] {
  const [store] = useState(() => {
    let state = initial;
    const listeners = new Set<() => void>();
    return {
      get: () => state,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      dispatch(action: A): boolean {
        const next = reducer(state, action);
        if (next === state) return false;
        state = next;
        for (const listener of listeners) listener();
        return true;
      },
    };
  });
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  return [state, store.dispatch];
}
