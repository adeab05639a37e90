/**
 * A fake OpenAI-compatible chat model on loopback, for the AI routes' tests: a real HTTP
 * server answering `POST <base>/chat/completions` with a chat completion object shaped after
 * https://platform.openai.com/docs/api-reference/chat/object (`id`, `object`, `created`,
 * `model`, `choices[{ index, message: { role, content, refusal }, logprobs, finish_reason }]`,
 * `usage`). It records every request it receives (headers and JSON body, so tests can read
 * the prompt), and its reply is computed from that prompt, never fixed: it quotes the last
 * user message and counts the fact lines of the system message. Faults make it misbehave the
 * ways a real model server does: a 5xx, a 429, a refused key, no answer, garbage, a huge body,
 * a JSON body without a reply.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ModelFault = 'http500' | 'http429' | 'http401' | 'hang' | 'garbage' | 'huge' | 'no-choices' | null;

interface ModelCall {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; [more: string]: unknown };
}

export interface FakeModel {
  /** The API base to configure as `ai.url` (`SLEEVE_AI_URL`). */
  url: string;
  /** What the model answers as (`model` in its body). */
  answersAs: string;
  calls: ModelCall[];
  fault(fault: ModelFault): void;
  /** The system message of the last call: the prompt with its facts. */
  lastSystem(): string;
  close(): Promise<void>;
}

/** What the fake says for a prompt: derived from it, so a test can tell which prompt it answered. */
export function replyFor(messages: readonly { role: string; content: string }[]): string {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const facts = system.split('\n').filter((line) => line.startsWith('- ')).length;
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  return `From ${facts} facts, about "${question}".`;
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

export async function startFakeModel(answersAs = 'fake-gpt-1'): Promise<FakeModel> {
  const calls: ModelCall[] = [];
  const hanging = new Set<ServerResponse>();
  let fault: ModelFault = null;
  const server = createServer(async (req, res) => {
    const text = await read(req);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(text) as ModelCall['body'];
    calls.push({ path: req.url, authorization: req.headers.authorization, body });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
    switch (fault) {
      case 'http500':
        return json(500, {
          error: { message: 'The server had an error while processing your request.', type: 'server_error' },
        });
      case 'http429':
        return json(429, { error: { message: 'Rate limit reached', type: 'requests' } }, { 'retry-after': '7' });
      case 'http401':
        return json(401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
        });
      case 'hang':
        hanging.add(res);
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>upstream proxy error</html>');
        return;
      case 'huge': {
        // Three MiB without a Content-Length, so only a bounded read can stop it.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = 'x'.repeat(64 * 1024);
        res.write('{"padding":"');
        for (let i = 0; i < 48 && !res.destroyed; i++) res.write(chunk);
        res.end('"}');
        return;
      }
      case 'no-choices':
        return json(200, { id: 'chatcmpl-0', object: 'chat.completion', created: 0, model: answersAs, choices: [] });
    }
    json(200, {
      id: `chatcmpl-${calls.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: answersAs,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: replyFor(body.messages), refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: Math.ceil(text.length / 4),
        completion_tokens: 12,
        total_tokens: Math.ceil(text.length / 4) + 12,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    answersAs,
    calls,
    fault: (next) => {
      fault = next;
      if (next === 'hang') return;
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
    lastSystem: () => calls.at(-1)?.body.messages.find((m) => m.role === 'system')?.content ?? '',
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
