/** The organisation profile screens, loaded as one chunk (they share every form section). */
export { EditProfileScreen } from './edit-profile-screen.tsx';
export { EstablishProfileScreen } from './establish-profile-screen.tsx';
