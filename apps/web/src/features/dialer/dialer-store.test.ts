import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dialerStore, useDialer } from './dialer-store';

const data = { leadId: 'lead-1', name: 'Ana Owner', address: '12 Oak St', phone: '+15125550100', email: 'ana@example.com' };

afterEach(() => dialerStore.close());

describe('dialer store', () => {
  it('starts closed, opens with the dialer data and closes again', () => {
    const { result } = renderHook(() => useDialer());
    expect(result.current.isOpen).toBe(false);
    expect(result.current.data).toBeNull();
    act(() => result.current.open(data));
    expect(result.current.isOpen).toBe(true);
    expect(result.current.data).toEqual(data);
    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
    expect(result.current.data).toBeNull();
  });

  it('shares one state between components and outside React', () => {
    const first = renderHook(() => useDialer());
    const second = renderHook(() => useDialer());
    act(() => dialerStore.open(data));
    expect(first.result.current.data?.leadId).toBe('lead-1');
    expect(second.result.current.isOpen).toBe(true);
    expect(dialerStore.getState().isOpen).toBe(true);
  });
});
