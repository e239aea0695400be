/** Passkeys and two-step sign-in (docs/decisions/0102): the member's own, the sign-in calls, and the owner's rule. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { API } from "../../../contract/api-paths";
import { ZAuthResponse } from "../../../contract/auth";
import {
  TWO_STEP_TEXT,
  ZPasskey,
  ZPasskeySignIn,
  ZRecoveryCodes,
  ZRegisterPasskey,
  ZRenamePasskey,
  ZSecondStep,
  ZStaffTwoStep,
  ZTicket,
  ZTotpConfirm,
  ZTotpDisable,
  ZTotpSetup,
  ZTwoStepStatus,
  ZWebAuthnOptions,
} from "../../../contract/two-step";
import { currentUser } from "../../http/auth";
import { AppError, conflict } from "../../http/app-error";
import { hitRateLimit } from "../../http/rate-limit";
import { signInPolicy } from "../../db/schema/two-step";
import { setEventsCookie } from "./events-cookie";
import { toOwnUser } from "../../shared/public-user";
import {
  deletePasskey,
  listPasskeys,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  renamePasskey,
  verifyPasskey,
} from "./passkeys";
import { confirmTotp, disableTotp, startTotpSetup } from "./totp";
import { completeSecondStep, secondStepPasskeyOptions, sessionFor } from "./second-step";
import { secondStepsOf, staffTwoStepRequired, twoStepStatus } from "./two-step-policy";
import { KNOWN_DEVICE_COOKIE, KnownDevice, setKnownDeviceCookie } from "./known-device";
import { resetSecondStep } from "./reset-second-step";

const ZId = z.object({ id: z.uuid() });

/** WebAuthn options go to the browser as the library built them. */
const asJson = async (options: Promise<object>) => (await options) as Record<string, unknown>;

export const twoStepRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /** Public passkey calls share the sign-in allowance of the caller's address. */
    const limitAddress = (ip: string) => {
      const { perIp, windowSeconds } = deps.config.authRateLimit;
      return hitRateLimit(deps.db, `passkey:ip:${ip}`, perIp, windowSeconds);
    };

    // ── the member's passkeys ──
    app.get(API.auth.passkeys.pattern, { config: { access: "member" }, schema: { response: { 200: z.array(ZPasskey) } } }, async (req) =>
      listPasskeys(deps.db, currentUser(req).id),
    );

    app.post(API.auth.passkeyRegisterOptions.pattern, { config: { access: "member", rateLimit: "passkey" }, schema: { response: { 200: ZWebAuthnOptions } } }, async (req) =>
      asJson(passkeyRegistrationOptions(deps, currentUser(req), req.sessionId!)),
    );

    app.post(
      API.auth.passkeyRegister.pattern,
      { config: { access: "member", rateLimit: "passkey" }, schema: { body: ZRegisterPasskey, response: { 201: ZPasskey } } },
      async (req, reply) => reply.code(201).send(await registerPasskey(deps, currentUser(req), req.sessionId!, req.body.credential, req.body.name)),
    );

    app.patch(
      API.auth.passkey.pattern,
      { config: { access: "member", rateLimit: "passkey" }, schema: { params: ZId, body: ZRenamePasskey, response: { 200: ZPasskey } } },
      async (req) => renamePasskey(deps, currentUser(req).id, req.params.id, req.body.name),
    );

    app.delete(API.auth.passkey.pattern, { config: { access: "member", rateLimit: "passkey" }, schema: { params: ZId } }, async (req, reply) => {
      await deletePasskey(deps, currentUser(req), req.params.id);
      return reply.code(204).send();
    });

    // ── signing in with a passkey (usernameless: no email is asked for, none is revealed) ──
    app.post(API.auth.passkeySignInOptions.pattern, { config: { access: "public" }, schema: { response: { 200: ZWebAuthnOptions } } }, async (req) => {
      await limitAddress(req.ip);
      return asJson(passkeyAuthenticationOptions(deps, deps.db, {}));
    });

    app.post(
      API.auth.passkeySignIn.pattern,
      { config: { access: "public" }, schema: { body: ZPasskeySignIn, response: { 200: ZAuthResponse } } },
      async (req, reply) => {
        await limitAddress(req.ip);
        const userId = await verifyPasskey(deps, deps.db, req.body.credential, {});
        if (!userId) throw new AppError("UNAUTHORIZED", TWO_STEP_TEXT.passkeyFailed);
        const { token, expiresAt, user } = await sessionFor(deps, userId, req.headers["user-agent"]);
        setEventsCookie(deps, reply, token, expiresAt);
        return { token, user: toOwnUser(user) };
      },
    );

    // ── the second step of a password sign-in ──
    app.post(
      API.auth.secondStepPasskeyOptions.pattern,
      { config: { access: "public" }, schema: { body: ZTicket, response: { 200: ZWebAuthnOptions } } },
      async (req) => asJson(secondStepPasskeyOptions(deps, req.body.ticket)),
    );

    app.post(
      API.auth.secondStep.pattern,
      { config: { access: "public" }, schema: { body: ZSecondStep, response: { 200: ZAuthResponse } } },
      async (req, reply) => {
        await limitAddress(req.ip);
        const { token, expiresAt, user } = await completeSecondStep(deps, req.body, req.headers["user-agent"]);
        setEventsCookie(deps, reply, token, expiresAt);
        // A completed sign-in makes this browser a known device, as a password-only one does (decision 0095).
        setKnownDeviceCookie(deps, reply, KnownDevice.read(deps.secrets, req.cookies[KNOWN_DEVICE_COOKIE], deps.now()).remember(deps.secrets, user.email));
        return { token, user: toOwnUser(user) };
      },
    );

    // ── the authenticator app ──
    app.get(API.auth.twoStep.pattern, { config: { access: "member" }, schema: { response: { 200: ZTwoStepStatus } } }, (req) =>
      twoStepStatus(deps.db, currentUser(req)),
    );

    app.post(API.auth.totpSetup.pattern, { config: { access: "member", rateLimit: "twoStepSetup" }, schema: { response: { 200: ZTotpSetup } } }, async (req) =>
      startTotpSetup(deps, currentUser(req)),
    );

    app.post(
      API.auth.totpConfirm.pattern,
      { config: { access: "member", rateLimit: "twoStepSetup" }, schema: { body: ZTotpConfirm, response: { 200: ZRecoveryCodes } } },
      async (req) => ({ recoveryCodes: await confirmTotp(deps, currentUser(req).id, req.body.code) }),
    );

    app.post(API.auth.totpDisable.pattern, { config: { access: "member", rateLimit: "twoStepSetup" }, schema: { body: ZTotpDisable } }, async (req, reply) => {
      await disableTotp(deps, currentUser(req), req.body);
      return reply.code(204).send();
    });

    // ── the owner's rule ──
    app.get(API.auth.staffTwoStep.pattern, { config: { access: "owner" }, schema: { response: { 200: ZStaffTwoStep } } }, async () => ({
      required: await staffTwoStepRequired(deps.db),
    }));

    app.put(
      API.auth.staffTwoStep.pattern,
      { config: { access: "owner" }, schema: { body: ZStaffTwoStep, response: { 200: ZStaffTwoStep } } },
      async (req) => {
        const owner = currentUser(req);
        // The owner is staff too: turning it on without a second step of their own would shut them out of it.
        if (req.body.required && (await secondStepsOf(deps.db, owner.id)).methods.length === 0) throw conflict(TWO_STEP_TEXT.ownerNeedsSecondStep);
        const values = { id: 1, staffTwoStep: req.body.required, updatedAt: deps.now(), updatedBy: owner.id };
        await deps.db.insert(signInPolicy).values(values).onConflictDoUpdate({ target: signInPolicy.id, set: values });
        const [row] = await deps.db.select({ required: signInPolicy.staffTwoStep }).from(signInPolicy).where(eq(signInPolicy.id, 1));
        return { required: row.required };
      },
    );

    /**
     * A lost second step (Admin, People; reset-second-step.ts): owner only, never their own. The
     * member is signed out everywhere, here at once and on every other server by the session
     * cache's NOTIFY, which also closes their event streams. No audit table exists yet: the warn
     * line records who reset whose.
     */
    app.post(
      API.admin.resetSecondStep.pattern,
      { config: { access: "owner", rateLimit: "secondStepReset" }, schema: { params: ZId } },
      async (req, reply) => {
        const owner = currentUser(req);
        const done = await resetSecondStep(deps, owner.id, req.params.id);
        app.sessionCache.forgetUser(done.userId);
        req.log.warn({ audit: "second-step-reset", by: owner.id, member: done.userId, passkeys: done.passkeys, totp: done.totp, sessionsRevoked: done.sessionsRevoked }, "an owner reset a member's second step");
        return reply.code(204).send();
      },
    );
  };
