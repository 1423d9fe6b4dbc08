import { describe, expect, it } from 'vitest';
import { API_CACHE_PATTERN, OFFLINE_SUPPORT } from './offline';

describe('offline support settings', () => {
  it('turns every flag of platform.md §4 on', () => {
    expect(OFFLINE_SUPPORT).toEqual({ enabled: true, cacheStaticAssets: true, cacheApiResponses: true, offlineMode: true });
  });

  it('caches the data reads and never the session, tokens, keys, health or live call answers', () => {
    for (const path of ['/api/leads', '/api/leads/top', '/api/me', '/api/tasks', '/api/conversations/threads', '/api/buyers/b-1', '/api/organization/settings']) {
      expect(API_CACHE_PATTERN.test(path), path).toBe(true);
    }
    for (const path of ['/api/auth/get-session', '/api/invitations/tok', '/api/voice/token', '/api/maps/key', '/api/health', '/api/ai/health', '/api/calls/c-1', '/api/calls/check', '/api/conversations/check', '/apix', '/leads', '/sw.js']) {
      expect(API_CACHE_PATTERN.test(path), path).toBe(false);
    }
  });
});
