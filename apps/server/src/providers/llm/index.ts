import type { ChatCompletion } from '@wholesail/domain';
import type { LlmConfig } from '../../config';

/**
 * The language model behind coaching, scoring and analysis (DESIGN.md "Outside services"): any OpenAI-compatible
 * chat-completions API when LLM_BASE_URL is set. Without it `llm` is null and callers use their local rules.
 */
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export interface ChatRequest {
  messages: ChatMessage[];
  max_tokens?: number;
  temperature?: number;
  /** Ask for a JSON object answer (OpenAI `response_format: {type:'json_object'}`). */
  json?: boolean;
}

/** The provider's answer in the chat-completions shape, trimmed to what callers read (packages/domain). */
export type { ChatCompletion };

/** A failed LLM call; `status` is the provider's HTTP status (402 credits exhausted, 429 rate limited), 0 for network errors and timeouts. */
export class LlmError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export interface LlmProvider {
  readonly model: string;
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatCompletion>;
}

export function createLlmProvider(config: LlmConfig | null, fetchImpl: typeof fetch = fetch): LlmProvider | null {
  if (!config) return null;
  return {
    model: config.model,
    async chat(request, signal) {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      let response: Response;
      try {
        response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
          body: JSON.stringify({
            model: config.model,
            messages: request.messages,
            max_tokens: request.max_tokens ?? 500,
            temperature: request.temperature ?? 0.7,
            ...(request.json ? { response_format: { type: 'json_object' } } : {}),
          }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new LlmError(0, `The language model could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new LlmError(response.status, `The language model answered ${response.status}${text ? `: ${text.slice(0, 300)}` : ''}`);
      }
      const body = (await response.json().catch(() => null)) as Partial<ChatCompletion> | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new LlmError(502, 'The language model answered without a message');
      return {
        id: body?.id ?? `chatcmpl-${Date.now()}`,
        object: 'chat.completion',
        created: body?.created ?? Math.floor(Date.now() / 1000),
        model: body?.model ?? config.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: body?.choices?.[0]?.finish_reason ?? null }],
      };
    },
  };
}
