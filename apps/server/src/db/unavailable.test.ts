import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/errors';
import { isDatabaseUnavailable } from './unavailable';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('a lost database connection', () => {
  it('is told apart from other failures by SQLSTATE, errno, node-postgres message or a wrapped cause', () => {
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('auth failed', { cause: pgError('57P01', 'terminating connection') }))).toBe(true);
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
    // An outside service that is down is not the database.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: refused }))).toBe(false);
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, while any other failure stays a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/cut', async () => {
      throw pgError('57P01', 'terminating connection due to administrator command');
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    const cut = await app.inject({ method: 'GET', url: '/cut' });
    expect(cut.statusCode).toBe(503);
    expect(cut.headers['retry-after']).toBe('2');
    expect(cut.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is unavailable right now. Please try again in a few seconds.' } });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json().error.code).toBe('INTERNAL');
    await app.close();
  });
});
