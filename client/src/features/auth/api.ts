/**
 * Sign-in's server calls (spec section 7). The session itself (the stored token, GET
 * /api/church/me, logout) is lib/auth.tsx's, which every screen shares.
 */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { AuthResponse, LoginInput, RegisterInput } from "@contract/auth";
import type { ChurchPublic } from "@contract/church";
import type { Locale } from "@contract/i18n/locales";
import { apiJson, apiRequest } from "@/lib/api";
import { useApiMutation, type MutationConfig } from "@/lib/mutation";
import type { LoginAnswer } from "@/lib/two-step";

/** The church's name and logo over the signed-out screens. */
export const usePublicChurch = () => useQuery<ChurchPublic>({ queryKey: [API.church.public()] });

/** A session, or a pending second step (docs/decisions/0102). */
export const useLogin = (config?: MutationConfig<LoginAnswer, LoginInput>) =>
  useApiMutation((data: LoginInput) => apiJson<LoginAnswer>("POST", API.auth.login(), data), config);

export const useRegister = (config?: MutationConfig<AuthResponse, RegisterInput>) =>
  useApiMutation((data: RegisterInput) => apiJson<AuthResponse>("POST", API.auth.register(), data), config);

export const useForgotPassword = (config?: MutationConfig<{ message: string }, { email: string }>) =>
  useApiMutation((d: { email: string }) => apiJson<{ message: string }>("POST", API.auth.forgotPassword(), d), config);

export const useResetPassword = (config?: MutationConfig<{ message: string }, { token: string; password: string }>) =>
  useApiMutation((d: { token: string; password: string }) => apiJson<{ message: string }>("POST", API.auth.resetPassword(), d), config);

/** The member's language, for the emails the server sends them. */
export const saveLocale = (locale: Locale) => apiRequest("PUT", API.auth.locale(), { locale });
