/** The signed-out forms' validation: the shared schemas of contract/auth.ts, loaded after first paint (lib/lazy-resolver.ts). */
import { zodResolver } from "@hookform/resolvers/zod";
import { ZForgotPassword, ZLogin, ZRegister, ZResetPassword } from "@contract/auth";

export const loginResolver = zodResolver(ZLogin);
export const registerResolver = zodResolver(ZRegister);
export const forgotPasswordResolver = zodResolver(ZForgotPassword);
export const newPasswordResolver = zodResolver(ZResetPassword.pick({ password: true }));
