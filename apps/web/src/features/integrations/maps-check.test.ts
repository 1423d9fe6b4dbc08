import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPlaces, placesNamespace } from '@/features/address-search/google-maps';
import { checkMapsInBrowser } from './maps-check';

vi.mock('@/features/address-search/google-maps', () => ({ loadPlaces: vi.fn(), placesNamespace: vi.fn(() => null) }));

type AuthWindow = Window & { gm_authFailure?: () => void };

describe('checkMapsInBrowser', () => {
  afterEach(() => vi.mocked(loadPlaces).mockReset());

  it("reports Google's refusal of the key, with the reason Google logged", async () => {
    vi.mocked(loadPlaces).mockImplementation(async () => {
      // As Google does when the key is refused: the reason in the console, then gm_authFailure.
      setTimeout(() => {
        console.error('Google Maps JavaScript API error: RefererNotAllowedMapError\nhttps://developers.google.com/maps/documentation/javascript/error-messages');
        (window as AuthWindow).gm_authFailure?.();
      }, 10);
      return {} as Awaited<ReturnType<typeof loadPlaces>>;
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const check = await checkMapsInBrowser('AIzaKey1234', 1000);
    quiet.mockRestore();
    expect(check).toMatchObject({ ok: false, message: `Google refused the key for ${window.location.origin}: RefererNotAllowedMapError (the browser console has Google’s explanation).` });
    expect((window as AuthWindow).gm_authFailure).toBeUndefined();
  });

  it('reports success when Google loads and does not refuse the key within the wait, and a load failure in words', async () => {
    vi.mocked(loadPlaces).mockResolvedValue({} as Awaited<ReturnType<typeof loadPlaces>>);
    expect(await checkMapsInBrowser('AIzaKey1234', 20)).toMatchObject({ ok: true, message: expect.stringContaining('loaded with the key …1234') });
    vi.mocked(loadPlaces).mockRejectedValue(new Error('Google Maps script failed to load'));
    expect(await checkMapsInBrowser('AIzaKey1234', 20)).toMatchObject({ ok: false, message: 'Google Maps did not load: Google Maps script failed to load.' });
  });

  it('checks nothing when Google Maps was loaded on this page before', async () => {
    vi.mocked(placesNamespace).mockReturnValueOnce({} as ReturnType<typeof placesNamespace>);
    expect(await checkMapsInBrowser('AIzaKey1234', 20)).toBeNull();
    expect(loadPlaces).not.toHaveBeenCalled();
  });
});
