import {
  DELETED_PHYSICIAN_NAME,
  PHYSICIAN_ACCOUNT_MESSAGES,
  type TPhysicianDeleteAccountData,
} from '@medhire/contract/physician-account';
import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { accountTokens, otpCodes, pushTokens, sessions, users } from '../../../db/schema/accounts.ts';
import { applications, matches, notifications } from '../../../db/schema/hiring.ts';
import { notificationDigests, notificationPreferences } from '../../../db/schema/notifications.ts';
import { oidcIdentities } from '../../../db/schema/oidc.ts';
import { physicians } from '../../../db/schema/physicians.ts';
import { uploads } from '../../../db/schema/uploads.ts';
import { AppError } from '../../../lib/app-error.ts';
import { findUserById } from '../../auth/accounts-repository.ts';
import type { AttemptLimiter } from '../../auth/attempt-limiter.ts';
import { ACCOUNT_LIMITS, spendAttempt } from '../../auth/attempt-limiter.ts';
import { verifyPassword } from '../../auth/password-hash.ts';
import { assertFreshSecondStep } from '../../auth/second-factor/second-factor.ts';
import { forgetCachedUser } from '../../auth/session-cache.ts';
import { anonymousEmail } from '../../organizations/archive-account.ts';
import { deleteUploads } from '../../uploads/delete-uploads.ts';
import type { FileStorage } from '../../uploads/file-storage.ts';
import { deletePhysicianAlerts } from '../alerts/alerts-repository.ts';
import { storedCvKey } from '../upload-cv.ts';

export interface DeletePhysicianAccountOptions {
  db: Db;
  storage: FileStorage;
  limiter: AttemptLimiter;
  userId: string;
  physicianId: string;
  password: string;
  /** The session asking: an account with a second factor on needs a fresh second step in it. */
  sessionId: string;
}

/**
 * Deletes a physician's account, after the password confirms it is them. In one transaction:
 * the applications are withdrawn (removed from every employer's pipeline) and pending invites
 * declined; the profile is erased down to the name employers see in the conversations they
 * keep ("Deleted physician": their messages stay, the person behind them is gone); the e-mail
 * becomes an anonymous address, so the real one can register again; every session ends; push
 * registrations, codes, notifications, alerts and the professional-network link go. The row
 * itself stays because the employers' conversations point at it. The CV and photo files are
 * deleted once that has committed.
 */
export async function deletePhysicianAccount({
  db,
  storage,
  limiter,
  userId,
  physicianId,
  password,
  sessionId,
}: DeletePhysicianAccountOptions): Promise<TPhysicianDeleteAccountData> {
  await spendAttempt(limiter, `delete-account:${userId}`, ACCOUNT_LIMITS.changePassword);
  const user = await findUserById(db, userId);
  if (!user || user.archivedAt) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  await assertFreshSecondStep(db, userId, sessionId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('BUSINESS_RULE', PHYSICIAN_ACCOUNT_MESSAGES.wrongPassword, {
      reason: 'PASSWORD_INCORRECT',
    });
  }

  const result = await db.transaction(async (tx) => {
    const [physician] = await tx
      .select()
      .from(physicians)
      .where(eq(physicians.id, physicianId))
      .for('update');
    if (!physician) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
    const withdrawn = await tx
      .delete(applications)
      .where(eq(applications.physicianId, physicianId))
      .returning({ id: applications.id });
    const declined = await tx
      .update(matches)
      .set({ status: 'declined', respondedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(matches.physicianId, physicianId), eq(matches.status, 'pending')))
      .returning({ id: matches.id });
    await tx
      .update(physicians)
      .set({
        ...DELETED_PHYSICIAN_NAME,
        photo: null,
        npiNumber: null,
        specialtyId: null,
        subSpecialtyIds: [],
        boardStatus: null,
        yearsOfExperience: null,
        yearAvailable: null,
        homeDescription: null,
        homeState: null,
        homeLatitude: null,
        homeLongitude: null,
        statesOfInterest: [],
        citiesOfInterest: [],
        employmentTypes: [],
        needsVisa: false,
        isDiscoverable: false,
        cvUrl: null,
        matchKeys: [],
        searchName: '',
        updatedAt: new Date(),
      })
      .where(eq(physicians.id, physicianId));

    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx.delete(pushTokens).where(eq(pushTokens.userId, userId));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    await tx.delete(oidcIdentities).where(eq(oidcIdentities.userId, userId));
    await tx.delete(otpCodes).where(or(eq(otpCodes.email, user.email), like(otpCodes.email, `${userId}:%`)));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(notificationDigests).where(eq(notificationDigests.userId, userId));
    await deletePhysicianAlerts(tx, physicianId);
    await tx
      .update(users)
      .set({
        email: anonymousEmail(),
        passwordHash: null,
        emailVerifiedAt: null,
        archivedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));

    const uploaded = await tx
      .select({ key: uploads.key })
      .from(uploads)
      .where(eq(uploads.ownerUserId, userId));
    return {
      applicationsWithdrawn: withdrawn.length,
      invitesDeclined: declined.length,
      uploadKeys: uploaded.map(({ key }) => key),
      cvKey: storedCvKey(physician.cvUrl, userId, storage),
    };
  });
  forgetCachedUser(userId);

  if (result.uploadKeys.length > 0) {
    await deleteUploads({ db, storage, ownerUserId: userId, keys: result.uploadKeys });
  }
  if (result.cvKey) await storage.delete(result.cvKey);
  return {
    deleted: true,
    applicationsWithdrawn: result.applicationsWithdrawn,
    invitesDeclined: result.invitesDeclined,
  };
}
