import { applyDecorators, Get, HttpCode, Post, Put, type Type } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  type ApiOperationOptions,
  type ApiResponseSchemaHost,
} from '@nestjs/swagger';

/** What a route does, for the OpenAPI document: its summary, or the whole operation object. */
export type RouteOperation = string | ApiOperationOptions;
/**
 * What it answers: one `type`, or `[type]`, an array of them; or `{ schema }` for a body no class describes
 * (e.g. WebAuthn options, whose shape belongs to the browser's API).
 */
export type RouteAnswer = Type<unknown> | [Type<unknown>] | Pick<ApiResponseSchemaHost, 'schema'>;

const operation = (op: RouteOperation) => ApiOperation(typeof op === 'string' ? { summary: op } : op);
const answer = (a: RouteAnswer) => (typeof a === 'object' && !Array.isArray(a) ? a : { type: a });

/**
 * The route, its summary and its answer in one decorator, as NoContentRoute is for 204s: a create answers
 * 201 with `type` (for a secret's owner — an app, a public token, an endpoint — the one answer that shows the
 * secret), a list 200 with `type[]`. `path` is the route's below the controller's, none by default (a
 * controller of one collection).
 */
export const CreateRoute = (op: RouteOperation, type: Type<unknown>, path?: string) =>
  applyDecorators(Post(path), operation(op), ApiCreatedResponse({ type }));

export const ListRoute = (op: RouteOperation, type: Type<unknown>, path?: string) =>
  applyDecorators(Get(path), operation(op), ApiOkResponse({ type: [type] }));

const METHODS = { GET: Get, PUT: Put, POST: Post } as const;

/**
 * A route on one resource answering 200 with `type`: a read (GET), a change (PUT), or an action (POST,
 * e.g. a secret's rotation, which answers 200 — not Nest's default 201 — with the new secret, shown once).
 */
export const OkRoute = (method: keyof typeof METHODS, path: string, op: RouteOperation, type: RouteAnswer) =>
  applyDecorators(
    METHODS[method](path),
    ...(method === 'POST' ? [HttpCode(200)] : []),
    operation(op),
    ApiOkResponse(answer(type)),
  );

/** The 404 of a route, described (which codes, and why another caller's resource reads as missing). */
export const NotFoundResponse = (description: string) => ApiNotFoundResponse({ description });
