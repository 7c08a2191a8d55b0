import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The one live sign-in code of an e-mail address (a new login replaces it). */
@Entity({ name: 'otp_challenges' })
export class OtpChallengeEntity {
  @PrimaryColumn({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Index('ix_otp_challenges_expires')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;
}
