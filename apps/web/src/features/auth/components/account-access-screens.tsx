/**
 * The signed-out account screens, loaded as one chunk: one lazy import in the route table
 * instead of five keeps the entry (which the sign-in page pays for) small.
 */
export { ClaimBusinessProfileScreen, ClaimBusinessScreen } from './claim-business-screen.tsx';
export { DoximitySuccessScreen } from './doximity-success-screen.tsx';
export { RecoverPasswordScreen } from './recover-password-screen.tsx';
export { RegisterScreen } from './register-screen.tsx';
export { SetPasswordScreen } from './set-password-screen.tsx';
