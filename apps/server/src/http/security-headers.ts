import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Google Maps: the Places script and what it fetches (tiles, icons, fonts), and the Street View embed. */
const MAPS_SCRIPTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
const MAPS_IMAGES = ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.ggpht.com', 'https://*.googleusercontent.com'];
const MAPS_FRAMES = ['https://www.google.com'];
/** The Twilio Voice SDK: its signalling websocket (voice-js.<edge>.twilio.com), call-quality events and ring sounds. */
const TWILIO_CONNECT = ['wss://*.twilio.com', 'https://eventgw.twilio.com'];
const TWILIO_MEDIA = ['https://sdk.twilio.com'];

/** The Content-Security-Policy directives for the app served from `publicUrl` (docs/security.md). */
export function contentSecurityPolicy(publicUrl: string): Record<string, string[]> {
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...MAPS_SCRIPTS],
    // The Maps script adds <style> elements of its own; the app's styles are files.
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'font-src': ["'self'", 'https://fonts.gstatic.com'],
    'img-src': ["'self'", 'data:', 'blob:', ...MAPS_IMAGES],
    'media-src': ["'self'", ...TWILIO_MEDIA],
    'connect-src': ["'self'", `${https ? 'wss' : 'ws'}://${url.host}`, ...MAPS_SCRIPTS, ...TWILIO_CONNECT],
    'frame-src': MAPS_FRAMES,
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer: the CSP above, no framing (frame-ancestors and X-Frame-Options DENY), nosniff,
 * strict-origin-when-cross-origin referrers, and HSTS only when the app is served over https (PUBLIC_URL), since
 * a browser would otherwise refuse plain http on that host for a year.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl) },
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Maps and Twilio resources are not served with CORP headers; requiring them would block both.
    crossOriginEmbedderPolicy: false,
  });
}
