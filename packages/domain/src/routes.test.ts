import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE, isRememberedRoute, postLoginDestination, recoveryDestination } from './routes';

describe('isRememberedRoute', () => {
  it('remembers the listed app routes and nothing else', () => {
    for (const p of ['/dashboard', '/leads', '/leads/42', '/buyers/7', '/comps/3', '/settings', '/settings/voice-dialer/do-not-contact', '/communications', '/debug', '/login', '/accept-invitation/abc']) {
      expect(isRememberedRoute(p), p).toBe(true);
    }
    for (const p of ['/', '/about', '/privacy', '/top10', '/leads/1/extra', '/settings/voice-dialer/other', '/nowhere']) {
      expect(isRememberedRoute(p), p).toBe(false);
    }
  });
});

describe('recoveryDestination', () => {
  it('sends recovery links to /reset-password, keeping the token', () => {
    expect(recoveryDestination({ search: '?token=abc', hash: '' })).toBe('/reset-password?token=abc');
    expect(recoveryDestination({ search: '?access_token=xyz', hash: '' })).toBe('/reset-password?token=xyz');
    expect(recoveryDestination({ search: '', hash: '#access_token=1&type=recovery' })).toBe('/reset-password');
    expect(recoveryDestination({ search: '?redirect=/reset-password', hash: '' })).toBe('/reset-password');
  });
  it('leaves ordinary visits alone', () => {
    expect(recoveryDestination({ search: '?redirect=/leads', hash: '' })).toBeNull();
    expect(recoveryDestination({ search: '', hash: '' })).toBeNull();
  });
});

describe('postLoginDestination', () => {
  it('prefers the redirect parameter, then the current path, then the last route, then /dashboard', () => {
    expect(postLoginDestination({ redirect: '/leads?status=new', currentPath: '/buyers', lastRoute: '/settings' })).toBe('/leads?status=new');
    expect(postLoginDestination({ redirect: null, currentPath: '/buyers', lastRoute: '/settings' })).toBe('/buyers');
    expect(postLoginDestination({ redirect: null, currentPath: '/login', lastRoute: '/settings' })).toBe('/settings');
    expect(postLoginDestination({ redirect: null, currentPath: '/', lastRoute: null })).toBe(DEFAULT_ROUTE);
  });
  it('never follows a redirect off the site or back to an auth page', () => {
    expect(postLoginDestination({ redirect: 'https://evil.example', lastRoute: null })).toBe(DEFAULT_ROUTE);
    expect(postLoginDestination({ redirect: '//evil.example', lastRoute: null })).toBe(DEFAULT_ROUTE);
    expect(postLoginDestination({ redirect: null, lastRoute: '/login' })).toBe(DEFAULT_ROUTE);
    expect(postLoginDestination({ redirect: null, currentPath: '/signup', lastRoute: '/reset-password?token=x' })).toBe(DEFAULT_ROUTE);
  });
});
