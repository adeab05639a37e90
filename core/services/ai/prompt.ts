/**
 * @module
 * D30: the service's instruction to the model. The facts go into the one `system` message,
 * which only Sleeve writes (callers' system messages are refused), with the rule that
 * the answer uses those facts and nothing else: no invented tracks, dates, numbers, and no
 * lyrics (Sleeve holds none to quote, and quoting them would be reproducing them anyway).
 */
import type { FactGroup } from './facts.ts';

/** The answer's length: a few short paragraphs, what a card or a chat bubble shows. */
const ANSWER_WORDS = 150;

function factsText(groups: readonly FactGroup[]): string {
  return groups.map((g) => `## ${g.subject}\n${g.facts.map((f) => `- ${f}`).join('\n')}`).join('\n\n');
}

/** The system message: who the model is, the grounding rule, the task, then the facts. */
export function systemPrompt(task: string, groups: readonly FactGroup[]): string {
  return [
    "You are Sleeve's music assistant.",
    "Use only the facts listed below, which come from Sleeve's catalogue. If they do not answer the question, say so plainly.",
    'Never invent tracks, artists, albums, dates, numbers, people or events, and never quote, paraphrase or guess song lyrics.',
    `Answer in plain prose of at most ${ANSWER_WORDS} words, in the language of the question.`,
    `Task: ${task}`,
    '',
    'Facts:',
    factsText(groups),
  ].join('\n');
}
