import {
  ACCESS_METADATA,
  AccessRule,
  STEP_UP_METADATA,
  StepUpRule,
  STORE_ACCESS_METADATA,
  StoreAccessRule,
} from '@app/core';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';

export interface RegisteredRoute {
  method: string;
  path: string;
  controller: string;
  handler: string;
  /** Who may call it (the global guard's rule), from the handler or its class. */
  rule: AccessRule | undefined;
  /** Which members of the route's store may call it (@StoreAccess), from the handler or its class. */
  store: StoreAccessRule | undefined;
  /** (v1.4) @StepUp: an account with a second factor must have verified one in this session (600 s). */
  stepUp: StepUpRule | undefined;
}

/**
 * Every REST route the application wires, walked from Nest's own module container (so nothing registered
 * can be missing), with the access rules the guard applies to it.
 */
export function registeredRoutes(app: INestApplication): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const seen = new Set<unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const classRule = Reflect.getMetadata(ACCESS_METADATA, controller) as AccessRule | undefined;
      const classStore = Reflect.getMetadata(STORE_ACCESS_METADATA, controller) as
        | StoreAccessRule
        | undefined;
      for (const key of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) ?? ''].flat() as string[];
        const rule = (Reflect.getMetadata(ACCESS_METADATA, handler) as AccessRule | undefined) ?? classRule;
        const store =
          (Reflect.getMetadata(STORE_ACCESS_METADATA, handler) as StoreAccessRule | undefined) ?? classStore;
        const stepUp = Reflect.getMetadata(STEP_UP_METADATA, handler) as StepUpRule | undefined;
        for (const sub of paths) {
          const path = ('/' + [base, sub].filter((p) => p && p !== '/').join('/')).replace(/\/+/g, '/');
          routes.push({
            method: RequestMethod[method],
            path,
            controller: controller.name,
            handler: key,
            rule,
            store,
            stepUp,
          });
        }
      }
    }
  }
  return routes;
}
