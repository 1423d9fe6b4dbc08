import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_INTEGRATION } from './api';
import { DEFAULT_CALLING_SETTINGS } from './calls/call-api';
import { readSettingsSection } from './settings';

describe('settings sections', () => {
  it('reads a section never saved as its defaults', () => {
    expect(readSettingsSection('aiIntegration', null)).toEqual(DEFAULT_AI_INTEGRATION);
    expect(readSettingsSection('calling', undefined)).toEqual(DEFAULT_CALLING_SETTINGS);
    expect(DEFAULT_CALLING_SETTINGS).toMatchObject({ enforceHours: true, voiceProvider: 'auto', callsPerNumberPer24h: 3 });
  });

  it('keeps each stored key that fits and defaults the others, one by one', () => {
    expect(readSettingsSection('calling', { enforceHours: false, voiceProvider: 'fax', callsPerNumberPer24h: 5 }))
      .toEqual({ ...DEFAULT_CALLING_SETTINGS, enforceHours: false, callsPerNumberPer24h: 5 });
    expect(readSettingsSection('aiIntegration', { enableSmartScoring: false, enableAutoEnrichment: 'no', stray: 1 })).toEqual({
      ...DEFAULT_AI_INTEGRATION, enableSmartScoring: false,
    });
    expect(readSettingsSection('calling', 'not an object')).toEqual(DEFAULT_CALLING_SETTINGS);
  });
});
