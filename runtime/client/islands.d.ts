/** Made by the client build from the blocks' `island` declarations (runtime/client/build.ts). */
declare module 'virtual:sitewright-islands' {
  import type { ComponentType } from 'react';
  export const ISLANDS: Record<string, () => Promise<ComponentType<Record<string, unknown>>>>;
}
