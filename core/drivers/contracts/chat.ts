/**
 * @module
 * The chat model's contract (D30): what the AI routes ask.
 */
import type { ChatMessage, ChatReply } from '../../domain/chat.ts';
import type { CallOptions } from './driver.ts';

export interface ChatModel {
  readonly name: string;
  /** The model asked for, as configured. */
  readonly model: string;
  complete(messages: readonly ChatMessage[], options?: CallOptions): Promise<ChatReply>;
}
