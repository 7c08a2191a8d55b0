import { InvitationMailEntity } from './invitation-mail.entity';
import { StoreInvitationEntity } from './store-invitation.entity';
import { StoreMemberEntity } from './store-member.entity';

export { InvitationMailEntity, StoreInvitationEntity, StoreMemberEntity };
/** The members context's tables, for the data source and the migration CLI. */
export const MEMBERS_ENTITIES = [StoreMemberEntity, StoreInvitationEntity, InvitationMailEntity];
