// Front mode for one site before one origin (ORIGIN_URL): its answers (front-answers.ts) on the
// front's routes (front-routes.ts), and its connections to the origin closed with the listener.
import type { FastifyInstance } from 'fastify';
import { type FrontDeps, frontAnswers } from './front-answers.ts';
import { registerFrontRoutes } from './front-routes.ts';
import type { FrontRouting } from './routing.ts';

export async function registerFront(app: FastifyInstance, deps: FrontDeps & { routing: FrontRouting }): Promise<void> {
  const answers = frontAnswers(deps);
  app.addHook('onClose', () => answers.close());
  await registerFrontRoutes(app, deps.routing, deps.front, answers);
}
