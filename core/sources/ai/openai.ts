/**
 * @module
 * The chat-model driver: one `POST {url}/chat/completions` of an OpenAI-compatible server
 * (OpenAI itself, or any server that speaks its API: a local llama.cpp, vLLM, Ollama…),
 * `Authorization: Bearer <key>` when a key is set. The request is built here from vetted
 * parts (the configured URL and model, the messages the service composed), never from a
 * caller's URL. Every way it can fail is D3's: no answer in time is `504 upstream_timeout`;
 * unreachable, a 5xx, a refused key, a body over the cap, not JSON or without a reply is
 * `502 upstream_error`; a 429 is `503 service_unavailable` with the upstream's `Retry-After`.
 * Calls go through the driver kit's circuit (`ai`), so a failing model is left alone for a
 * while and callers hear at once. Shaped after the chat completion object of
 * https://platform.openai.com/docs/api-reference/chat/object (`choices[0].message.content`).
 */
import { SleeveError, upstreamError } from '../../errors.ts';
import type { DriverContext } from '../kit/context.ts';
import { readAtMost } from '../kit/read-limited.ts';
import { withTimeout } from '../kit/tally.ts';
import { WireError, decoded } from '../kit/wire.ts';
import type { CallOptions, ChatMessage, ChatModel, ChatReply } from '../types.ts';

export const DRIVER_NAME: string = 'ai';

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

export const AI_TIMEOUT_MS: number = 30_000;
/** A chat completion of a few paragraphs is a few KiB; a quarter MiB is generous and bounded. */
export const AI_MAX_BYTES: number = 256 * 1024;
export const AI_MAX_TOKENS: number = 600;

/** `choices[0].message.content` and the model that answered; anything else is the upstream's surprise. */
function decodeReply(body: unknown, asked: string): ChatReply {
  if (typeof body !== 'object' || body === null) throw new WireError('not an object');
  const { choices, model } = body as { choices?: unknown; model?: unknown };
  if (!Array.isArray(choices) || choices.length === 0) throw new WireError('no choices');
  const message = (choices[0] as { message?: { content?: unknown } } | null)?.message;
  const content = message?.content;
  if (typeof content !== 'string' || content.trim() === '') throw new WireError('choices[0].message.content is not a text');
  return { text: content.trim(), model: typeof model === 'string' && model !== '' ? model : asked };
}

export default function openAiChat(options: AiOptions, ctx: DriverContext): ChatModel {
  const url = `${options.url.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? AI_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? AI_MAX_BYTES;
  const circuit = ctx.circuit(DRIVER_NAME);
  const fetch = ctx.fetch.native;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.key) headers['authorization'] = `Bearer ${options.key}`;

  async function once(messages: readonly ChatMessage[], signal: AbortSignal | undefined): Promise<ChatReply> {
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(timeoutMs);
    const failed = (error: unknown, what: string): unknown => {
      if (signal?.aborted) return signal.reason;
      if (timeout.aborted) return upstreamError(DRIVER_NAME, `the model sent no ${what} within ${timeoutMs} ms`, 'upstream_timeout', error);
      return upstreamError(DRIVER_NAME, what === 'answer' ? 'the model is unreachable' : `the model failed while sending its ${what}`, 'upstream_error', error);
    };
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        redirect: 'manual',
        signal: withTimeout(signal, timeout),
        body: JSON.stringify({ model: options.model, messages, max_tokens: options.maxTokens ?? AI_MAX_TOKENS, temperature: 0.2, stream: false }),
      });
    } catch (error) {
      throw failed(error, 'answer');
    }
    const drop = () => response.body?.cancel().catch(() => {});
    if (response.status === 429) {
      await drop();
      const seconds = Number(response.headers.get('retry-after') ?? '');
      throw new SleeveError('service_unavailable', `[sleeve] [${DRIVER_NAME}] the model's rate limit is exhausted; try again shortly`, {
        headers: { 'Retry-After': String(Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 3600) : 5) },
      });
    }
    if (response.status !== 200) {
      await drop();
      const why = response.status === 401 || response.status === 403 ? ' (the key was refused: check SLEEVE_AI_KEY)' : '';
      throw upstreamError(DRIVER_NAME, `the model answered HTTP ${response.status}${why}`);
    }
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await drop();
      throw upstreamError(DRIVER_NAME, `the model sent a body over ${maxBytes} bytes`);
    }
    let bytes: Uint8Array | null;
    try {
      bytes = await readAtMost(response.body, maxBytes);
    } catch (error) {
      throw failed(error, 'body');
    }
    if (bytes === null) throw upstreamError(DRIVER_NAME, `the model sent a body over ${maxBytes} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch (error) {
      throw upstreamError(DRIVER_NAME, 'the model answered a body that is not JSON', 'upstream_error', error);
    }
    return decoded(DRIVER_NAME, body, (b) => decodeReply(b, options.model));
  }

  return {
    name: DRIVER_NAME,
    model: options.model,
    complete: (messages, call: CallOptions = {}) => circuit.run(() => once(messages, call.signal)),
  };
}
