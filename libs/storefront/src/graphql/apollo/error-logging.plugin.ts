import type { ApolloServerPlugin } from '@apollo/server';
import { errorForLog } from '@app/core';
import type { Logger } from 'pino';
import { isUnexpected, originalOf } from './error.formatter';
import type { StorefrontContext } from '../storefront.context';

/** Logs what formatError hides from the client (bugs), with the request id the client sees. */
export function errorLoggingPlugin(logger: Logger): ApolloServerPlugin<StorefrontContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            if (!isUnexpected(error)) continue;
            logger.error(
              { reqId: contextValue?.req?.id, err: errorForLog(originalOf(error)), path: error.path },
              'storefront error',
            );
          }
        },
      };
    },
  };
}
