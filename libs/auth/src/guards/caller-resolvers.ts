import { Injectable } from '@nestjs/common';
import type { Caller } from '@app/core';
import type { AppClaims } from '../tokens/access-token.service';

/**
 * Later contexts plug their token kinds into the one global guard here: OAuth apps resolve `typ: app`
 * JWTs (checking the app, its secret generation and the jti), public tokens resolve `sfp_` tokens.
 * Each resolver does its revocation read and returns the caller, or null when the token is dead.
 */
export interface AppTokenResolver {
  resolve(claims: AppClaims): Promise<Caller | null>;
}
export interface OpaqueTokenResolver {
  prefix: string;
  resolve(token: string): Promise<Caller | null>;
}

@Injectable()
export class CallerResolvers {
  app: AppTokenResolver | null = null;
  readonly opaque: OpaqueTokenResolver[] = [];

  registerApp(resolver: AppTokenResolver): void {
    this.app = resolver;
  }

  registerOpaque(resolver: OpaqueTokenResolver): void {
    this.opaque.push(resolver);
  }
}
