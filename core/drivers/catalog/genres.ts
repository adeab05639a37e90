/**
 * @module
 * The demo catalogue's genre list (id 0 is `All`, first in `/editorial/genres`). Ids follow the
 * familiar editorial numbering so that links and examples read naturally; images are drawn by
 * `/media`.
 */
import type { Genre } from '../../domain/music.ts';

export const DEMO_GENRES: readonly Genre[] = [
  [0, 'All'],
  [132, 'Pop'],
  [116, 'Rap/Hip Hop'],
  [152, 'Rock'],
  [113, 'Dance'],
  [165, 'R&B'],
  [85, 'Alternative'],
  [106, 'Electro'],
  [466, 'Folk'],
  [144, 'Reggae'],
  [129, 'Jazz'],
  [98, 'Classical'],
  [173, 'Films/Games'],
  [464, 'Metal'],
  [169, 'Soul & Funk'],
  [153, 'Blues'],
  [197, 'Latin Music'],
  [84, 'Country'],
  [2, 'African Music'],
].map(([id, name]) => ({ id: id as number, name: name as string, imageUrl: null }));
