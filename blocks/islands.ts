/**
 * The browser side of interactive blocks: only these are bundled for the client, each loaded
 * on the pages that use it. Keys match the registry.
 */
import type { ComponentType } from 'react';

export const ISLANDS: Record<string, () => Promise<ComponentType<any>>> = {
  calculator: () => import('./calculator/Calculator.tsx').then((m) => m.Calculator),
  form: () => import('./form/Form.tsx').then((m) => m.Form),
};
