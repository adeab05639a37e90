/**
 * Sleeve's layers, written out as rules that dependency-cruiser checks: `test/unit/repository/layers.test.ts`
 * runs them over the project, and `npm run layers` prints what breaks them.
 *
 * Imports run one way, from the top down:
 *
 *   adapters/                      the runtimes' servers (a folder each, their library parts in
 *                                  shared/) and the runnable entries' launcher (launch/); core
 *                                  never imports them
 *   core/index.ts, create.ts,      the entry: createSleeve, and the frame it builds
 *     frame.ts
 *   core/routes/                   one file per resource group, in a folder per area (music/,
 *                                  media/, radio/, knowledge/, ai/): parse, call a service, shape;
 *                                  the service's description of itself apart (routes/self/)
 *   core/http/, self/, openapi/    the HTTP frame and the service's description of itself
 *   core/shape/, core/schemas/     the answers: domain values shaped into the spec's response
 *                                  variants, and the valibot schemas of params and answers
 *                                  (they may read the services' result types)
 *   core/services/                 the spec's rules; they never know which driver answers,
 *                                  nor how their results are written out
 *   core/wiring/                   the wiring: the options and the environment read into them,
 *                                  what handlers are given, the registry that picks drivers by
 *                                  mode (drivers never see it), the instance's lifecycle
 *   core/drivers/                  the drivers: the kit (kit/: the policies a call goes through,
 *                                  the clock, the call's plumbing), what drivers share beside it
 *                                  (shared/: wire decoding, listings, named caches, the agent),
 *                                  the contracts (contracts/, one file per kind of driver), one
 *                                  folder per upstream; the demo catalogue's
 *                                  generator apart from what the server reads (catalog/generate/)
 *   leaves (LEAVES below)          the domain's values, text matching, link parsing, errors,
 *                                  storage, log types: they import no other layer of Sleeve
 *
 * A rule that fails names the file and the import that breaks it; move the thing imported
 * down to a layer both may use (a leaf, most often) rather than adding an exception here.
 */

/** What every layer may use and that uses no layer of its own. */
const LEAVES = [
  '^core/domain/', // the domain's values (tracks, albums, radio, lyrics, ...): what drivers answer and services, shapes and routes read
  '^core/text/', // fold, similarity, the as-typed match: one way to match text
  '^core/links/', // parsing a pasted link (asking the platforms about one is the links driver, core/drivers/links/)
  '^core/storage/', // unstorage from a spec, its breaker and counters, the image bytes' LRU
  '^core/installed/', // the default readers of installed packages' files (swagger-ui, resvg, fonts)
  '^core/logger[.]ts$', // the Logger and request-record types
  '^core/utils/', // small helpers of no layer: an URL's path, hashes, interleaving, the seeded generator, formats, network failures' words, IP addresses and networks, the one coalescer (work in flight) and the one breaker
  '^core/errors[.]ts$',
  '^core/version[.]ts$',
];

/** One folder per upstream (`deezer/`, `catalog/`, ...): every folder of core/drivers/ but the kit, the shared one and the contracts. */
const DRIVER_FOLDERS = '^core/drivers/(?!kit/|shared/|contracts/)[^/]+/';

/** What drivers share that is no policy of a call: wire decoding, listings, named caches, the agent. */
const DRIVERS_SHARED = '^core/drivers/shared/';

/** The driver contracts, one file per kind of driver, and the record of them all. */
const CONTRACTS = '^core/drivers/contracts/';

/** The files that sit above the drivers and choose or configure them. */
const WIRING = '^core/wiring/(options|deps|registry)[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import circles: two files that import each other (even for types) are one module in two files, ' +
        'and a circle through a layer boundary means some import runs upward. Move what both need to a file below both.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'drivers-not-upward',
      comment:
        'A driver (core/drivers/**) imports only drivers and leaves: never a service, the HTTP frame, routes, ' +
        'the description, the wiring (options, deps, registry) or the entry. A driver is given its own options ' +
        "and the kit's context; what it shares with services (text matching, link parsing) lives in a leaf.",
      severity: 'error',
      from: { path: '^core/drivers/' },
      to: { path: '^core/', pathNot: ['^core/drivers/', ...LEAVES] },
    },
    {
      name: 'drivers-apart',
      comment:
        "A driver's folder imports the kit, what drivers share (core/drivers/shared/), the contracts " +
        "(core/drivers/contracts/) and leaves, never another driver's folder: a new driver is one folder on the " +
        'kit, and a helper two drivers need goes to the kit (a policy of a call) or to shared/ (anything else).',
      severity: 'error',
      // The kit and shared/ have their own rules below.
      from: { path: '^core/drivers/([^/]+)/', pathNot: ['^core/drivers/kit/', DRIVERS_SHARED] },
      to: { path: '^core/drivers/', pathNot: ['^core/drivers/$1/', '^core/drivers/kit/', DRIVERS_SHARED, CONTRACTS] },
    },
    {
      name: 'catalog-generator-apart',
      comment:
        "The demo catalogue's generator (core/drivers/catalog/generate/, which scripts/ also runs) knows only the " +
        "catalogue's shared definitions (its file format, codes, genres) and leaves, never the reader the server " +
        'answers from; the reader reaches the generator only through its entry (generate/index.ts: the built-in ' +
        "catalogue is generated at start-up), so either side's insides change alone.",
      severity: 'error',
      from: { path: '^core/drivers/catalog/generate/' },
      to: {
        path: '^core/drivers/catalog/',
        pathNot: ['^core/drivers/catalog/generate/', '^core/drivers/catalog/(format|codes|genres)[.]ts$'],
      },
    },
    {
      name: 'catalog-reader-through-the-generator-entry',
      comment: 'The catalogue the server reads uses the generator through its entry only (generate/index.ts).',
      severity: 'error',
      from: { path: '^core/drivers/catalog/', pathNot: '^core/drivers/catalog/generate/' },
      to: { path: '^core/drivers/catalog/generate/', pathNot: '^core/drivers/catalog/generate/index[.]ts$' },
    },
    {
      name: 'self-description-apart',
      comment:
        "The routes of the service's description of itself (core/routes/self/: the docs page, /openapi.json, the " +
        'landing page, the roadmap, /errors, /metrics, /status) and the resource routes never import each other: ' +
        'a resource route changes without touching how the service describes itself, and the other way.',
      severity: 'error',
      from: { path: '^core/routes/(?!self/)[^/]+/' },
      to: { path: '^core/routes/self/' },
    },
    {
      name: 'resources-not-self-description',
      comment: 'The other side of self-description-apart: core/routes/self/ imports no resource route.',
      severity: 'error',
      from: { path: '^core/routes/self/' },
      to: { path: '^core/routes/(?!self/)[^/]+/' },
    },
    {
      name: 'kit-under-drivers',
      comment: 'The kit serves every driver, so it knows none of them: it imports the contracts and leaves only.',
      severity: 'error',
      from: { path: '^core/drivers/kit/' },
      to: { path: DRIVER_FOLDERS },
    },
    {
      name: 'drivers-shared-under-drivers',
      comment:
        'What drivers share beside the kit (core/drivers/shared/: wire decoding, listings, named caches, the agent) ' +
        'serves every driver, so it knows none of them: it imports the kit, the contracts and leaves only.',
      severity: 'error',
      from: { path: DRIVERS_SHARED },
      to: { path: DRIVER_FOLDERS },
    },
    {
      name: 'kit-policies-not-shared',
      comment:
        "The kit's policies, clock and call plumbing know nothing of what drivers share beside them: only the " +
        "driver's context (core/drivers/kit/context.ts), which hands a driver its named caches and listings, " +
        'imports core/drivers/shared/. What a policy needs lives in the kit or in a leaf.',
      severity: 'error',
      from: { path: '^core/drivers/kit/', pathNot: '^core/drivers/kit/context[.]ts$' },
      to: { path: DRIVERS_SHARED },
    },
    {
      name: 'policies-wrap-the-call',
      comment:
        'A policy of a call (core/drivers/kit/policies/) wraps the call below it through `next`: it never ' +
        'reaches the composition (call/policies.ts), the entry (call/call.ts) or the sending (call/send.ts), so ' +
        'the order of the policies is written in one place and each can be read and tested alone.',
      severity: 'error',
      from: { path: '^core/drivers/kit/policies/' },
      to: {
        path: [
          '^core/drivers/kit/call/policies[.]ts$',
          '^core/drivers/kit/call/call[.]ts$',
          '^core/drivers/kit/call/send[.]ts$',
        ],
      },
    },
    {
      name: 'kit-public-face',
      comment:
        'The frame (core/http/) and observe/ reach the kit only through its public face (core/drivers/kit/index.ts): ' +
        "the kit's parts (its budget, queue, pace, scope) change without the frame noticing, and what the frame " +
        'reads of a request (its client, its lane, a refusal by class) is what that file names, nothing hidden beside it.',
      severity: 'error',
      from: { path: '^core/(http|observe)/' },
      to: { path: '^core/drivers/kit/', pathNot: '^core/drivers/kit/index[.]ts$' },
    },
    {
      name: 'only-the-wiring-names-drivers',
      comment:
        'Services, routes and the frame reach drivers through the contracts (core/drivers/contracts/ and deps.sources), ' +
        "never a driver's own folder: the registry picks the drivers by mode, the options name their option types, " +
        "and the entry exports the catalogue's preparation. Anything else a driver folder holds that others need " +
        'belongs in a leaf.',
      severity: 'error',
      from: { path: '^core/', pathNot: ['^core/drivers/', WIRING, '^core/index[.]ts$'] },
      to: { path: DRIVER_FOLDERS },
    },
    {
      name: 'wiring-under-services',
      comment:
        'The options, the deps and the registry sit below the services and above the drivers: they import drivers ' +
        '(their option types, their factories) and leaves, never services, routes, the frame or the entry.',
      severity: 'error',
      from: { path: WIRING },
      to: {
        path: '^core/(services|routes|http|self|openapi|shape|schemas)/|^core/(frame|index|create)[.]ts$|^core/wiring/config[.]ts$',
      },
    },
    {
      name: 'services-not-upward',
      comment:
        "Services hold the spec's rules and are called by routes: they never import routes, the HTTP frame, " +
        'the description (self/, openapi/) or the entry. What a service and the frame both need goes down to a leaf.',
      severity: 'error',
      from: { path: '^core/services/' },
      to: { path: '^core/(routes|http|self|openapi)/|^core/index[.]ts$' },
    },
    {
      name: 'services-not-shape',
      comment:
        'A route parses, calls a service, then shapes the answer: the shapes (core/shape/) and the schemas ' +
        '(core/schemas/) read what services return, never the other way. A service returns domain values; what ' +
        'a service and a shape both need (a limit, a formatting rule) lives in the service or in a leaf, and a ' +
        'service that sends answers itself (the radio feed) is given its shaping by the route.',
      severity: 'error',
      from: { path: '^core/services/' },
      to: { path: '^core/(shape|schemas)/' },
    },
    {
      name: 'frame-not-routes',
      comment:
        'The HTTP frame (core/http/) runs every route the same way and reads endpoints only through their ' +
        'declarations: it never imports a route, a service, the description or the entry.',
      severity: 'error',
      from: { path: '^core/http/' },
      to: { path: '^core/(routes|services|self|openapi)/|^core/index[.]ts$' },
    },
    {
      name: 'leaves-import-leaves',
      comment:
        'A leaf (text matching, link parsing, errors, storage, log types, ...) is used by every layer, so it ' +
        'imports no layer of Sleeve: only other leaves and packages.',
      severity: 'error',
      from: { path: LEAVES },
      to: { path: '^(core|adapters|client|replay)/', pathNot: LEAVES },
    },
    {
      name: 'entry-on-top',
      comment:
        'Only the entry builds the app: no file in core imports core/index.ts, and only the entry (core/index.ts, ' +
        'and core/create.ts, which it and a Worker make their Sleeve with) imports core/frame.ts.',
      severity: 'error',
      from: { path: '^core/', pathNot: '^core/(index|create)[.]ts$' },
      to: { path: '^core/(index|frame)[.]ts$' },
    },
    {
      name: 'core-not-adapters',
      comment: 'Adapters wrap core; core never imports them (nor the client, the replay, tests, benches or scripts).',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(adapters|client|replay|test|bench|scripts|examples)/' },
    },
    {
      name: 'core-no-runtime-modules',
      comment:
        "Core touches no runtime: the runtimes' servers and WebSocket modules (@hono/node-server, ws, hono/bun, " +
        "hono/deno, bun) are the adapters' to import, and pass what core needs in through options.",
      severity: 'error',
      from: { path: '^core/' },
      to: { path: 'node_modules/(@hono/node-server|ws|bun|bun-types)/|node_modules/hono/dist/(cjs/)?adapter/' },
    },
    {
      name: 'core-node-builtins-lazily',
      comment:
        'Core runs on edge runtimes without node:*, so it imports a Node builtin only lazily (`await import`), ' +
        "for a default an embedder can replace (the docs page's and the cards' files).",
      severity: 'error',
      from: { path: '^core/' },
      to: { dependencyTypes: ['core'], dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'layers-not-hit-path',
      comment:
        "The frame's layers (core/http/layers/) and the cache (core/http/cache/) give their hit forms as data " +
        '(core/http/pipeline.ts): the hit path is composed from them (core/http/hit/), never the other way, and no ' +
        'layer knows the frame that lists it (core/frame.ts). A layer that imported the hit path would write its rule twice.',
      severity: 'error',
      from: { path: '^core/http/(layers|cache)/' },
      to: { path: '^core/http/hit/hit-path[.]ts$|^core/frame[.]ts$' },
    },
    {
      name: 'runtimes-apart',
      comment:
        "A runtime's folder (adapters/node/, bun/, deno/, vercel/) imports itself, adapters/shared/, adapters/launch/ and core, " +
        "never another runtime's folder; shared/ and launch/ import no runtime's folder. What two runtimes need goes to shared/. " +
        'The sleeve command (adapters/cli/) sits above them: it starts the runtime it runs on; ' +
        "a runtime's main.ts (npm start, start:bun, start:deno) is that command, so it takes the same flags.",
      severity: 'error',
      from: { path: '^adapters/((?!cli/)[^/]+)/', pathNot: '^adapters/[^/]+/main[.]ts$' },
      to: { path: '^adapters/', pathNot: ['^adapters/$1/', '^adapters/shared/', '^adapters/launch/'] },
    },
    {
      name: 'launcher-apart',
      comment:
        "The adapters' library (adapters/shared/, and each runtime's index.ts: what sleeve/node, sleeve/bun, ... export) " +
        'never imports the process launcher (adapters/launch/: the start-up of the runnable entries, the memory plan, ' +
        'the heap child; the sleeve command, adapters/cli/, is one of those entries): an embedder who calls serve() gets no process respawned and no environment read at start.',
      severity: 'error',
      from: { path: '^adapters/(shared/|(?!cli/)[^/]+/index[.]ts$)' },
      to: { path: '^adapters/launch/' },
    },
    {
      name: 'adapters-through-the-entry',
      comment:
        "Adapters serve the app the entry builds: they may use the entry, the configuration, the frame's " +
        'answers and leaves, never a route, a service, a driver or the wiring directly.',
      severity: 'error',
      from: { path: '^adapters/' },
      to: {
        path: '^core/(routes|services|drivers|shape|schemas|self|openapi|cards|docs)/|^core/frame[.]ts$|^core/wiring/(options|deps|registry)[.]ts$',
      },
    },
    {
      name: 'client-types-only',
      comment: "The typed client (sleeve/client) ships without the server: it may take core's types, never its code.",
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^(core|adapters)/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are arrows too: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The build's output and the benches' data are not the project's code.
    exclude: { path: '^(dist|bench/[.]data)/' },
  },
};
