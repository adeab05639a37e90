/**
 * @module
 * A conversation with a chat model, in the OpenAI chat-deferred answers terms.
 */

/** One message of a conversation; `system` is the service's own instruction, never a caller's. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatReply {
  /** The model's answer, trimmed. */
  text: string;
  /** The model that answered, as the upstream names it (else the one asked for). */
  model: string;
}
