/**
 * Passkeys and two-step sign-in, the client's calls (docs/decisions/0102), shared by the sign-in
 * screen, Profile and Admin's People tab (so it lives here, not in one feature). The WebAuthn browser
 * library is loaded only when a member asks for a passkey (a click): the sign-in screen's first
 * load carries neither it nor zod (decisions 0072 and 0074). Types only from the contract.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { AuthResponse } from "@contract/auth";
import type { Passkey, TwoStepPending, TwoStepStatus } from "@contract/two-step";
import { apiJson, apiRequest } from "@/lib/api";
import { queryClient } from "@/lib/query-client";

/** What POST /api/auth/login answers: a session (maybe asking the staff member to set up a second step), or a pending second step. */
export type LoginAnswer = (AuthResponse & { twoStepSetup?: true }) | TwoStepPending;
export const isPending = (a: LoginAnswer): a is TwoStepPending => "twoStepRequired" in a;

const webauthn = () => import("@simplewebauthn/browser");

/** Whether this browser can use passkeys at all (checked on click, never during the first render). */
export async function passkeysSupported() {
  return (await webauthn()).browserSupportsWebAuthn();
}

/** Signs in with whichever passkey the browser offers for this site: no email asked for. */
export async function signInWithPasskey(): Promise<AuthResponse> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = await apiJson<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("POST", API.auth.passkeySignInOptions());
  const credential = await startAuthentication({ optionsJSON });
  return apiJson<AuthResponse>("POST", API.auth.passkeySignIn(), { credential });
}

/** The second step with a code, a recovery code, or one of the member's passkeys. */
export async function completeSecondStep(ticket: string, proof: { code: string } | { recoveryCode: string } | { passkey: true }): Promise<AuthResponse> {
  if (!("passkey" in proof)) return apiJson<AuthResponse>("POST", API.auth.secondStep(), { ticket, ...proof });
  const { startAuthentication } = await webauthn();
  const optionsJSON = await apiJson<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("POST", API.auth.secondStepPasskeyOptions(), { ticket });
  const credential = await startAuthentication({ optionsJSON });
  return apiJson<AuthResponse>("POST", API.auth.secondStep(), { ticket, credential });
}

const PASSKEYS_KEY = [API.auth.passkeys()];
const STATUS_KEY = [API.auth.twoStep()];
const STAFF_RULE_KEY = [API.auth.staffTwoStep()];
const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }), queryClient.invalidateQueries({ queryKey: STATUS_KEY })]);

export const usePasskeys = () => useQuery<Passkey[]>({ queryKey: PASSKEYS_KEY });
export const useTwoStepStatus = () => useQuery<TwoStepStatus>({ queryKey: STATUS_KEY });

/** Adds a passkey: the server's options, the browser's prompt (Face ID, fingerprint...), the server's check. */
export function useAddPasskey() {
  return useMutation({
    mutationFn: async (name: string | undefined) => {
      const { startRegistration } = await webauthn();
      const optionsJSON = await apiJson<Parameters<typeof startRegistration>[0]["optionsJSON"]>("POST", API.auth.passkeyRegisterOptions());
      const credential = await startRegistration({ optionsJSON });
      return apiJson<Passkey>("POST", API.auth.passkeyRegister(), { credential, ...(name ? { name } : {}) });
    },
    onSuccess: refresh,
  });
}

export function useRenamePasskey() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => apiJson<Passkey>("PATCH", API.auth.passkey({ id }), { name }),
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", API.auth.passkey({ id })),
    onSuccess: refresh,
  });
}

export const startTotpSetup = () => apiJson<{ uri: string; secret: string; qr: string }>("POST", API.auth.totpSetup());

export function useConfirmTotp() {
  return useMutation({
    mutationFn: (code: string) => apiJson<{ recoveryCodes: string[] }>("POST", API.auth.totpConfirm(), { code }),
    onSuccess: refresh,
  });
}

export function useDisableTotp() {
  return useMutation({
    mutationFn: (proof: { code: string } | { password: string }) => apiRequest("POST", API.auth.totpDisable(), proof),
    onSuccess: refresh,
  });
}

/** The owner's rule (Admin, People). */
export const useStaffTwoStep = () => useQuery<{ required: boolean }>({ queryKey: STAFF_RULE_KEY });
export function useSetStaffTwoStep() {
  return useMutation({
    mutationFn: (required: boolean) => apiJson<{ required: boolean }>("PUT", API.auth.staffTwoStep(), { required }),
    onSuccess: (data) => {
      queryClient.setQueryData(STAFF_RULE_KEY, data);
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    },
  });
}
