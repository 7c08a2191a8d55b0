import { LoginCodeEntity } from './login-code.entity';
import { SocialLoginStateEntity } from './social-login-state.entity';

export { LoginCodeEntity, SocialLoginStateEntity };
export const SOCIAL_ENTITIES = [SocialLoginStateEntity, LoginCodeEntity];
