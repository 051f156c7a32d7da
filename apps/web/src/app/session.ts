/**
 * The signed-in session as the app shares it with features that need the person but do not own
 * signing in (the organisation profile, onboarding). The store and its session belong to the
 * app; features reach them here instead of importing the auth feature's internals.
 */
export { selectUser, syncUser, userUpdated } from '../features/auth/auth-slice.ts';
export { useSyncAndContinue } from '../features/auth/session-start.ts';
