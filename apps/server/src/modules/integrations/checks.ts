import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import nodemailer from 'nodemailer';
import type { IntegrationId } from '@wholesail/domain';
import type { Config, LlmConfig } from '../../config';
import { LOOKUP_ENDPOINT } from '../../providers/enrichment/batchdata';
import { createLlmProvider, LlmError } from '../../providers/llm';
import type { FileStorage } from '../../providers/storage';
import { checkTwilioAccount, checkTwilioNumbers, type CheckResult, type TwilioHttpClient } from './twilio-checks';

/** Each Test connection gets this long before it is answered as timed out. */
export const CHECK_TIMEOUT_MS = 10_000;

/** Why a fetch did not answer: timed out, or the reason the connection failed (ECONNREFUSED, ENOTFOUND …). */
function unreachable(error: unknown, what: string): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return `${what} could not be reached: ${cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))}`;
}

/** A refused key (401/403) or another status, with the start of the answer. */
async function refusal(response: Response, what: string, key: string): Promise<string> {
  if (response.status === 401 || response.status === 403) return `${what} refused the ${key} (${response.status})`;
  const body = (await response.text().catch(() => '')).slice(0, 200);
  return `${what} answered ${response.status}${body ? `: ${body}` : ''}`;
}

/**
 * The one harmless call per provider behind "Test connection" (docs/integrations.md). Each check answers
 * `{ok, message}` and never throws; the service times it out and records it. `fetch` and `twilioHttpClient` are
 * replaced by tests, which point them at local fakes.
 */
export class IntegrationChecks {
  fetch: typeof fetch = (...args) => fetch(...args);
  twilioHttpClient: TwilioHttpClient = undefined;

  constructor(
    private readonly config: Config,
    private readonly storage: FileStorage,
  ) {}

  /** The server-side check of a configured provider (the caller has checked it is configured). */
  run(id: Exclude<IntegrationId, 'google_maps'>): Promise<CheckResult> {
    const { twilio, llm } = this.config;
    switch (id) {
      case 'twilio_voice':
        return checkTwilioAccount(twilio!, CHECK_TIMEOUT_MS, this.twilioHttpClient);
      case 'twilio_messaging':
        return checkTwilioNumbers(twilio!, CHECK_TIMEOUT_MS, this.twilioHttpClient);
      case 'llm':
        return this.checkLlm(llm!);
      case 'batchdata':
        return this.checkBatchData(this.config.BATCHDATA_API_KEY!);
      case 'smtp':
        return this.checkSmtp(this.config.SMTP_URL!);
      case 'storage':
        return this.checkStorage();
    }
  }

  /** GET /models (free); a server that has no such list (404) gets a one-token chat completion. */
  private async checkLlm(llm: LlmConfig): Promise<CheckResult> {
    const what = `The language model API at ${new URL(llm.baseUrl).host}`;
    let response: Response;
    try {
      response = await this.fetch(`${llm.baseUrl}/models`, {
        headers: llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {},
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, message: unreachable(error, what) };
    }
    if (response.status === 404) return this.checkLlmChat(llm, what);
    if (!response.ok) return { ok: false, message: await refusal(response, what, 'API key') };
    const body = (await response.json().catch(() => null)) as { data?: Array<{ id?: unknown }> } | null;
    const models = (body?.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
    if (models.length === 0) return { ok: true, message: `${what} accepted the key; it lists no models.` };
    return models.includes(llm.model)
      ? { ok: true, message: `${what} accepted the key and lists the model ${llm.model}.` }
      : { ok: true, message: `${what} accepted the key, but ${llm.model} (LLM_MODEL) is not among the ${models.length} models it lists: check the name.` };
  }

  private async checkLlmChat(llm: LlmConfig, what: string): Promise<CheckResult> {
    try {
      const provider = createLlmProvider({ ...llm, timeoutMs: CHECK_TIMEOUT_MS }, this.fetch)!;
      await provider.chat({ messages: [{ role: 'user', content: 'Reply with OK.' }], max_tokens: 1, temperature: 0 });
      return { ok: true, message: `${what} has no model list, but answered a one-token chat completion with ${llm.model}.` };
    } catch (error) {
      if (error instanceof LlmError && (error.status === 401 || error.status === 403)) return { ok: false, message: `${what} refused the API key (${error.status})` };
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  /** An empty lookup: refused (400) without a property returned or billed when the token is good, 401/403 when not. */
  private async checkBatchData(apiKey: string): Promise<CheckResult> {
    let response: Response;
    try {
      response = await this.fetch(LOOKUP_ENDPOINT, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ requests: [] }),
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, message: unreachable(error, 'BatchData') };
    }
    if (response.ok || response.status === 400 || response.status === 422) {
      return { ok: true, message: `BatchData accepted the API token (it answered ${response.status} to an empty lookup, which returns and bills no property).` };
    }
    return { ok: false, message: await refusal(response, 'BatchData', 'API token') };
  }

  /** Connects and signs in (nodemailer's verify): no mail is sent. */
  private async checkSmtp(url: string): Promise<CheckResult> {
    const host = new URL(url).host;
    const transport = nodemailer.createTransport({ url, connectionTimeout: CHECK_TIMEOUT_MS, greetingTimeout: CHECK_TIMEOUT_MS, socketTimeout: CHECK_TIMEOUT_MS });
    try {
      await transport.verify();
      return { ok: true, message: `The mail server ${host} accepted the connection${new URL(url).username ? ' and the sign-in' : ''}; no mail was sent.` };
    } catch (error) {
      const e = error as { code?: string; responseCode?: number; message?: string };
      if (e.code === 'EAUTH') return { ok: false, message: `The mail server ${host} refused the user name or password${e.responseCode ? ` (${e.responseCode})` : ''}` };
      if (e.code === 'ETIMEDOUT') return { ok: false, message: `The mail server ${host} did not answer within ${CHECK_TIMEOUT_MS / 1000} s` };
      const reach = e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'EDNS';
      return { ok: false, message: `The mail server ${host} ${reach ? 'could not be reached' : 'refused the connection'}: ${e.message ?? 'no reason given'}` };
    } finally {
      transport.close();
    }
  }

  /** Puts a tiny file under health-check/, reads it back and deletes it. */
  private async checkStorage(): Promise<CheckResult> {
    const key = `health-check/${crypto.randomUUID()}.txt`;
    const content = `Wholesail storage check ${new Date().toISOString()}`;
    try {
      await this.storage.put(key, Readable.from([Buffer.from(content)]));
      const back = await text(await this.storage.get(key));
      await this.storage.delete(key);
      return back === content
        ? { ok: true, message: `Wrote, read back and deleted a ${content.length}-byte file in the ${this.storage.location}.` }
        : { ok: false, message: `The ${this.storage.location} gave back different bytes than were written.` };
    } catch (error) {
      await this.storage.delete(key).catch(() => {});
      const e = error as { name?: string; message?: string };
      return { ok: false, message: `The ${this.storage.location} refused the check file: ${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message ?? String(error)}` };
    }
  }
}
