/**
 * Errors answer in the asker's language (Accept-Language; the client sends the member's
 * choice), and a member's language is saved for the emails the church sends them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { users } from "../db/schema/users";
import { emailOutbox } from "../db/schema/platform";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const email = () => `lang-${Math.random().toString(36).slice(2, 10)}@example.org`;
const register = (lang: string | undefined, address = email()) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { firstName: "Ana", lastName: "Ruiz", email: address, password: "faithful-123" },
    headers: lang ? { "accept-language": lang } : {},
  });

describe("errors in the member's language", () => {
  it("validation messages, with their fields, in Spanish for a Spanish speaker and in English otherwise", async () => {
    const body = { email: "not-an-email", password: "" };
    const es = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: body, headers: { "accept-language": "es-MX,es;q=0.9" } });
    expect(es.statusCode).toBe(400);
    expect(es.json().issues).toEqual([
      { path: "body.email", message: "Correo electrónico no válido" },
      { path: "body.password", message: "La contraseña es obligatoria" },
    ]);
    const en = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: body, headers: { "accept-language": "fr, en;q=0.5" } });
    expect(en.json().error).toBe("Invalid email address");
  });

  it("the app's own errors too (wrong password, email taken), with the status unchanged", async () => {
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "member@koinonia.test", password: "not-the-password" },
      headers: { "accept-language": "es" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe("Correo electrónico o contraseña incorrectos");
    const address = email();
    expect((await register("es", address)).statusCode).toBe(201);
    const taken = await register("es", address);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("Ya existe una cuenta con este correo electrónico");
  });
});

describe("the member's saved language", () => {
  const localeOf = async (address: string) => (await t.db.select({ locale: users.locale }).from(users).where(eq(users.email, address)))[0]?.locale;

  it("is the language they registered in, and changes with PUT /api/auth/locale (their own only)", async () => {
    const a = email();
    const res = await register("es-US", a);
    expect(await localeOf(a)).toBe("es");
    const b = email();
    await register(undefined, b);
    expect(await localeOf(b)).toBe("en");

    const token = res.json().token as string;
    const put = (payload: unknown, auth?: string) =>
      t.app.inject({ method: "PUT", url: "/api/auth/locale", payload: payload as never, headers: auth ? { authorization: `Bearer ${auth}` } : {} });
    expect((await put({ locale: "en" }, token)).statusCode).toBe(204);
    expect(await localeOf(a)).toBe("en");
    expect(await localeOf(b)).toBe("en");
    const bad = await put({ locale: "fr" }, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe("body.locale");
    expect((await put({ locale: "es" })).statusCode).toBe(401);
    expect(await localeOf(a)).toBe("en");
  });
});

describe("emails in the member's language", () => {
  it("the password reset email follows the language saved on the account, not the request's", async () => {
    const a = email();
    await register("es", a);
    // Asked from an English browser: the email still goes out in the member's Spanish.
    const res = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: a }, headers: { "accept-language": "en" } });
    expect(res.statusCode).toBe(202);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, a));
    expect(mail.subject).toMatch(/^Restablezca su contraseña de /);
    expect(mail.text).toContain("Hola, Ana:");
    expect(mail.text).toContain("dentro de 60 minutos");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain("Elija una contraseña nueva");

    const b = email();
    await register("en", b);
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: b }, headers: { "accept-language": "es" } });
    const [english] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, b));
    expect(english.subject).toMatch(/^Reset your .* password$/);
  });
});
