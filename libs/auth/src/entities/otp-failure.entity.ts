import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One failed OTP verification of an e-mail address. Counted over a rolling hour, across codes, to cap
 * guessing per address (OTP_MAX_FAILURES); rows older than the hour are purged.
 */
@Entity({ name: 'otp_failures' })
@Index('ix_otp_failures_email_failed', ['email', 'failedAt'])
export class OtpFailureEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ name: 'failed_at', type: 'timestamptz', default: () => 'now()' })
  failedAt!: Date;
}
