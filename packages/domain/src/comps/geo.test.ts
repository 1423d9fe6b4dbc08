import { describe, expect, it } from 'vitest';
import { boundingBox, haversineMiles } from './geo';

describe('haversineMiles', () => {
  it('is 0 between a point and itself and π·R/180 ≈ 69.0934 miles per degree along a meridian', () => {
    expect(haversineMiles({ latitude: 30, longitude: -97 }, { latitude: 30, longitude: -97 })).toBe(0);
    expect(haversineMiles({ latitude: 30, longitude: -97 }, { latitude: 31, longitude: -97 })).toBeCloseTo(69.0934, 4);
    // One degree of longitude on the equator is the same arc.
    expect(haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(69.0934, 4);
  });

  it('measures Austin to Dallas downtown as about 182.12 miles, either way round', () => {
    const austin = { latitude: 30.2672, longitude: -97.7431 };
    const dallas = { latitude: 32.7767, longitude: -96.797 };
    expect(haversineMiles(austin, dallas)).toBeCloseTo(182.121, 2);
    expect(haversineMiles(dallas, austin)).toBeCloseTo(haversineMiles(austin, dallas), 9);
  });
});

describe('boundingBox', () => {
  it('spans the radius in latitude and widens longitude by 1/cos of the edge nearest the pole', () => {
    const box = boundingBox({ latitude: 30, longitude: -97 }, 69.093418985531);
    expect(box.minLat).toBeCloseTo(29, 9);
    expect(box.maxLat).toBeCloseTo(31, 9);
    // 1 / cos(31°) = 1.16663…
    expect(box.minLng).toBeCloseTo(-97 - 1.1666334, 6);
    expect(box.maxLng).toBeCloseTo(-97 + 1.1666334, 6);
  });

  it('holds every point of the circle (sampled every 10° of bearing)', () => {
    const center = { latitude: 45, longitude: -93 };
    const box = boundingBox(center, 0.5);
    for (let deg = 0; deg < 360; deg += 10) {
      // The farthest point within 0.5 miles along `deg`, found in steps of 1e-6°.
      const b = (deg * Math.PI) / 180;
      const at = (t: number) => ({ latitude: center.latitude + t * Math.cos(b), longitude: center.longitude + t * Math.sin(b) });
      let t = 0;
      while (haversineMiles(center, at(t + 1e-6)) <= 0.5) t += 1e-6;
      const p = at(t);
      expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
      expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
      expect(p.longitude).toBeGreaterThanOrEqual(box.minLng);
      expect(p.longitude).toBeLessThanOrEqual(box.maxLng);
    }
  });

  it('takes every longitude near a pole or across the antimeridian, and stops latitude at ±90', () => {
    expect(boundingBox({ latitude: 89.9, longitude: 10 }, 20)).toEqual({ minLat: expect.closeTo(89.61054, 4), maxLat: 90, minLng: -180, maxLng: 180 });
    expect(boundingBox({ latitude: 0, longitude: 179.99 }, 5)).toMatchObject({ minLng: -180, maxLng: 180 });
    expect(boundingBox({ latitude: 0, longitude: -179.99 }, 5)).toMatchObject({ minLng: -180, maxLng: 180 });
  });
});
