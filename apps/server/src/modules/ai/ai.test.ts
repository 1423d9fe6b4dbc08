import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../../../e2e/support/server';
import { withSystem } from '../../db/scope';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { completion, useFakeLlm } from '../../../test/llm-server';
import { AiStatusRecord } from './status';

type Org = Awaited<ReturnType<TestApp['createOrg']>>;
const HELLO = { messages: [{ role: 'user', content: 'Summarise this lead in one line.' }] };

describe.each(DB_KINDS)('AI chat and health without a language model on %s', (kind) => {
  const t = useTestApp(kind);
  let a: Org;
  beforeAll(async () => {
    a = await t.createOrg('AI A');
  });

  it('answers chat with 503 LLM_NOT_CONFIGURED, and 401 when signed out', async () => {
    const res = await t.request('POST', '/api/ai/chat', { cookie: a.cookie, body: HELLO });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('LLM_NOT_CONFIGURED');
    expect(res.json().error.message).toMatch(/LLM_BASE_URL/);
    expect((await t.request('POST', '/api/ai/chat', { body: HELLO })).statusCode).toBe(401);
  });

  it('validates the chat body, naming the field', async () => {
    for (const [body, field] of [
      [{ messages: [] }, /messages/],
      [{ messages: [{ role: 'robot', content: 'x' }] }, /role/],
      [{ ...HELLO, max_tokens: 5000 }, /max_tokens/],
      [{ ...HELLO, temperature: 3 }, /temperature/],
    ] as const) {
      const res = await t.request('POST', '/api/ai/chat', { cookie: a.cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(field);
    }
  });

  it('reports what really runs: built-in patterns and rules without a model, nothing for enrichment without BatchData; inactive when off, error after a recent failure', async () => {
    const health = async () => (await t.request('GET', '/api/ai/health', { cookie: a.cookie })).json();
    const first = await health();
    expect(first).toMatchObject({
      llm: 'not_configured',
      enrichment: 'not_configured',
      areas: { coaching: 'active', enrichment: 'inactive', scoring: 'active', analysis: 'active' },
      modes: { coaching: 'built_in', enrichment: 'not_configured', scoring: 'built_in', analysis: 'built_in' },
    });
    expect(Date.parse(first.checked_at)).not.toBeNaN();

    const put = await t.request('PUT', '/api/organization/settings', { cookie: a.cookie, body: { aiIntegration: { enableSmartScoring: false, enableRealTimeCoaching: false } } });
    expect(put.statusCode).toBe(200);
    const status = new AiStatusRecord(t.database.db);
    await status.report(a.organizationId, 'analysis', false);
    expect((await health()).areas).toEqual({ coaching: 'inactive', enrichment: 'inactive', scoring: 'inactive', analysis: 'error' });
    expect((await health()).modes).toEqual({ coaching: 'off', enrichment: 'not_configured', scoring: 'off', analysis: 'built_in' });
    await status.report(a.organizationId, 'analysis', true);
    expect((await health()).areas.analysis).toBe('active');
    expect((await t.request('GET', '/api/ai/health')).statusCode).toBe(401);
  });
});

describe.each(DB_KINDS)('AiStatusRecord on %s', (kind) => {
  const t = useTestApp(kind);

  it('forgets a failure after 5 minutes, a success ends it, and organizations stay apart', async () => {
    const [one, two] = [await t.createOrg('Status One'), await t.createOrg('Status Two')];
    const record = new AiStatusRecord(t.database.db);
    await record.report(one.organizationId, 'scoring', false);
    expect(await record.failing(one.organizationId, 'scoring')).toBe(true);
    expect(await record.failing(two.organizationId, 'scoring')).toBe(false);
    expect(await record.failing(one.organizationId, 'coaching')).toBe(false);
    const failedAgo = (seconds: number) => withSystem(t.database.db, (tx) =>
      sql`update ai_status set last_failure_at = now() - make_interval(secs => ${seconds}) where organization_id = ${one.organizationId}`.execute(tx));
    await failedAgo(5 * 60 - 30);
    expect(await record.failing(one.organizationId, 'scoring')).toBe(true);
    await failedAgo(5 * 60 + 30);
    expect(await record.failing(one.organizationId, 'scoring')).toBe(false);

    await record.report(one.organizationId, 'scoring', false);
    await record.report(one.organizationId, 'scoring', true);
    expect(await record.failing(one.organizationId, 'scoring')).toBe(false);
    await record.report(one.organizationId, 'scoring', false);
    expect(await record.failing(one.organizationId, 'scoring')).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('AI health from two server processes on one postgres database', () => {
  const env: Record<string, string> = {};
  const llm = useFakeLlm(env);
  const one = useTestApp('postgres', env);
  let two: RunningServer;
  beforeAll(async () => {
    // Another process (no memory shared with this one), on the same database and with the same cookie secret.
    two = await startServer({ DATABASE_URL: one.tdb.url!, AUTH_SECRET: one.config.AUTH_SECRET!, LLM_BASE_URL: env.LLM_BASE_URL!, LOG_LEVEL: 'error' });
  }, 60_000);
  afterAll(() => two?.stop());

  it("shows a failure one instance met on the other's health, and its recovery on both", async () => {
    const a = await one.createOrg('Two Instances');
    const onTwo = async (method: 'GET' | 'POST', path: string) => {
      const res = await fetch(two.url + path, { method, headers: { cookie: a.cookie, origin: two.url } });
      return res.json();
    };
    const lead = (await one.request('POST', '/api/leads', { cookie: a.cookie, body: { owner_1_name: 'Sam Seller', property_address_full: '1 Elm St' } })).json();
    const scoring = async () => [(await one.request('GET', '/api/ai/health', { cookie: a.cookie })).json().areas.scoring, (await onTwo('GET', '/api/ai/health')).areas.scoring];

    llm.reply = () => ({ status: 429, json: { error: 'slow down' } });
    expect((await onTwo('POST', `/api/leads/${lead.id}/ai-score`)).llm).toBe('error');
    expect(await scoring()).toEqual(['error', 'error']);

    llm.reply = () => completion('{"score": 80, "reasons": []}');
    expect((await one.request('POST', `/api/leads/${lead.id}/ai-score`, { cookie: a.cookie })).json().llm).toBe('configured');
    expect(await scoring()).toEqual(['active', 'active']);
  });
});

describe.each(DB_KINDS)('AI chat with a language model on %s', (kind) => {
  // A BatchData token too: nothing calls BatchData here, the health answer only reads that it is configured.
  const env: Record<string, string> = { BATCHDATA_API_KEY: 'batchdata-test-token' };
  const llm = useFakeLlm(env);
  const t = useTestApp(kind, env);
  let a: Org;
  beforeAll(async () => {
    a = await t.createOrg('AI chat');
  });

  it('forwards the messages with max_tokens 500 and temperature 0.7 and answers in the chat-completions shape', async () => {
    llm.reply = () => completion('A motivated seller with high equity.');
    const res = await t.request('POST', '/api/ai/chat', { cookie: a.cookie, body: { ...HELLO, model: 'gpt-4o' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: 'chatcmpl-test', object: 'chat.completion', created: 1_760_000_000, model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A motivated seller with high equity.' }, finish_reason: 'stop' }],
    });
    const sent = llm.requests.at(-1)!.body;
    expect(sent).toMatchObject({ model: 'test-model', max_tokens: 500, temperature: 0.7, messages: HELLO.messages });
    expect(sent.response_format).toBeUndefined();

    await t.request('POST', '/api/ai/chat', { cookie: a.cookie, body: { ...HELLO, max_tokens: 120, temperature: 0.2 } });
    expect(llm.requests.at(-1)!.body).toMatchObject({ max_tokens: 120, temperature: 0.2 });
  });

  it("answers 502 with the provider's status when the model fails, never 500", async () => {
    for (const [status, text] of [[402, /402.*AI credits exhausted/], [429, /429.*AI rate limit exceeded/], [500, /answered 500/]] as const) {
      llm.reply = () => ({ status, json: { error: 'nope' } });
      const res = await t.request('POST', '/api/ai/chat', { cookie: a.cookie, body: HELLO });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('LLM_ERROR');
      expect(res.json().error.message).toMatch(text);
    }
    llm.reply = () => ({ status: 200, json: { choices: [] } });
    const empty = await t.request('POST', '/api/ai/chat', { cookie: a.cookie, body: HELLO });
    expect(empty.statusCode).toBe(502);
    expect((await t.request('GET', '/api/ai/health', { cookie: a.cookie })).json()).toMatchObject({
      llm: 'configured', enrichment: 'configured', modes: { coaching: 'full', enrichment: 'full', scoring: 'full', analysis: 'full' },
    });
  });
});
