import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../../test/harness';

describe.each(DB_KINDS)('settings saved at the same moment on %s', (kind) => {
  const t = useTestApp(kind);

  it('keeps every change when saves of different settings and keys race each other', async () => {
    const owner = await t.createOrg('Racing Realty');
    const put = (url: string, body: unknown) => t.request('PUT', url, { cookie: owner.cookie, body });
    for (let round = 0; round < 12; round++) {
      const flip = (n: number) => ((round >> n) & 1) === 1;
      const want = {
        ai: { enableRealTimeCoaching: flip(0), enableAutoEnrichment: !flip(0), enableSmartScoring: flip(1), enableConversationAnalysis: !flip(2) },
        calling: { enforceHours: flip(2), voiceProvider: (['auto', 'demo', 'twilio'] as const)[round % 3] },
      };
      const answers = await Promise.all([
        ...Object.entries(want.ai).map(([key, value]) => put('/api/organization/settings', { aiIntegration: { [key]: value } })),
        put('/api/calls/settings', { enforceHours: want.calling.enforceHours }),
        put('/api/calls/settings', { voiceProvider: want.calling.voiceProvider }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      expect((await t.request('GET', '/api/organization/settings', { cookie: owner.cookie })).json()).toEqual({ aiIntegration: want.ai });
      expect((await t.request('GET', '/api/calls/settings', { cookie: owner.cookie })).json()).toMatchObject(want.calling);
    }
  });
});
