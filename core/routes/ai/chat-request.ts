/**
 * @module
 * D32: reading and checking a `POST /chat` body before anything runs (and before the
 * message budget is drawn). `{ "messages": [{ "role": "user" | "assistant", "content" }] }`,
 * sent as `application/json`: 1 to 20 messages, each 1 to 2000 characters, at most 8000 in
 * all, the last one the user's. A `system` message is refused, not dropped: the system
 * message is Sleeve's own grounding rule, and a caller who sent one should learn it had no
 * effect rather than believe it did. Every failure is a 400 naming the field (413 past 64 KiB).
 */
import * as v from 'valibot';
import { SleeveError } from '../../errors.ts';
import { MAX_BODY_BYTES, readJson, type ReadBodyOptions } from '../../http/layers/body.ts';
import { validate } from '../../http/layers/params.ts';
import { characters, maxCharacters } from '../../schemas/params.ts';

const MAX_CHAT_MESSAGES: number = 20;
const MAX_MESSAGE_CHARS: number = 2000;
const MAX_CHAT_CHARS: number = 8000;

const message = v.object(
  {
    role: v.picklist(
      ['user', 'assistant'],
      "role must be user or assistant (system messages are Sleeve's own and cannot be sent)",
    ),
    content: v.pipe(
      v.string('content must be a string'),
      v.minLength(1, 'content must not be empty'),
      maxCharacters(MAX_MESSAGE_CHARS, `content must be at most ${MAX_MESSAGE_CHARS} characters`),
      v.regex(/\S/, 'content must not be blank'),
    ),
  },
  'each message must be an object { "role", "content" }',
);

/**
 * The body `/chat` takes, published in `/openapi.json` as it is: only rules JSON Schema
 * can say. The others (no blank message, the last one the user's, 8000 characters in all) are
 * checked by `readChat` and stated in the endpoint's description.
 */
export const chatBodySchema = v.object(
  {
    messages: v.pipe(
      v.array(message, 'messages must be an array of { "role", "content" } objects'),
      v.minLength(1, `messages must hold 1 to ${MAX_CHAT_MESSAGES} messages`),
      v.maxLength(MAX_CHAT_MESSAGES, `messages must hold 1 to ${MAX_CHAT_MESSAGES} messages`),
    ),
  },
  'the body must be a JSON object { "messages": [...] }',
);

export type ChatBody = v.InferOutput<typeof chatBodySchema>;

export async function readChat(request: Request, within: Omit<ReadBodyOptions, 'max'>): Promise<ChatBody> {
  const json = await readJson(request, { ...within, max: MAX_BODY_BYTES });
  const { messages } = validate(chatBodySchema, json);
  const trimmed = messages.map((m, i) => {
    const content = m.content.trim();
    if (content === '')
      throw new SleeveError('bad_request', 'content must not be blank', { param: `messages.${i}.content` });
    return { role: m.role, content };
  });
  if (trimmed.at(-1)!.role !== 'user')
    throw new SleeveError('bad_request', "the last message must be the user's (role user)", { param: 'messages' });
  if (trimmed.reduce((sum, m) => sum + characters(m.content), 0) > MAX_CHAT_CHARS) {
    throw new SleeveError('bad_request', `messages must hold at most ${MAX_CHAT_CHARS} characters in all`, {
      param: 'messages',
    });
  }
  return { messages: trimmed };
}
