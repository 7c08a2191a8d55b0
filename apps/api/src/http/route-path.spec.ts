import type { FastifyRequest } from 'fastify';
import { routePath } from './route-path';

const request = (url: string, route?: string) =>
  ({ url, routeOptions: route === undefined ? undefined : { url: route } }) as unknown as FastifyRequest;

describe('routePath (the path a request is decided on)', () => {
  it('is the route that matched, however the path was spelled', () => {
    expect(routePath(request('/v1/%61uth/login?x=1', '/v1/auth/login'))).toBe('/v1/auth/login');
  });

  it('is the decoded path, without its query, when no route matched', () => {
    expect(routePath(request('/v1/%61uth/nothing?token=secret'))).toBe('/v1/auth/nothing');
  });

  it('leaves a malformed escape as sent', () => {
    expect(routePath(request('/v1/auth/%E0%A4%A?x'))).toBe('/v1/auth/%E0%A4%A');
  });
});
