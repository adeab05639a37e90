/**
 * @module
 * D27: the station beyond `/nowplaying`. `/live` is the live-streamer state alone
 * (`/nowplaying`'s `live` object: a poll for "is a DJ on?" without the whole programme), and
 * `/listen.mp3` sends a player to the station's stream. Both read the same upstream answer
 * `/nowplaying` does (shared 2 s by the AzuraCast driver), so they cost it nothing more.
 *
 * - `/live`: limited like `/nowplaying` (30/min: a cheaper view of the same poll
 *   must not be a way around its limit) and cached 10 s, not the usual hour: a show's start is
 *   news within seconds, and ten seconds still turns a crowd of pollers into one upstream
 *   call per station. The demo station has live shows on its schedule (some evenings, a DJ
 *   for one or two hours, the demo station's `schedule.ts`), so demo answers are sometimes `true`.
 * - `/listen.mp3`: a 302 to the stream (`services/media/listen.ts` picks the mount), fresh each
 *   time (`no-store`: the station may move its mounts). Public (an `<audio>` element sends
 *   no e-mail), not batchable (streams). The demo station is simulated: it
 *   has a programme but no audio, so it answers 503 `not_configured` saying so, rather than a
 *   redirect to its `.invalid` URLs, which a player would fail on with no reason given.
 */
import * as v from 'valibot';
import { SleeveError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { liveSchema, type LiveBody } from '../../schemas/responses/index.ts';
import { stationParam } from '../../schemas/params.ts';
import { streamUrl } from '../../services/media/listen.ts';
import { loadStation } from '../../services/radio.ts';

const stationParams = v.object({ station: stationParam() });

export const live = defineEndpoint({
  path: '/live',
  summary:
    'Whether a live streamer (a DJ) is on air now: `is_live`, `streamer_name`, `broadcast_start` (Unix seconds), `art`.',
  description:
    'The `live` object of /nowplaying, alone. `broadcast_start` and `art` are null when not live or when the station does not say. Unknown station: 404.',
  rateLimit: 30,
  cache: 10,
  params: stationParams,
  example: { station: 'sleeve' },
  response: liveSchema,
  async handle({ params, deps, scope }): Promise<LiveBody> {
    const { live: l } = await loadStation(deps, params.station, deps.clock.now(), scope);
    return { is_live: l.is_live, streamer_name: l.streamer_name, broadcast_start: l.broadcast_start, art: l.art };
  },
});

const SIMULATED =
  'This station is simulated (demo mode): it has a programme but broadcasts no audio. Run Sleeve in live mode (SLEEVE_MODE=live) with an AzuraCast station (SLEEVE_AZURACAST_URL, SLEEVE_STATION) to listen.';

export const listen = defineEndpoint({
  path: '/listen.mp3',
  summary: "A 302 to the station's audio stream (its default MP3 mount), for a player or an `<audio>` element.",
  description: 'Live mode only: the demo station is simulated and answers 503 `not_configured`. Unknown station: 404.',
  public: true,
  batchable: false,
  rateLimit: 60,
  cache: 'no-store',
  params: stationParams,
  example: { station: 'sleeve' },
  response: {
    media: [],
    status: 302,
    description: "Location: the station's stream (AzuraCast's default mount, MP3 preferred).",
  },
  async handle({ params, deps, scope }) {
    const np = await loadStation(deps, params.station, deps.clock.now(), scope);
    if (deps.drivers.radio.simulated) throw new SleeveError('not_configured', SIMULATED);
    const url = streamUrl(np.station);
    if (url === null)
      throw new SleeveError(
        'upstream_error',
        `The station ${JSON.stringify(np.station.shortcode)} names no stream a player could open.`,
      );
    return new Response(null, { status: 302, headers: { Location: url } });
  },
});
