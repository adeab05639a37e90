/**
 * @module
 * D30: `POST /chat`, a conversation with the music assistant, and `GET /assistant`, one
 * question. Both are grounded the simplest explainable way: the catalogue is searched for the
 * caller's last words (`/search/all`'s ranking: up to 3 artists, tracks and albums), and the
 * model is told to answer from those results only; they come back as `grounding`.
 * `/chat` is never cached (a conversation does not repeat) and draws one of 50 messages per
 * hour per client. `/assistant` is a one-shot generation like `/ai/*`:
 * cached 30 days per question and drawing on their shared 10 per hour, so a repeated question
 * is free. Neither is batchable. Without a model: 503 `not_configured`. Both arrived in 2.5.0,
 * so older pins answer 404 before anything else is asked.
 */
import * as v from 'valibot';
import { chatBodySchema, readChat } from './chat-request.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requiredText } from '../../schemas/params.ts';
import { assistantAnswerSchema, chatReplySchema } from '../../schemas/responses/index.ts';
import { AI_CACHE_SECONDS, AI_GENERATIONS, CHAT_MESSAGES } from './ai-budgets.ts';
import { searchFacts, serviceFacts, type FactGroup } from '../../services/ai/facts.ts';
import { generate, requireModel } from '../../services/ai/generate.ts';
import { searchAll } from '../../services/search/search.ts';
import type { Deps } from '../../wiring/deps.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** Results per section: enough to name what the question is about, few enough to read. */
const GROUNDING_RESULTS = 3;
/** The bound on `query`, also applied to the words a conversation is searched by. */
const SEARCH_CHARS = 200;

async function catalogueFacts(deps: Deps, words: string, scope: RequestScope): Promise<FactGroup[]> {
  const query = words.slice(0, SEARCH_CHARS);
  const result = await searchAll(deps.drivers.music, query, GROUNDING_RESULTS, ['artists', 'tracks', 'albums'], scope);
  return [serviceFacts(deps.options.mode), searchFacts(query, result)];
}

const TASK =
  "Answer the user about music in Sleeve's catalogue, from the search results below. Name tracks, artists and albums only as they appear there.";

export const chat = defineEndpoint({
  path: '/chat',
  method: 'POST',
  since: '2.5.0',
  summary: 'A conversation with the music assistant, grounded in a catalogue search for the last message.',
  description:
    'Body: `{ "messages": [{ "role": "user" | "assistant", "content" }] }`, the whole conversation so far (Sleeve keeps none), 1 to 20 messages of at most 2000 characters (8000 in all), the last one the user\'s. `system` messages are refused (400): the system message is Sleeve\'s grounding rule. Each answered message draws one of the caller\'s 50 per hour. 503 `not_configured` without a chat model.',
  rateLimit: 60,
  generations: CHAT_MESSAGES,
  cache: 'no-store',
  batchable: false,
  body: chatBodySchema,
  bodyExample: { messages: [{ role: 'user', content: 'What should I play after The Narrow Trains?' }] },
  response: chatReplySchema,
  async handle({ deps, request, scope, spendGeneration }) {
    const model = requireModel(deps);
    const { messages } = await readChat(request, { timeoutMs: deps.options.bodyTimeoutMs, timer: deps.clock.timer });
    const grounding = await catalogueFacts(deps, messages.at(-1)!.content, scope);
    const made = await generate({
      model,
      deps,
      spendGeneration,
      scope: scope,
      task: TASK,
      grounding,
      conversation: messages,
    });
    return { reply: made.text, model: made.model, generatedAt: made.generatedAt, grounding: made.grounding };
  },
});

export const assistant = defineEndpoint({
  path: '/assistant',
  since: '2.5.0',
  summary: 'One question to the music assistant, grounded in a catalogue search for it; cached 30 days per question.',
  description:
    'The one-shot form of `/chat`: `query` is the question (at most 200 characters). A repeated question (trimmed, case-folded) is answered from the cache and costs nothing. 503 `not_configured` without a chat model.',
  rateLimit: 60,
  generations: AI_GENERATIONS,
  cache: AI_CACHE_SECONDS,
  batchable: false,
  params: v.object({ query: requiredText('query') }),
  example: { query: 'The Narrow Trains' },
  response: assistantAnswerSchema,
  async handle({ params, deps, scope, spendGeneration }) {
    const model = requireModel(deps);
    const grounding = await catalogueFacts(deps, params.query, scope);
    const made = await generate({
      model,
      deps,
      spendGeneration,
      scope: scope,
      task: TASK,
      grounding,
      conversation: [{ role: 'user', content: params.query }],
    });
    return {
      query: params.query,
      answer: made.text,
      model: made.model,
      generatedAt: made.generatedAt,
      grounding: made.grounding,
    };
  },
});
