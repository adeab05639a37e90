/**
 * @module
 * Every driver the service talks to, one per contract: what the registry builds by mode,
 * what an embedder may inject (`sources`), and what handlers and services are given.
 */
import type { ChatModel } from './chat.ts';
import type { FeaturesDriver } from './features.ts';
import type { KnowledgeDriver } from './knowledge.ts';
import type { LinksDriver } from './links.ts';
import type { LyricsDriver } from './lyrics.ts';
import type { MusicDriver } from './music.ts';
import type { RadioDriver } from './radio.ts';

/** Every driver the service talks to, chosen by mode or injected by an embedder. */
export interface Drivers {
  music: MusicDriver;
  features: FeaturesDriver;
  radio: RadioDriver;
  /** Link metadata for `/resolve` (live mode); absent in demo mode, which makes no network call. */
  links?: LinksDriver;
  /** A chat model for `/chat`, `/assistant` and `/ai/*`, in either mode; absent unless configured. */
  ai?: ChatModel;
  /** Lyrics (live mode); absent in demo mode: `/lyrics*` answer 503 `not_configured`. */
  lyrics?: LyricsDriver;
  /** Artist biography and facts (live mode); absent in demo mode: 503 `not_configured`. */
  knowledge?: KnowledgeDriver;
}
