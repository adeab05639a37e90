/**
 * @module
 * The chat-model driver: one `POST {url}/chat/completions` of an OpenAI-compatible server
 * (OpenAI itself, or any server that speaks its API: a local llama.cpp, vLLM, Ollama…),
 * `Authorization: Bearer <key>` when a key is set. The request is built here from vetted
 * parts (the configured URL and model, the messages the service composed), never from a
 * caller's URL. Every way it can fail is one of Sleeve's errors: no answer in time is `504 upstream_timeout`;
 * unreachable, a 5xx, a refused key, a body over the cap, not JSON or without a reply is
 * `502 upstream_error`; a 429 is `503 service_unavailable` with the upstream's `Retry-After`.
 * Calls go through the driver kit's circuit (`ai`), so a failing model is left alone for a
 * while and callers hear at once. Shaped after the chat completion object of
 * https://platform.openai.com/docs/api-reference/chat/object (`choices[0].message.content`).
 */
import { upstreamError } from '../../errors.ts';
import { call, type Upstream } from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import { WireError, decoded } from '../shared/wire.ts';
import type { ChatMessage, ChatReply } from '../../domain/chat.ts';
import type { ChatModel } from '../contracts/chat.ts';
import type { CallOptions } from '../contracts/driver.ts';
import type { RequestScope } from '../kit/scope.ts';

const DRIVER_NAME: string = 'ai';

export interface AiOptions {
  /** The API base, `/chat/completions` is appended: `https://api.openai.com/v1`. */
  url: string;
  /** Sent as `Authorization: Bearer <key>`; absent for a local server that needs none. */
  key?: string;
  /** The model asked for: `gpt-4o-mini`, `llama3.1:8b`… */
  model: string;
  /** Milliseconds before a model that has not answered is a 504 (default 30 000: models are slow). */
  timeoutMs?: number;
  /** Largest answer read, in bytes (default 256 KiB); more is a 502. */
  maxBytes?: number;
  /** Longest reply asked of the model, in tokens (default 600: a few paragraphs). */
  maxTokens?: number;
}

const AI_TIMEOUT_MS: number = 30_000;
/** A chat completion of a few paragraphs is a few KiB; a quarter MiB is generous and bounded. */
const AI_MAX_BYTES: number = 256 * 1024;
const AI_MAX_TOKENS: number = 600;

/** `choices[0].message.content` and the model that answered; anything else is the upstream's surprise. */
function decodeReply(body: unknown, asked: string): ChatReply {
  if (typeof body !== 'object' || body === null) throw new WireError('not an object');
  const { choices, model } = body as { choices?: unknown; model?: unknown };
  if (!Array.isArray(choices) || choices.length === 0) throw new WireError('no choices');
  const message = (choices[0] as { message?: { content?: unknown } } | null)?.message;
  const content = message?.content;
  if (typeof content !== 'string' || content.trim() === '')
    throw new WireError('choices[0].message.content is not a text');
  return { text: content.trim(), model: typeof model === 'string' && model !== '' ? model : asked };
}

export default function openAiChat(options: AiOptions, ctx: DriverContext): ChatModel {
  const model: Upstream = ctx.upstream({
    name: DRIVER_NAME,
    base: options.url,
    timeoutMs: options.timeoutMs ?? AI_TIMEOUT_MS,
    speaker: 'the model',
    setting: 'SLEEVE_AI_URL',
  });
  const maxBytes = options.maxBytes ?? AI_MAX_BYTES;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.key) headers['authorization'] = `Bearer ${options.key}`;

  /** One completion; every failure, an answer without a reply included, counts against the circuit. */
  const complete = (messages: readonly ChatMessage[], scope: RequestScope | undefined): Promise<ChatReply> =>
    call(
      model,
      '/chat/completions',
      {
        method: 'POST',
        headers,
        scope,
        redirect: 'manual',
        maxBytes,
        passOnRateLimit: true,
        body: JSON.stringify({
          model: options.model,
          messages,
          max_tokens: options.maxTokens ?? AI_MAX_TOKENS,
          temperature: 0.2,
          stream: false,
        }),
      },
      async (reply) => {
        if (reply.status !== 200) {
          // The setting to check, as every upstream failure names it (D61): the key when refused.
          const why =
            reply.status === 401 || reply.status === 403
              ? ' (the key was refused: check SLEEVE_AI_KEY)'
              : '; check SLEEVE_AI_URL';
          throw upstreamError(DRIVER_NAME, `the model answered HTTP ${reply.status}${why}`);
        }
        return decoded(DRIVER_NAME, await reply.json(), (b) => decodeReply(b, options.model));
      },
    );

  return {
    name: DRIVER_NAME,
    model: options.model,
    complete: (messages, o: CallOptions = {}) => complete(messages, o.scope),
  };
}
