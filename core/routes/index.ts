/**
 * @module
 * The route table: every endpoint the service answers, in one list. The app registers them in
 * this order; the frame reads their declarations (limits, cache, schemas) from here.
 */
import type { Endpoint } from '../http/endpoint.ts';
import { batch } from './batch.ts';
import { editorialGenres } from './editorial.ts';
import { healthz } from './health.ts';
import { errorsList } from './meta.ts';

export const endpoints: readonly Endpoint<any>[] = [healthz, editorialGenres, errorsList, batch];
