import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp, type TestApp } from '../../../test/harness';
import { completion, useFakeLlm } from '../../../test/llm-server';
import { AiStatusRecord, aiStatus } from './status';

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

  it('reports each area active while on, inactive when its setting is off, error after a recent failure', async () => {
    const health = async () => (await t.request('GET', '/api/ai/health', { cookie: a.cookie })).json();
    const first = await health();
    expect(first).toMatchObject({ llm: 'not_configured', areas: { coaching: 'active', enrichment: 'active', scoring: 'active', analysis: 'active' } });
    expect(Date.parse(first.checked_at)).not.toBeNaN();

    const put = await t.request('PUT', '/api/organization/settings', { cookie: a.cookie, body: { aiIntegration: { enableSmartScoring: false, enableRealTimeCoaching: false } } });
    expect(put.statusCode).toBe(200);
    aiStatus.report(a.organizationId, 'analysis', false);
    expect((await health()).areas).toEqual({ coaching: 'inactive', enrichment: 'active', scoring: 'inactive', analysis: 'error' });
    aiStatus.report(a.organizationId, 'analysis', true);
    expect((await health()).areas.analysis).toBe('active');
    expect((await t.request('GET', '/api/ai/health')).statusCode).toBe(401);
  });
});

describe('AiStatusRecord', () => {
  it('forgets a failure after 5 minutes and keeps organizations apart', () => {
    let now = 0;
    const record = new AiStatusRecord(5 * 60_000, () => now);
    record.report('org-1', 'scoring', false);
    expect(record.failing('org-1', 'scoring')).toBe(true);
    expect(record.failing('org-2', 'scoring')).toBe(false);
    expect(record.failing('org-1', 'coaching')).toBe(false);
    now = 5 * 60_000;
    expect(record.failing('org-1', 'scoring')).toBe(true);
    now += 1;
    expect(record.failing('org-1', 'scoring')).toBe(false);
  });
});

describe.each(DB_KINDS)('AI chat with a language model on %s', (kind) => {
  const env: Record<string, string> = {};
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
    expect((await t.request('GET', '/api/ai/health', { cookie: a.cookie })).json().llm).toBe('configured');
  });
});
