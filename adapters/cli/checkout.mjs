#!/usr/bin/env node
/**
 * The `sleeve` command in a checkout: package.json's `bin` there, so `npx sleeve` runs it with no
 * build first. Plain JavaScript, since Node 20 cannot run TypeScript: it loads tsx (a
 * devDependency, so only in a checkout) and then the command's sources. The published package's
 * `bin` is the built `dist/adapters/cli/index.js` instead (`scripts/package-npm.ts`).
 */
import { register } from 'tsx/esm/api';

register();
await import('./index.ts');
