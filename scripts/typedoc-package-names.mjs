// TypeDoc plugin: names each module of the API reference after its package (`@svc/core`,
// `@svc/integrations/runner`) instead of its folder under src/ (`core`, `integrations/runner`).
import { Converter, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getReflectionsByKind(ReflectionKind.Module)) {
      if (!module.name.startsWith('@svc/')) module.name = `@svc/${module.name}`;
    }
  });
}
