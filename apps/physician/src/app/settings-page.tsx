import { SettingsScreen } from '../features/account/settings-screen.tsx';
import { AddToHomeScreenCard } from '../features/install/add-to-home-screen-card.tsx';
import {
  canAskForPush,
  currentBrowserTraits,
  shouldCoachInstall,
} from '../features/install/install-coaching.ts';
import { NotificationPreferences } from '../features/notifications/notification-preferences.tsx';
import { PushControl } from '../features/notifications/push-control.tsx';

function needsInstallForPush(): boolean {
  const traits = currentBrowserTraits();
  return !canAskForPush(traits) && shouldCoachInstall(traits);
}

/** Account settings with the notification settings in them: the app composes the features. */
export function SettingsPage() {
  return (
    <SettingsScreen
      notificationSettings={
        <>
          <PushControl
            needsInstall={needsInstallForPush()}
            installCoaching={<AddToHomeScreenCard isRequired />}
          />
          <NotificationPreferences />
        </>
      }
    />
  );
}
