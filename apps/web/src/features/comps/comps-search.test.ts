import { describe, expect, it } from 'vitest';
import { compsApiPath, searchFromParams, toggleExclude, togglePin, writeSearch } from './comps-search';

describe('comps search in the URL', () => {
  it('reads defaults, offered values and id lists, and drops what the filters do not offer', () => {
    expect(searchFromParams(new URLSearchParams(''))).toEqual({ radius: 0.5, months: 12, sqft: 20, pin: [], exclude: [] });
    expect(searchFromParams(new URLSearchParams('radius=2&months=6&sqft=30&pin=a,b,a&exclude=c'))).toEqual({ radius: 2, months: 6, sqft: 30, pin: ['a', 'b'], exclude: ['c'] });
    expect(searchFromParams(new URLSearchParams('radius=7&months=x&sqft=-1'))).toMatchObject({ radius: 0.5, months: 12, sqft: 20 });
  });

  it("writes only what differs from the defaults and keeps the page's other params", () => {
    const written = writeSearch(new URLSearchParams('tab=comps&pin=old'), { radius: 0.5, months: 24, sqft: 20, pin: [], exclude: ['x'] });
    expect(written.toString()).toBe('tab=comps&months=24&exclude=x');
  });

  it('never pins and excludes one comp at once', () => {
    const s = { radius: 0.5, months: 12, sqft: 20, pin: ['a'], exclude: [] as string[] };
    expect(toggleExclude(s, 'a')).toMatchObject({ pin: [], exclude: ['a'] });
    expect(togglePin(toggleExclude(s, 'a'), 'a')).toMatchObject({ pin: ['a'], exclude: [] });
    expect(togglePin(s, 'a')).toMatchObject({ pin: [], exclude: [] });
  });

  it('asks the API with its parameter names', () => {
    expect(compsApiPath('lead 1', { radius: 1, months: 6, sqft: 15, pin: ['a', 'b'], exclude: [] })).toBe('/api/leads/lead%201/comps?radius_miles=1&months=6&sqft_pct=15&pin=a%2Cb');
  });
});
