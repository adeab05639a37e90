/**
 * @module
 * English words for titles and band names: a curated list of words songs are named with, and
 * Faker's general English word lists for variety. Long on purpose: a catalogue of a million
 * titles drawn from a few dozen words would repeat each word in a twentieth of all tracks,
 * unlike any real catalogue, and search would be measured on an unrealistic vocabulary.
 */
import { FAKER_ADJECTIVES, FAKER_NOUNS } from './people-data.ts';

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const ADJECTIVES: readonly string[] = words(`
  Velvet Paper Silver Hollow Neon Quiet Golden Electric Broken Wild Midnight Crimson Lucid Distant Honey Static Tidal Amber
  Cobalt Gentle Restless Northern Faded Sunlit Iron Pale Bright Secret Heavy Tender Frozen Burning Empty Endless Hidden
  Lonely Lost Lazy Loud Lunar Magnetic Marble Mellow Misty Modern Molten Mystic Narrow Native Nervous Open Orange Painted
  Perfect Phantom Plastic Polar Precious Pure Purple Radiant Rapid Rare Raw Real Rising Rolling Rough Royal Rusty Sacred
  Salty Savage Scarlet Second Serene Shallow Sharp Shining Silent Simple Sleepy Slow Small Smoky Soft Solar Sonic Spare
  Stellar Stolen Strange Sudden Sugar Sweet Swift Tangled Teal Thin Tired Twisted Urban Velour Violet Vivid Wandering Warm
  Wasted Weightless Western Wicked Wooden Young Azure Blue Copper Dusty Early Feral Fragile Gilded Glass Grey Humble Ivory
  Jade Kind Little Lavender Liquid Lucky Mad Mighty Naked Neat Noble Odd Olive Only Polished Proud Quick Rainy Rosy Ruby
`);

export const NOUNS: readonly string[] = words(`
  Harbour Lantern Orchard Signal Comet River Garden Mirror Engine Meadow Satellite Tide Window Ember Canyon Parade Echo
  Fever Horizon Atlas Compass Glacier Lighthouse Pocket Thunder Voyage Circuit Feather Summer Winter Anchor Arrow Avenue
  Balcony Ballad Beacon Blossom Bridge Cabin Candle Carousel Cathedral Cellar Chapel Cherry Cinema Cliff Cloud Coast
  Constellation Coral Cradle Crown Crystal Current Curtain Dawn Desert Diamond Dream Drum Dune Eclipse Elevator Empire
  Fable Falcon Fire Flame Forest Fountain Freeway Frontier Galaxy Gate Ghost Glow Gravity Harvest Heart Highway Island
  Jungle Kingdom Kite Lagoon Lake Letter Library Lion Machine Magnet Maple Marathon Meteor Monsoon Moon Morning Motel
  Mountain Needle Nightfall Ocean Oracle Palace Paradise Pearl Pilot Planet Prism Radio Rain Rebel Ribbon Rocket Rose
  Ruin Saddle Sailor Season Shadow Shelter Shore Silence Skyline Smoke Snow Sparrow Spiral Stadium Station Storm Street
  Sunset Swan Telescope Temple Thread Tiger Tower Train Tunnel Valley Velvet Village Volcano Wave Whisper Wildfire Willow
  Wolf Wonder Arcade Asphalt Aurora Bay Bloom Bonfire Bottle Breeze Brick Cactus Canal Carnival Cascade Citadel Clover
  Cobweb Comet Cove Creek Cypress Daydream Delta Diner Dove Driftwood Ferry Fjord Flare Fog Garnet Gondola Grove Hammock
`);

export const VERBS: readonly string[] = words(`
  Running Falling Dancing Waiting Dreaming Burning Chasing Holding Drifting Calling Breaking Shining Flying Fading Hiding
  Leaving Looking Moving Rising Sailing Singing Sleeping Spinning Swimming Talking Turning Walking Wandering Watching
  Whispering Crying Driving Floating Glowing Healing Hunting Jumping Kissing Laughing Melting Racing Reaching Roaming
`);

export const PREPOSITIONS: readonly string[] = words(
  'Through Under Over Into Beyond Across Without After Before Behind Along Around Against Beneath',
);

export const PHRASES: readonly string[] = [
  "Don't Look Back",
  "I'll Be There",
  'Say It Again',
  'Stay Awhile',
  "Can't Sleep",
  'Come Home',
  'Hold On',
  'Let Go',
  'All Night',
  'One More Time',
  'Slow Down',
  'Right Now',
  "We're Not Done",
  'Call Me Later',
  'Never Enough',
  'Take Me Higher',
  'Tell Me Why',
  "It's Only Love",
  'Keep Moving',
  'Left Behind',
  'Here We Go',
  'Too Late Now',
  'Not Tonight',
  'Wait for Me',
];

export const HANDLE_PARTS: readonly string[] = words(
  'beat vinyl loop wave groove tape riff bass echo mix tune chord note drum synth',
);

/** Faker's general English lists (`people-data.ts`), unfit words already left out there. */
export const EXTRA_NOUNS: readonly string[] = FAKER_NOUNS;
export const EXTRA_ADJECTIVES: readonly string[] = FAKER_ADJECTIVES;
