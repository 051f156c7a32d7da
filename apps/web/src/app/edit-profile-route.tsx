import { NotificationSettings } from '../features/notifications/components/notification-settings.tsx';
import { EditProfileScreen } from '../features/organizations/components/organization-screens.tsx';

/** The organisation profile page also holds the person's notification settings, from their own feature. */
export function EditProfileRoute() {
  return <EditProfileScreen notificationSettings={<NotificationSettings />} />;
}
