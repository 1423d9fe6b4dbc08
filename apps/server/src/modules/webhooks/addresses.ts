import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookUrlShapeProblem } from '@wholesail/domain';

/** An entry of WEBHOOK_ALLOWED_HOSTS: a host name or address, and the one port it is allowed on when named. */
export interface AllowedHost {
  host: string;
  port: number | null;
}

/** ipaddr.js's range names, as a sentence says them. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  carrierGradeNat: 'a carrier-grade NAT address',
  reserved: 'a reserved address',
};

/**
 * Why an IP address is not a public one (a sentence), or null when it is. Only global unicast passes: an
 * IPv4-mapped IPv6 address is judged as its IPv4, and every other special range (NAT64, 6to4, Teredo, documentation,
 * benchmarking…) is refused with the rest.
 */
export function nonPublicAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? `a non-public address (${range})`;
}

/** A URL's host as compared and resolved: lower case, an IPv6 address without its brackets. */
export const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Parses WEBHOOK_ALLOWED_HOSTS (`host`, `host:port`, an IPv4, an IPv6 bare or as `[v6]:port`); throws naming a bad entry. */
export function parseAllowedHosts(raw: string | undefined): AllowedHost[] {
  const entries = (raw ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  return entries.map((entry) => {
    if (isIP(entry) === 6) return { host: entry, port: null };
    const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry);
    const host = match?.[1]?.replace(/^\[(.*)\]$/, '$1');
    const port = match?.[2] === undefined ? null : Number(match[2]);
    if (!host || (match![1]!.startsWith('[') && isIP(host) !== 6) || (port !== null && (port < 1 || port > 65535))) {
      throw new Error(`"${entry}" is not a host name, an address or host:port`);
    }
    return { host, port };
  });
}

/** Whether WEBHOOK_ALLOWED_HOSTS lets requests to this URL through without the public-address rule. */
export function isAllowedHost(allowed: readonly AllowedHost[], url: URL): boolean {
  const host = hostOf(url);
  return allowed.some((a) => a.host === host && (a.port === null || a.port === portOf(url)));
}

const LOCAL_NAME = /(^|\.)localhost\.?$/;

/**
 * Why an endpoint URL is refused (a sentence naming the problem), or null. Checked on create and update: the shape,
 * https, and a host that is a non-public address or a localhost name. A name is resolved only when a delivery
 * connects (outgoing.ts), where every address it resolves to is checked again.
 */
export function endpointUrlProblem(value: string, allowed: readonly AllowedHost[]): string | null {
  const shape = webhookUrlShapeProblem(value);
  if (shape) return shape;
  const url = new URL(value);
  if (isAllowedHost(allowed, url)) return null;
  if (url.protocol !== 'https:') return 'must use https:// (plain http is only for hosts listed in WEBHOOK_ALLOWED_HOSTS)';
  const host = hostOf(url);
  if (LOCAL_NAME.test(host)) return `${host} is this machine: webhooks are not sent to private networks`;
  const problem = isIP(host) ? nonPublicAddress(host) : null;
  return problem ? `${host} is ${problem}: webhooks are not sent to private networks` : null;
}
