import { Alert } from './alert.tsx';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { GlobeIcon, LogoutIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';
import './device-list.css';

/** One signed-in device as both apps' "Signed-in devices" sections show it. */
export interface DeviceListItem {
  _id: string;
  browser: string;
  system: string | null;
  kind: 'desktop' | 'mobile' | 'tablet' | 'unknown';
  firstSeenAt: string;
  lastSeenAt: string;
  isCurrent: boolean;
}

export type DeviceListState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; devices: readonly DeviceListItem[] };

export interface DeviceListProps {
  state: DeviceListState;
  onRetry: () => void;
  onRevoke: (device: DeviceListItem) => void;
  onRevokeOthers: () => void;
  /** The device being signed out, or 'others' while every other one is. */
  pending: string | 'others' | null;
  /** "Now" for the "active now" wording; tests pass a fixed one. */
  now?: Date;
}

/** The last request is recorded to within five minutes, so anything newer is "now". */
const ACTIVE_NOW_MS = 5 * 60_000;
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const KIND: Record<DeviceListItem['kind'], string> = {
  desktop: 'Computer',
  mobile: 'Phone',
  tablet: 'Tablet',
  unknown: 'Device',
};

export function deviceName(device: Pick<DeviceListItem, 'browser' | 'system'>): string {
  return device.system ? `${device.browser} on ${device.system}` : device.browser;
}

function lastActive(device: DeviceListItem, now: Date): string {
  if (device.isCurrent || now.getTime() - Date.parse(device.lastSeenAt) < ACTIVE_NOW_MS) return 'Active now';
  return `Last active ${WHEN.format(new Date(device.lastSeenAt))}`;
}

/**
 * The devices signed in to one's account, with a way to sign any other one out, or all of them.
 * Each app fetches and signs out through its own API and hands the results in.
 */
export function DeviceList({
  state,
  onRetry,
  onRevoke,
  onRevokeOthers,
  pending,
  now = new Date(),
}: DeviceListProps) {
  if (state.status === 'loading') {
    return (
      <p className="device-list__status" role="status">
        <Spinner size="sm" /> Loading your devices…
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert variant="danger" title="We couldn't load your devices">
        <p>{state.message}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  const others = state.devices.filter((device) => !device.isCurrent);
  return (
    <div className="device-list">
      <ul className="device-list__items" aria-label="Signed-in devices">
        {state.devices.map((device) => (
          <li key={device._id} className="device-list__item">
            <GlobeIcon size={20} aria-hidden="true" className="device-list__icon" />
            <div className="device-list__text">
              <p className="device-list__name">
                {deviceName(device)} {device.isCurrent && <Badge variant="success">This device</Badge>}
              </p>
              <p className="device-list__meta">
                {KIND[device.kind]} · Signed in{' '}
                <time dateTime={device.firstSeenAt}>{WHEN.format(new Date(device.firstSeenAt))}</time> ·{' '}
                <time dateTime={device.lastSeenAt}>{lastActive(device, now)}</time>
              </p>
            </div>
            {!device.isCurrent && (
              <Button
                variant="secondary"
                size="sm"
                isLoading={pending === device._id}
                disabled={pending !== null}
                onClick={() => onRevoke(device)}
                aria-label={`Sign out ${deviceName(device)}, signed in ${WHEN.format(new Date(device.firstSeenAt))}`}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="danger"
          leadingIcon={<LogoutIcon size={18} />}
          isLoading={pending === 'others'}
          disabled={pending !== null}
          onClick={onRevokeOthers}
        >
          Sign out of all other devices
        </Button>
      ) : (
        <p className="device-list__status">You are signed in on this device only.</p>
      )}
    </div>
  );
}
