import {
  NOTIFICATION_TYPES,
  type TNotificationPreference,
  type TNotificationType,
  type TWeeklySummarySetting,
} from '@medhire/contract/notifications';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifyError } from '@medhire/ui/toast.ts';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { notificationsApi } from '../api/notifications-api.ts';
import { PushControl } from './push-control.tsx';
import './notifications.css';

export const NOTIFICATION_TYPE_NAMES: Record<TNotificationType, string> = {
  EMPLOYEE_REGISTERED: 'A physician in your specialties joins',
  APPLY_ON_JOB: 'A physician applies to a job',
  INVITE_ACCEPTED: 'A physician accepts an invite',
  INVITE_REJECTED: 'A physician declines an invite',
  SEND_MSG_TO_EMPLOYER: 'A physician sends you a message',
};

type Channel = 'push' | 'email';

const CHANNEL_NAMES: Record<Channel, string> = { push: 'Browser push', email: 'E-mail digest' };

/**
 * Which notifications reach the person on which channel: in-app is always on (shown, disabled),
 * browser push and the daily e-mail digest per type. Each switch saves at once.
 */
export function NotificationSettings() {
  const userId = useAppSelector((state) => state.auth.session?.user._id);
  const [preferences, setPreferences] = useState<TNotificationPreference[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger.
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setLoadError(null);
    notificationsApi
      .getPreferences(userId, controller.signal)
      .then((answer) => setPreferences(answer.preferences))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(describeError(error));
      });
    return () => controller.abort();
  }, [userId, attempt]);

  const change = async (type: TNotificationType, channel: Channel, isOn: boolean) => {
    if (!userId || !preferences) return;
    const previous = preferences;
    setPreferences(previous.map((item) => (item.type === type ? { ...item, [channel]: isOn } : item)));
    setSaving(`${type}:${channel}`);
    try {
      const answer = await notificationsApi.updatePreferences(userId, {
        preferences: [{ type, [channel]: isOn }],
      });
      setPreferences(answer.preferences);
    } catch (error) {
      setPreferences(previous);
      notifyError(errorMessage(error));
    } finally {
      setSaving(null);
    }
  };

  const byType = new Map(preferences?.map((item) => [item.type, item]));

  return (
    <Card
      title="Notifications"
      description="In the app you always see every notification. Choose what also reaches you as a browser notification or in the daily e-mail digest of unread notifications. Reminders of your interviews come by e-mail, and as a browser notification unless browser push is off for every type."
    >
      <PushControl />
      {loadError ? (
        <Alert variant="danger" title="Your notification settings could not be loaded.">
          <p>{loadError}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      ) : !preferences ? (
        <Spinner label="Loading notification settings" />
      ) : (
        <table className="notification-settings__table">
          <caption className="visually-hidden">Notification channels per notification type</caption>
          <thead>
            <tr>
              <th scope="col">Notify me when</th>
              <th scope="col">In the app</th>
              <th scope="col">{CHANNEL_NAMES.push}</th>
              <th scope="col">{CHANNEL_NAMES.email}</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_TYPES.map((type) => {
              const preference = byType.get(type);
              return (
                <tr key={type}>
                  <th scope="row">{NOTIFICATION_TYPE_NAMES[type]}</th>
                  <td>
                    <input
                      type="checkbox"
                      role="switch"
                      className="notification-switch"
                      checked
                      aria-checked="true"
                      disabled
                      aria-label={`${NOTIFICATION_TYPE_NAMES[type]}: in the app (always on)`}
                    />
                  </td>
                  {(['push', 'email'] as const).map((channel) => (
                    <td key={channel}>
                      <input
                        type="checkbox"
                        role="switch"
                        className="notification-switch"
                        checked={preference?.[channel] ?? false}
                        aria-checked={preference?.[channel] ?? false}
                        disabled={!preference || saving === `${type}:${channel}`}
                        aria-label={`${NOTIFICATION_TYPE_NAMES[type]}: ${CHANNEL_NAMES[channel]}`}
                        onChange={(event) => void change(type, channel, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {userId && <WeeklySummarySwitch userId={userId} />}
    </Card>
  );
}

/**
 * The weekly hiring summary e-mail (Mondays, last week's figures), for owners and admins only:
 * a member who does not get it sees nothing here. Saves at once, like the switches above.
 */
function WeeklySummarySwitch({ userId }: { userId: string }) {
  const [setting, setSetting] = useState<TWeeklySummarySetting | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    notificationsApi
      .getWeeklySummary(userId, controller.signal)
      .then(setSetting)
      // Without the setting the switch is left out; the e-mail's own link still turns it off.
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId]);

  if (!setting?.isEligible) return null;
  const change = async (isEnabled: boolean) => {
    const previous = setting;
    setSetting({ ...setting, isEnabled });
    setIsSaving(true);
    try {
      setSetting(await notificationsApi.updateWeeklySummary(userId, isEnabled));
    } catch (error) {
      setSetting(previous);
      notifyError(errorMessage(error));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <label className="notification-settings__weekly">
      <input
        type="checkbox"
        role="switch"
        className="notification-switch"
        checked={setting.isEnabled}
        aria-checked={setting.isEnabled}
        disabled={isSaving}
        onChange={(event) => void change(event.target.checked)}
      />
      <span>
        <strong>Weekly hiring summary</strong>
        <span className="notification-settings__weekly-hint">
          Every Monday: last week's new applicants, moves to interview, offer and hired, and how fast
          physicians got a reply.
        </span>
      </span>
    </label>
  );
}
