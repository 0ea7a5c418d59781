#!/usr/bin/env node
// The sitewright command: TypeScript sources run through tsx, so there is no build step.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
