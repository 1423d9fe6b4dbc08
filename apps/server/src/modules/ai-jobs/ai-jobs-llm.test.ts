import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from '../../../test/harness';
import { completion, useFakeLlm } from '../../../test/llm-server';
import { AiStatusRecord } from '../ai/status';
import { createLead, DISTRESSED, insertConversation, OPT_OUT, setAi, type Owner } from './ai-jobs.fixtures';

describe.each(DB_KINDS)('AI jobs with a language model on %s', (kind) => {
  const env: Record<string, string> = {};
  const llm = useFakeLlm(env);
  const t = useTestApp(kind, env);
  let a: Owner;
  beforeAll(async () => {
    a = await t.createOrg('AI model');
    await setAi(t.request, a, { enableSmartScoring: false, enableAutoEnrichment: false, enableConversationAnalysis: false });
  });

  it('blends the model score with the record score, sending the record and the recent call summaries', async () => {
    const id = await createLead(t.request, a, { ...DISTRESSED, last_call_summary: 'Owner must sell before the auction', last_call_disposition: 'callback_requested' });
    llm.reply = () => completion('{"score": 92, "reasons": ["Auction date is set"]}');
    const res = await t.request('POST', `/api/leads/${id}/ai-score`, { cookie: a.cookie });
    expect(res.statusCode, res.body).toBe(200);
    // Record: 50 + 15 + 12 + 10 + 8 (callback) + 5 (notes: wants to sell) = 100; mean with 92 = 96.
    expect(res.json()).toMatchObject({ ai_score: 96, ai_score_source: 'rules+llm', llm: 'configured' });
    expect(res.json().ai_score_reasons.slice(-2)).toEqual(['AI model score 92', 'AI: Auction date is set']);
    const sent = llm.requests.at(-1)!.body;
    expect(sent.response_format).toEqual({ type: 'json_object' });
    expect(sent.messages[1]!.content).toContain('last_call_summary: Owner must sell before the auction');
    expect(sent.messages[1]!.content).toContain('pre_foreclosure: true');
    expect(sent.messages[1]!.content).not.toContain('Dora Distress');
  });

  it('falls back to the record score when the model fails, and reports the scoring area failing', async () => {
    const id = await createLead(t.request, a, DISTRESSED);
    llm.reply = () => ({ status: 429, json: { error: 'slow down' } });
    const res = await t.request('POST', `/api/leads/${id}/ai-score`, { cookie: a.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ai_score: 87, ai_score_source: 'rules', llm: 'error' });
    expect(res.json().ai_score_reasons.at(-1)).toBe('AI model unavailable: record-based score only');
    const status = new AiStatusRecord(t.database.db);
    expect(await status.failing(a.organizationId, 'scoring')).toBe(true);
    llm.reply = () => completion('{"score": 80, "reasons": []}');
    await t.request('POST', `/api/leads/${id}/ai-score`, { cookie: a.cookie });
    expect(await status.failing(a.organizationId, 'scoring')).toBe(false);
  });

  it("stores the model's analysis, but reads an opt-out by the rule without asking the model", async () => {
    const leadId = await createLead(t.request, a, { owner_1_name: 'Model Messages' });
    const id = await insertConversation(t.database.db, a.organizationId, leadId, 'We are relocating for work in June');
    llm.reply = () => completion('{"sentiment":"positive","motivation_signals":["Relocating in June"],"next_step":"Call to agree a closing date before June."}');
    const res = await t.request('POST', `/api/conversations/${id}/analyze`, { cookie: a.cookie });
    expect(res.json()).toMatchObject({ sentiment: 'positive', motivation_signals: ['Relocating in June'], source: 'llm', model: 'test-model' });
    expect(llm.requests.at(-1)!.body.messages[1]!.content).toContain('Seller: We are relocating for work in June');

    const asked = llm.requests.length;
    const optOut = await insertConversation(t.database.db, a.organizationId, leadId, OPT_OUT);
    const res2 = await t.request('POST', `/api/conversations/${optOut}/analyze`, { cookie: a.cookie });
    expect(res2.json()).toMatchObject({ sentiment: 'negative', source: 'rules' });
    expect(llm.requests.length).toBe(asked);
  });
});
