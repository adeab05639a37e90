/**
 * @module
 * Helpers for the AI routes' tests: a demo Sleeve on a fake model (`test/helpers/fake-openai.ts`),
 * a POST of a `/chat` body, and the check every grounded answer must pass: each fact it
 * returns was in the prompt the model received.
 */
import { expect } from 'vitest';
import type { Sleeve, SleeveOptions } from '../../../core/index.ts';
import { chatReplySchema } from '../../../core/schemas/responses/index.ts';
import type { FakeModel } from '../fake-openai.ts';
import { valid } from '../shape/valid.ts';
import { makeSleeve, UA, type Answer } from './client.ts';

export const MODEL = 'sleeve-test-model';
export const KEY = 'sk-test-0123456789';

/** A demo Sleeve whose chat model is the fake; rate limits off unless `options` says otherwise. */
export function aiSleeve(model: FakeModel, options: SleeveOptions = {}): Sleeve {
  return makeSleeve({ ai: { url: model.url, key: KEY, model: MODEL, timeoutMs: 2000 }, ...options });
}

export async function postChat(sleeve: Sleeve, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await sleeve.fetch(
    new Request('http://sleeve.test/chat', {
      method: 'POST',
      headers: { 'user-agent': UA, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  const json = (await res.json()) as any;
  if (res.status === 200) valid(chatReplySchema, json);
  return { status: res.status, headers: res.headers, body: json };
}

/** Every fact line the answer returns as grounding is in the system prompt, under its subject. */
export function groundedIn(system: string, grounding: readonly { subject: string; facts: string[] }[]): void {
  expect(grounding.length).toBeGreaterThan(0);
  for (const group of grounding) {
    expect(system).toContain(`## ${group.subject}`);
    for (const fact of group.facts) expect(system).toContain(`- ${fact}`);
  }
}
