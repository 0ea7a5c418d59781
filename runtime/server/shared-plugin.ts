import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * A plugin whose hooks, handlers and decorators belong to the app that registers it, not to a
 * scope of its own (what fastify-plugin does): registered before the routes, they apply to all.
 */
export function shared<Options extends FastifyPluginOptions>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
