/**
 * @module
 * One generation (D31). The model is required first (no model: 503 `not_configured`,
 * before any lookup), then the caller's budget is drawn (only now, so cached answers,
 * bad input and unknown tracks never count), then the model is asked with the grounding.
 */
import { SleeveError } from '../../errors.ts';
import type { Deps } from '../../wiring/deps.ts';
import type { ChatMessage } from '../../domain/chat.ts';
import type { ChatModel } from '../../drivers/contracts/chat.ts';
import type { FactGroup } from './facts.ts';
import { systemPrompt } from './prompt.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

const NOT_CONFIGURED: string =
  'This deployment has no chat model: the AI routes need SLEEVE_AI_URL and SLEEVE_AI_MODEL (plus SLEEVE_AI_KEY when the model server wants one), or the `ai` option of createSleeve.';

/** The configured model, or the 503 that says what to configure. */
export function requireModel(deps: Deps): ChatModel {
  const model = deps.drivers.ai;
  if (!model) throw new SleeveError('not_configured', NOT_CONFIGURED);
  return model;
}

export interface Generated {
  text: string;
  model: string;
  generatedAt: string;
  grounding: FactGroup[];
}

export interface GenerationCall {
  model: ChatModel;
  deps: Deps;
  spendGeneration(): void | Promise<void>;
  scope?: RequestScope;
  /** What the model is asked to do with the facts. */
  task: string;
  grounding: FactGroup[];
  /** Facts the model reads that the answer does not echo in its `grounding` (a song's words). */
  told?: readonly FactGroup[];
  /** The conversation after the system message: one user question, or a caller's `/chat` turns. */
  conversation: readonly ChatMessage[];
}

export async function generate(call: GenerationCall): Promise<Generated> {
  await call.spendGeneration();
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(call.task, [...call.grounding, ...(call.told ?? [])]) },
    ...call.conversation,
  ];
  const reply = await call.model.complete(messages, { scope: call.scope });
  return {
    text: reply.text,
    model: reply.model,
    generatedAt: new Date(call.deps.clock.now()).toISOString(),
    grounding: call.grounding,
  };
}
