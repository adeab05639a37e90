/** `/editorial/genres`, images pointing at the service's own media. */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { makeSleeve, ok } from '../../helpers/routes/client.ts';

describe('/editorial/genres', () => {
  it('lists genres with id 0 named All, images under /media/images/genre', async () => {
    const body = await ok(s.listOf(s.genreSchema), '/editorial/genres');
    expect(body[0]).toEqual({ id: 0, name: 'All', image: 'http://sleeve.test/media/images/genre/0.svg' });
    expect(new Set(body.map((g) => g.id)).size).toBe(body.length);
  });

  it('prefers the configured base URL for images', async () => {
    const body = await ok(s.listOf(s.genreSchema), '/editorial/genres', {
      sleeve: makeSleeve({ baseUrl: 'https://music.example/' }),
    });
    expect(body[0]!.image).toBe('https://music.example/media/images/genre/0.svg');
  });
});
