/** The hostile requests of the fuzz proof (hostile-input.test.ts): generators per route of the route table. */
import fc from 'fast-check';
import { ORIGIN } from '../harness';
import type { RegisteredRoute, RouteCall, RouteSpec } from './routes';

/** One generated request. `field` is what it broke; `wrongType` when it put a value of another type there. */
export interface Input {
  kind: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  field?: string;
  wrongType?: boolean;
}

const MB = 1_000_000;
/** Over the 1 MiB body limit: 413 before any parsing. */
const OVER_LIMIT = 1024 * 1024 + 1;

const hostileString = fc.oneof(
  fc.constantFrom(
    '', ' ', 'NaN', 'Infinity', '-Infinity', '-0', '1e309', '0x1F', '9'.repeat(40), 'null', 'undefined', 'true',
    "'; DROP TABLE leads; --", "' OR '1'='1", '1; select pg_sleep(5)', '$1', '%', '_', '\\', '%00', '%s%s%s',
    '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '${7*7}', '{{7*7}}', '../../../etc/passwd',
    '\u0000', 'a\u0000b', '\uD800', '\uDFFF', '\u202E\u0041', '\uFEFF', 'Ａ\u0301\u0301\u0301', '🏠'.repeat(50), 'ß'.repeat(300), '\r\n\t',
    '__proto__', 'constructor', 'prototype', '2026-13-45T99:99:99Z', '+1 (512) 555-01', '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, 0, -1, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -2147483649, 0.1 + 0.2) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
);

/** An array nested 10,000 deep: deeper than any stack-bound walk of a parsed body survives. */
export const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

const MALFORMED_JSON = ['{', '{"a":', '{"a" 1}', "{'a':1}", '[1,2', 'NaN', '{"a":NaN}', '{"a":Infinity}', '{"a":1,}', '\u0000', 'undefined', '{"a":"\\x00"}', '{"a":"\\ud800"}', '{}}', ' '];
const WRONG_TYPES = ['text/plain', 'application/xml', 'text/html', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/json; charset=utf-16', 'image/png', 'application/octet-stream'];

/** encodeURIComponent, with a lone surrogate sent as the bytes of one (not valid UTF-8: hostile too). */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.split(/([\uD800-\uDFFF])/).map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part))).join('');
  }
};

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every path to a leaf value of a JSON example, the top-level key first. */
function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    const inner = entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
    return prefix.length > 0 ? [prefix, ...inner] : inner;
  }
  return prefix.length > 0 ? [prefix] : [];
}

function setAt(value: unknown, path: Array<string | number>, next: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = next;
  return copy;
}

function getAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

/** Hostile variants of a JSON body: wrong values anywhere, missing and extra fields, another top-level value, huge strings. */
function jsonBodies(example: unknown): fc.Arbitrary<Omit<Input, 'url' | 'headers'> & { body: unknown }> {
  const arbs: Array<fc.Arbitrary<Omit<Input, 'url' | 'headers'> & { body: unknown }>> = [
    fc.oneof(fc.constantFrom({}, [], '', 0, null), hostileValue).map((v) => ({ kind: 'whole body', body: v, field: 'body', wrongType: v !== null && typeOf(v) !== typeOf(example) })),
  ];
  const paths = leafPaths(example);
  if (paths.length > 0) {
    arbs.push(
      fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, v]) => ({
        kind: 'wrong value', body: setAt(example, path, v), field: String(path[0]), wrongType: v !== null && typeOf(v) !== typeOf(getAt(example, path)),
      })),
      fc.constantFrom(...Object.keys(example as object)).map((key) => {
        const { [key]: _gone, ...rest } = example as Record<string, unknown>;
        return { kind: 'missing field', body: rest, field: key };
      }),
      fc.constantFrom(...paths).map((path) => ({ kind: '1 MB string', body: setAt(example, path, 'x'.repeat(MB)), field: String(path[0]), wrongType: typeof getAt(example, path) !== 'string' })),
    );
  }
  if (typeOf(example) === 'object' || example === undefined) {
    arbs.push(
      fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'zz_extra', 'organization_id', 'id'), fc.string({ minLength: 1, maxLength: 20 })), hostileValue)
        .filter(([key]) => !(key in ((example as object) ?? {})))
        .map(([key, v]) => ({ kind: 'extra field', body: { ...(example as object), [key]: v }, field: key })),
    );
  }
  return fc.oneof(...arbs);
}

/** Payloads that are not the JSON the route reads: malformed JSON, numbers JSON.parse turns into Infinity, wrong content types. */
function rawBodies(example: unknown): fc.Arbitrary<Omit<Input, 'url' | 'headers'> & { contentType: string }> {
  const text = JSON.stringify(example ?? {});
  const numeric = leafPaths(example).filter((p) => typeof getAt(example, p) !== 'object' || getAt(example, p) === null);
  return fc.oneof(
    fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ kind: 'malformed JSON', payload, contentType: 'application/json' })),
    fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => ({ kind: 'truncated JSON', payload: text.slice(0, cut), contentType: 'application/json' })),
    fc.constantFrom(...WRONG_TYPES).map((contentType) => ({ kind: 'wrong content type', payload: text, contentType })),
    fc.constant({ kind: 'over the body limit', payload: JSON.stringify({ pad: 'x'.repeat(OVER_LIMIT) }), contentType: 'application/json' }),
    ...(numeric.length > 0
      ? [fc.tuple(fc.constantFrom(...numeric), fc.constantFrom('1e309', '-1e309', '1e-400', '123456789012345678901234567890', '-0')).map(([path, token]) => ({
          kind: 'out-of-range number', contentType: 'application/json', field: String(path[0]),
          payload: JSON.stringify(setAt(example, path, '__TOKEN__')).replace('"__TOKEN__"', token),
        }))]
      : []),
  );
}

/** Payloads for a route that reads its body as it is (CSV upload, Twilio form). */
function opaqueBodies(raw: NonNullable<RouteCall['raw']>): fc.Arbitrary<Omit<Input, 'url' | 'headers'> & { contentType: string }> {
  return fc.oneof(
    hostileString.map((s) => ({ kind: 'hostile text', payload: s, contentType: raw.contentType })),
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ kind: 'random bytes', payload: Buffer.from(bytes), contentType: raw.contentType })),
    fc.nat({ max: raw.payload.length }).map((cut) => ({ kind: 'truncated', payload: raw.payload.slice(0, cut), contentType: raw.contentType })),
    fc.constantFrom(...WRONG_TYPES, 'application/json').map((contentType) => ({ kind: 'wrong content type', payload: raw.payload, contentType })),
    fc.constant({ kind: 'huge', payload: `a,b\r\n${'x,'.repeat(3 * MB)}\r\n`, contentType: raw.contentType }),
  );
}

/** Hostile variants of a query string: wrong values, repeated, missing and extra parameters, bracket syntax, 1 MB values. */
function queries(example: URLSearchParams): fc.Arbitrary<{ kind: string; query: string; field?: string }> {
  const keys = [...new Set(example.keys())];
  const withParam = (key: string, value: string) => {
    const q = new URLSearchParams(example);
    q.set(key, value);
    return q.toString();
  };
  const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');
  const arbs: Array<fc.Arbitrary<{ kind: string; query: string; field?: string }>> = [
    fc.tuple(fc.oneof(fc.constantFrom('zz_extra', 'organization_id', '__proto__', 'constructor[prototype]'), fc.string({ minLength: 1, maxLength: 20 })), hostileValue)
      .filter(([key]) => !keys.includes(key))
      .map(([key, v]) => ({ kind: 'extra parameter', query: `${example}&${enc(key)}=${enc(asText(v))}`, field: key })),
    fc.constantFrom('%', '%zz', '&&&', '=', '==&=', '%00=%00', 'a[b][c]=1', '%E0%A4%A', '?=?').map((junk) => ({ kind: 'malformed query', query: `${example}&${junk}` })),
  ];
  if (keys.length > 0) {
    arbs.push(
      fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, v]) => ({ kind: 'wrong value', query: withParam(key, asText(v)), field: key })),
      fc.tuple(fc.constantFrom(...keys), fc.array(hostileString, { minLength: 1, maxLength: 3 })).map(([key, values]) => ({
        kind: 'repeated parameter', query: `${example}${values.map((v) => `&${key}=${enc(v)}`).join('')}`, field: key,
      })),
      fc.constantFrom(...keys).map((key) => {
        const q = new URLSearchParams(example);
        q.delete(key);
        return { kind: 'missing parameter', query: q.toString(), field: key };
      }),
      fc.constantFrom(...keys).map((key) => ({ kind: 'bracket parameter', query: `${example}&${key}[]=1&${key}[x]=2`, field: key })),
      fc.constantFrom(...keys).map((key) => ({ kind: '1 MB parameter', query: withParam(key, 'q'.repeat(MB)), field: key })),
    );
  }
  return fc.oneof(...arbs);
}

/** The path with one :param segment replaced by a hostile value. */
function paths(route: RegisteredRoute, url: string): fc.Arbitrary<{ kind: string; path: string; field: string }> | null {
  const pattern = route.url.split('/');
  const actual = url.split('?')[0]!.split('/');
  const params = pattern.flatMap((segment, i) => (segment.startsWith(':') ? [i] : []));
  if (params.length === 0) return null;
  return fc.tuple(fc.constantFrom(...params), hostileString.filter((s) => s !== '')).map(([i, v]) => {
    const next = [...actual];
    next[i] = enc(v);
    return { kind: 'hostile path parameter', path: next.join('/'), field: pattern[i]!.slice(1) };
  });
}

export interface Target {
  key: string;
  method: string;
  route: RegisteredRoute;
  spec: RouteSpec;
  call: RouteCall;
}

/** The generated requests of one call of the table, with the caller's cookie. */
export function inputsFor(target: Target, cookie: string): fc.Arbitrary<Input> {
  const { call, route } = target;
  const [path, search = ''] = call.url.split('?');
  const example = new URLSearchParams(search);
  const base = { origin: ORIGIN, cookie };
  const url = (p: string, q: string) => (q ? `${p}?${q}` : p!);
  const arbs: Array<fc.Arbitrary<Input>> = [];
  const hasBody = call.body !== undefined || call.raw !== undefined || route.schema?.body !== undefined;
  if (call.raw) {
    arbs.push(opaqueBodies(call.raw).map(({ contentType, ...i }) => ({ ...i, url: call.url, headers: { ...base, 'content-type': contentType } })));
  } else if (hasBody) {
    arbs.push(
      jsonBodies(call.body).map(({ body, ...i }) => ({ ...i, url: call.url, headers: { ...base, 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' })),
      rawBodies(call.body).map(({ contentType, ...i }) => ({ ...i, url: call.url, headers: { ...base, 'content-type': contentType } })),
    );
  }
  if (search || route.schema?.querystring) {
    arbs.push(queries(example).map((q) => ({ kind: q.kind, field: q.field, url: url(path!, q.query), headers: base })));
  }
  const params = paths(route, call.url);
  if (params) {
    const body: Record<string, string> = call.raw ? { 'content-type': call.raw.contentType } : call.body !== undefined ? { 'content-type': 'application/json' } : {};
    const payload = call.raw?.payload ?? (call.body !== undefined ? JSON.stringify(call.body) : undefined);
    arbs.push(params.map((p) => ({ kind: p.kind, field: p.field, url: url(p.path, search), headers: { ...base, ...body }, payload })));
  }
  return fc.oneof(...arbs);
}
