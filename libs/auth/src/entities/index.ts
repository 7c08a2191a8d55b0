import { AccountIdentityEntity } from './account-identity.entity';
import { AccountEntity } from './account.entity';
import { OtpChallengeEntity } from './otp-challenge.entity';
import { OtpFailureEntity } from './otp-failure.entity';
import { RefreshTokenEntity } from './refresh-token.entity';
import { RevokedTokenEntity } from './revoked-token.entity';
import { SessionEntity } from './session.entity';

export {
  AccountEntity,
  AccountIdentityEntity,
  OtpChallengeEntity,
  OtpFailureEntity,
  RefreshTokenEntity,
  RevokedTokenEntity,
  SessionEntity,
};
export const AUTH_ENTITIES = [
  AccountEntity,
  AccountIdentityEntity,
  SessionEntity,
  RefreshTokenEntity,
  OtpChallengeEntity,
  OtpFailureEntity,
  RevokedTokenEntity,
];
