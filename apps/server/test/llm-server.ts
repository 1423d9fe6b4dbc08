import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the fake model received: the chat-completions request body and its headers. */
export type LlmRequest = {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string }>; max_tokens: number; temperature: number; response_format?: { type: string } };
};

export type LlmReply = { status: number; json: unknown };

/** A local OpenAI-compatible chat-completions server for tests; `reply` decides each answer. */
export interface FakeLlm {
  readonly baseUrl: string;
  readonly requests: LlmRequest[];
  reply: (request: LlmRequest) => LlmReply;
}

/** The chat-completions answer with `content` as the assistant's message. */
export function completion(content: string): LlmReply {
  return {
    status: 200,
    json: {
      id: 'chatcmpl-test', object: 'chat.completion', created: 1_760_000_000, model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    },
  };
}

/**
 * Starts the fake model before the suite and stops it after. Call it before `useTestApp` with the same
 * `env` object: its LLM_BASE_URL is filled in before the app is built.
 */
export function useFakeLlm(env: Record<string, string>): FakeLlm {
  const requests: LlmRequest[] = [];
  const fake = { baseUrl: '', requests, reply: (() => completion('{"suggestions":[]}')) as FakeLlm['reply'] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const request: LlmRequest = { path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw || '{}') as LlmRequest['body'] };
      requests.push(request);
      const { status, json } = fake.reply(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    env.LLM_BASE_URL = fake.baseUrl;
    env.LLM_API_KEY = 'sk-test-key';
    env.LLM_MODEL = 'test-model';
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return fake;
}
