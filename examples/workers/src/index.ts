// The Worker is Sleeve's, as it comes; its Durable Object class is exported beside it for wrangler to find.
export { default, SleeveCounters } from 'sleeve/workers';
