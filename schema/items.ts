/** The collection kinds: see schema/items/index.ts, and a module per kind beside it. */
export * from './items/index.ts';
