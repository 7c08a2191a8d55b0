import { applyDecorators, HttpCode } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';

/**
 * A route that answers 204 with no body: the status, the summary and the OpenAPI answer together, so the
 * document never says 200 for a route that sends 204. Where other answers are declared matters (the
 * document lists them in the order they were applied), so it stands where the 204 answer stood.
 */
export const NoContentRoute = (summary: string, operation: { operationId?: string } = {}) =>
  applyDecorators(HttpCode(204), ApiOperation({ ...operation, summary }), ApiNoContentResponse());
