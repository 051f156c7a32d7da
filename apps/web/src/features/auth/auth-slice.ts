import type { TSession, TSubscriptionMeta, TUser } from '@medhire/contract/account';
import type { TLoginBody } from '@medhire/contract/auth';
import type { TPasskeySignInBody } from '@medhire/contract/passkeys';
import type { TSecondStepBody, TSecondStepChallenge } from '@medhire/contract/security';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { errorMessage } from '../../lib/http.ts';
import { delegateFlag, pushTokenStore, sessionStore, specialtyParamsFlag } from '../../lib/storage.ts';
import { authApi } from './api/auth-api.ts';
import { postLoginDestination } from './post-login-destination.ts';

/** Client auth state, field names and defaults as spec §3 gives them. */
export interface AuthState {
  authStep: boolean;
  session: TSession | null;
  user: TUser | null;
  consultationStep: boolean;
  business: Record<string, unknown>;
  isPendingInvoive: boolean;
  modalToggle: boolean;
}

export const initialAuthState: AuthState = {
  authStep: false,
  session: null,
  user: null,
  consultationStep: false,
  business: {},
  isPendingInvoive: false,
  modalToggle: false,
};

/** The auth state at start: defaults plus the session restored from storage, if any. */
export function authStateFrom(session: TSession | null): AuthState {
  return { ...initialAuthState, session, user: session?.user ?? null };
}

export const REJECTED_ACCOUNT_MESSAGE =
  'This account is not able to sign in. Contact MedHire support if you think this is a mistake.';

interface ThunkConfig {
  rejectValue: string;
}

/** Ends everything a signed-in person leaves in this browser (spec §4). */
function clearLocalSession(): void {
  delegateFlag.clear();
  // The local push token must go in any case so the next person does not inherit it.
  pushTokenStore.clear();
  sessionStore.clear();
}

/**
 * Ends the session on the server, after removing this browser's push registration while the
 * token still works. The token is passed explicitly because the local session is cleared at
 * once; a failure here (offline, already revoked) must not keep anyone signed in locally.
 */
async function endServerSession(session: TSession | null, pushTokenValue: string | undefined): Promise<void> {
  if (!session) return;
  if (pushTokenValue) {
    await authApi.deletePushToken(session.token, session.user._id, pushTokenValue).catch(() => undefined);
  }
  await authApi.logout(session.token).catch(() => undefined);
}

function refuseRejectedAccount(session: TSession): string | null {
  if (postLoginDestination(session).kind === 'logout') {
    clearLocalSession();
    return REJECTED_ACCOUNT_MESSAGE;
  }
  return null;
}

/**
 * Sign-in with e-mail and password. An account with a second factor on answers the second step's
 * ticket instead of a session: the form then asks for the code (completeSecondStep).
 */
export const login = createAsyncThunk<TSession | TSecondStepChallenge, TLoginBody, ThunkConfig>(
  'auth/login',
  async (body, { rejectWithValue }) => {
    try {
      const answer = await authApi.login(body);
      if ('secondStep' in answer) return answer;
      const refusal = refuseRejectedAccount(answer);
      return refusal ? rejectWithValue(refusal) : answer;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** The second step of a sign-in: the ticket the password step answered and a code; answers the session. */
export const completeSecondStep = createAsyncThunk<TSession, TSecondStepBody, ThunkConfig>(
  'auth/completeSecondStep',
  async (body, { rejectWithValue }) => {
    try {
      const session = await authApi.secondStep(body);
      const refusal = refuseRejectedAccount(session);
      return refusal ? rejectWithValue(refusal) : session;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** A sign-in with a passkey alone: the browser's assertion; answers the session. */
export const signInWithPasskey = createAsyncThunk<TSession, TPasskeySignInBody, ThunkConfig>(
  'auth/signInWithPasskey',
  async (body, { rejectWithValue }) => {
    try {
      const session = await authApi.passkeySignIn(body);
      const refusal = refuseRejectedAccount(session);
      return refusal ? rejectWithValue(refusal) : session;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/**
 * Login v2 (the `/auth/v1/login` call) additionally turns on the specialty parameters
 * for this browser (spec §4).
 */
export const loginV2 = createAsyncThunk<TSession | TSecondStepChallenge, TLoginBody, ThunkConfig>(
  'auth/loginV2',
  async (body, { rejectWithValue }) => {
    try {
      const answer = await authApi.loginV1(body);
      if ('secondStep' in answer) return answer;
      const { showSpecialtyParams, ...session } = answer;
      const refusal = refuseRejectedAccount(session);
      if (refusal) return rejectWithValue(refusal);
      if (showSpecialtyParams) specialtyParamsFlag.set();
      return session;
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

export const syncUser = createAsyncThunk<{ user: TUser; code: TSession['code'] }, string, ThunkConfig>(
  'auth/syncUser',
  async (userId, { rejectWithValue }) => {
    try {
      return await authApi.syncUserDetail(userId);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

/** Logout (spec §4); on any failure along the way the session is still cleared. */
export const logout = createAsyncThunk<void, void>('auth/logout', async (_, { dispatch }) => {
  const ended = endServerSession(sessionStore.read(), pushTokenStore.read()?.value);
  clearLocalSession();
  dispatch(authSlice.actions.loggedOut());
  await ended;
});

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    sessionStarted(state, action: PayloadAction<TSession>) {
      state.session = action.payload;
      state.user = action.payload.user;
    },
    userUpdated(state, action: PayloadAction<TUser>) {
      state.user = action.payload;
      if (state.session) state.session.user = action.payload;
    },
    /** Accepting a match spends an invite; the answer carries the new meta (spec §4). */
    subscriptionMetaUpdated(state, action: PayloadAction<TSubscriptionMeta>) {
      if (state.user) state.user.subscriptionMeta = action.payload;
      if (state.session) state.session.user.subscriptionMeta = action.payload;
    },
    authStepSet(state, action: PayloadAction<boolean>) {
      state.authStep = action.payload;
    },
    modalToggleSet(state, action: PayloadAction<boolean>) {
      state.modalToggle = action.payload;
    },
    loggedOut() {
      return initialAuthState;
    },
    /**
     * The server holds (true) or frees (false) this session for setting up two-step sign-in
     * (lib/two-step-enrolment.ts); the guards send a held session to /settings/security.
     */
    enrolmentRequiredSet(state, action: PayloadAction<boolean>) {
      if (!state.session || Boolean(state.session.enrolmentRequired) === action.payload) return;
      if (action.payload) state.session.enrolmentRequired = true;
      else delete state.session.enrolmentRequired;
    },
  },
  extraReducers: (builder) => {
    const startSession = (state: AuthState, action: PayloadAction<TSession>) => {
      state.session = action.payload;
      state.user = action.payload.user;
    };
    // A second-step ticket is no session: the store changes only once the code is accepted.
    const startSessionIfAny = (state: AuthState, action: PayloadAction<TSession | TSecondStepChallenge>) => {
      if ('token' in action.payload) startSession(state, { ...action, payload: action.payload });
    };
    builder.addCase(login.fulfilled, startSessionIfAny);
    builder.addCase(loginV2.fulfilled, startSessionIfAny);
    builder.addCase(completeSecondStep.fulfilled, startSession);
    builder.addCase(signInWithPasskey.fulfilled, startSession);
    builder.addCase(syncUser.fulfilled, (state, action) => {
      // A sync that answers after a sign-out or for another person must not revive a session.
      if (!state.session || state.session.user._id !== action.payload.user._id) return;
      state.session.user = action.payload.user;
      state.session.code = action.payload.code;
      state.user = action.payload.user;
    });
  },
});

export const {
  sessionStarted,
  userUpdated,
  subscriptionMetaUpdated,
  authStepSet,
  modalToggleSet,
  loggedOut,
  enrolmentRequiredSet,
} = authSlice.actions;

export const authReducer = authSlice.reducer;

export const selectSession = (state: { auth: AuthState }) => state.auth.session;
export const selectUser = (state: { auth: AuthState }) => state.auth.user;
