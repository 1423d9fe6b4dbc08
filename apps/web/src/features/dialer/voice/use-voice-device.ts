/** React access to the voice device singleton (voice-device.ts). */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ActiveVoiceCall, ConnectParams } from './voice-line';
import { voiceDevice, type VoiceDeviceSnapshot } from './voice-device';

export type UseVoiceDevice = VoiceDeviceSnapshot & { connect: (params: ConnectParams) => Promise<ActiveVoiceCall> };

/**
 * The device status, re-rendering on every change, and `connect`. Mounting initializes the device; unmounting
 * leaves it open, because the device is shared by every dialer and is not re-initialised once ready.
 */
export function useVoiceDevice(): UseVoiceDevice {
  const snapshot = useSyncExternalStore(voiceDevice.subscribe, voiceDevice.getSnapshot, voiceDevice.getSnapshot);
  useEffect(() => {
    void voiceDevice.initialize();
  }, []);
  return useMemo(() => ({ ...snapshot, connect: voiceDevice.connect }), [snapshot]);
}
