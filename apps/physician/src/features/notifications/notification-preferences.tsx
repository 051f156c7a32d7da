import type {
  TPhysicianNotificationPreference,
  TPhysicianNotificationType,
} from '@medhire/contract/physician-notifications';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import {
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} from './notifications-api.ts';

const TYPE_LABELS: Record<TPhysicianNotificationType, string> = {
  JOB_INVITE: 'Invites from employers',
  EMPLOYER_MESSAGE: 'Messages from employers',
  APPLICATION_STATUS: 'Updates on your applications',
  JOB_ALERT: 'New jobs for your alerts',
};

type Channel = 'push' | 'email';
const CHANNEL_LABELS: Record<Channel, string> = { push: 'Push', email: 'E-mail' };

/** Which channels each kind of notification uses; in the app they always appear. Saved on each change. */
export function NotificationPreferences() {
  const { data, error, isLoading, refetch } = useGetNotificationPreferencesQuery();
  const [update, updateState] = useUpdateNotificationPreferencesMutation();

  if (isLoading) return <Spinner label="Loading your notification settings" />;
  if (error && !data) {
    return (
      <Alert variant="danger" title="Your notification settings did not load">
        <p>{error.message}</p>
        <Button size="sm" variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!data) return null;

  const onToggle = (preference: TPhysicianNotificationPreference, channel: Channel, isOn: boolean) => {
    void update({ preferences: [{ type: preference.type, [channel]: isOn }] });
  };

  return (
    <div className="notification-preferences">
      {updateState.error && <Alert variant="danger">{updateState.error.message}</Alert>}
      <table className="notification-preferences__table">
        <caption className="visually-hidden">How each kind of notification reaches you</caption>
        <thead>
          <tr>
            <th scope="col">Notification</th>
            <th scope="col">In app</th>
            <th scope="col">{CHANNEL_LABELS.push}</th>
            <th scope="col">{CHANNEL_LABELS.email}</th>
          </tr>
        </thead>
        <tbody>
          {data.preferences.map((preference) => (
            <tr key={preference.type}>
              <th scope="row">{TYPE_LABELS[preference.type]}</th>
              <td>
                <input
                  type="checkbox"
                  checked
                  disabled
                  aria-label={`In the app: ${TYPE_LABELS[preference.type]} (always on)`}
                />
              </td>
              {(['push', 'email'] as const).map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    checked={preference[channel]}
                    disabled={updateState.isLoading}
                    aria-label={`${CHANNEL_LABELS[channel]}: ${TYPE_LABELS[preference.type]}`}
                    onChange={(event) => onToggle(preference, channel, event.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="notification-preferences__note">
        E-mail is sent when a push cannot reach you. Interview reminders come by e-mail, and by push while
        push is on for updates on your applications.
      </p>
    </div>
  );
}
