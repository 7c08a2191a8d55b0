import { Injectable } from '@nestjs/common';
import {
  AccessibleStore,
  AccountCaller,
  canonicalPublicScopes,
  isUuid,
  DEFAULT_PUBLIC_TOKEN_SCOPES,
  PublicTokenCaller,
  SecretHasher,
  SecretKind,
} from '@app/core';
import { changeAndEmit, EventsWriter } from '@app/events';
import { PublicTokensRepository, TokenRow } from './public-tokens.repository';
import { PublicTokenErrors } from './public-tokens.errors';
import type { PublicTokenDto, PublicTokenIssuedDto } from './dto/public-token.dto';
import { toPublicTokenDto, toPublicTokenIssuedDto } from './public-token.mapper';

export const PUBLIC_TOKEN_PREFIX = 'sfp_';
/** A public token is a secret of its own kind: handed out once, kept as a keyed hash. */
const PUBLIC_TOKEN: SecretKind = { prefix: PUBLIC_TOKEN_PREFIX, purpose: 'public_token' };
/** `sfp_` + 32 random bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^sfp_[A-Za-z0-9_-]{43}$/;

/** A change's event; `data` is the token as its list shows it (never its value). */
const tokenEvent = (
  type: 'public_token.created' | 'public_token.rotated',
  caller: AccountCaller,
  row: TokenRow,
) => ({ storeId: row.store_id, type, caller, data: toPublicTokenDto(row) });

/**
 * Public tokens of a store, for the members whose role allows integrations (the route's access rule
 * decided the store); another store's token answers exactly like a missing one. No SQL here
 * (PublicTokensRepository).
 */
@Injectable()
export class PublicTokensService {
  constructor(
    private readonly tokens: PublicTokensRepository,
    private readonly hasher: SecretHasher,
    private readonly events: EventsWriter,
  ) {}

  async create(
    caller: AccountCaller,
    { storeId }: AccessibleStore,
    input: { name: string; scopes?: string[]; allowedOrigins?: string[] },
  ): Promise<PublicTokenIssuedDto> {
    const token = {
      name: input.name,
      scopes: canonicalPublicScopes(input.scopes ?? DEFAULT_PUBLIC_TOKEN_SCOPES),
      allowedOrigins: input.allowedOrigins ?? [],
    };
    const secret = this.hasher.issue(PUBLIC_TOKEN);
    const row = await changeAndEmit(
      this.events,
      this.tokens,
      (tx) => this.tokens.insert(tx, storeId, token, secret),
      (inserted) => tokenEvent('public_token.created', caller, inserted),
    );
    if (!row) throw PublicTokenErrors.storeNotFound();
    return toPublicTokenIssuedDto(row, secret.value);
  }

  /** Oldest first. */
  async list({ storeId }: AccessibleStore): Promise<PublicTokenDto[]> {
    return (await this.tokens.list(storeId)).map(toPublicTokenDto);
  }

  /**
   * (v1.3) Changes its name, scopes and allowed origins — those given; `allowedOrigins: []` clears them.
   * The token's value stays the same, and the change holds from the very next request on every instance
   * (the guard reads the row on each). No event: the contract's event list (§11) names none for it.
   */
  async update(
    { storeId }: AccessibleStore,
    tokenId: string,
    patch: { name?: string; scopes?: string[]; allowedOrigins?: string[] },
  ): Promise<PublicTokenDto> {
    if (!isUuid(tokenId)) throw PublicTokenErrors.tokenNotFound();
    const row = await this.tokens.transaction((tx) =>
      this.tokens.update(tx, storeId, tokenId, {
        name: patch.name,
        scopes: patch.scopes && canonicalPublicScopes(patch.scopes),
        allowedOrigins: patch.allowedOrigins,
      }),
    );
    if (!row) throw PublicTokenErrors.tokenNotFound();
    return toPublicTokenDto(row);
  }

  /**
   * (v1.3) Whether a CORS preflight from `origin` is answered: some live token of some store lists it.
   * Read on every preflight (browsers keep the answer for its Access-Control-Max-Age), so a token created
   * or changed on one instance is honoured on every other at once.
   */
  originListed(origin: string): Promise<boolean> {
    return this.tokens.anyListsOrigin(origin);
  }

  /** A new value; the old one no longer hashes to any row, so it is dead on the next request. */
  async rotate(
    caller: AccountCaller,
    { storeId }: AccessibleStore,
    tokenId: string,
  ): Promise<PublicTokenIssuedDto> {
    if (!isUuid(tokenId)) throw PublicTokenErrors.tokenNotFound();
    const secret = this.hasher.issue(PUBLIC_TOKEN);
    const row = await changeAndEmit(
      this.events,
      this.tokens,
      (tx) => this.tokens.rotate(tx, storeId, tokenId, secret),
      (rotated) => tokenEvent('public_token.rotated', caller, rotated),
    );
    if (!row) throw PublicTokenErrors.tokenNotFound();
    return toPublicTokenIssuedDto(row, secret.value);
  }

  async remove(caller: AccountCaller, { storeId }: AccessibleStore, tokenId: string): Promise<void> {
    if (!isUuid(tokenId)) throw PublicTokenErrors.tokenNotFound();
    const deleted = await changeAndEmit(
      this.events,
      this.tokens,
      (tx) => this.tokens.delete(tx, storeId, tokenId),
      () => ({ storeId, type: 'public_token.deleted', caller, data: { id: tokenId } }),
    );
    if (!deleted) throw PublicTokenErrors.tokenNotFound();
  }

  /**
   * The guard's read for `sfp_` bearer tokens: one prepared statement on the unique hash index. The
   * token row cascades away with its store, so a deleted store's tokens are dead too.
   */
  async resolve(token: string): Promise<PublicTokenCaller | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const row = await this.tokens.findByHash(this.hasher.hash(PUBLIC_TOKEN.purpose, token));
    if (!row) return null;
    return {
      kind: 'public',
      tokenId: row.id,
      storeId: row.store_id,
      scopes: canonicalPublicScopes(row.scopes),
      allowedOrigins: row.allowed_origins,
      catalogueVersion: row.catalogue_version,
    };
  }
}
