/**
 * Prayer requests and the prayer wall (spec sections 3, 5, 6, 7): validation, anonymity,
 * prayed-once counting, answered by the author, hidden by staff, live events, analytics.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema/platform";
import { createTestApp, type TestApp } from "../../testing/harness";
import { PRAYER_CATEGORIES, PRAYER_TEXT, type Prayer } from "../../../contract/prayer";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const submit = (auth: Auth, payload: unknown) => t.app.inject({ method: "POST", url: "/api/prayer-requests", headers: auth, payload: payload as never });
const wall = async (auth: Auth) => {
  const res = await t.app.inject({ method: "GET", url: "/api/prayers", headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Prayer[];
};
const act = (auth: Auth, id: string, verb: "pray" | "answered" | "hide") => t.app.inject({ method: "POST", url: `/api/prayers/${id}/${verb}`, headers: auth });

describe("POST /api/prayer-requests", () => {
  it("stores a request with the defaults (category Other, not anonymous, not urgent) and publishes new-prayer", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Hannah", lastName: "Elkanah" });
    const spy = vi.spyOn(t.deps.bus, "publish");
    const res = await submit(m.auth, { title: "  Healing for my mother ", description: "Surgery on Friday" });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    expect(spy).toHaveBeenCalledWith("new-prayer", { prayerId: id, isUrgent: false });
    spy.mockRestore();
    const mine = (await wall(m.auth)).find((p) => p.id === id)!;
    expect(mine).toMatchObject({
      title: "Healing for my mother",
      description: "Surgery on Friday",
      category: "Other",
      isAnonymous: false,
      isUrgent: false,
      isAnswered: false,
      authorName: "Hannah E.",
      isMine: true,
      prayedCount: 0,
      hasPrayed: false,
    });
  });

  it("rejects blank title or description with the spec's message, an unknown category, and signed-out callers", async () => {
    const m = await t.signUp();
    for (const body of [
      { title: "   ", description: "text" },
      { title: "Title", description: "  " },
      { description: "text" },
    ]) {
      const res = await submit(m.auth, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(
        "title" in body ? PRAYER_TEXT.missingText : "Required",
      );
    }
    expect((await submit(m.auth, { title: "t", description: "d", category: "Sports" })).statusCode).toBe(400);
    expect((await submit(m.auth, { title: "x".repeat(256), description: "d" })).json().issues[0].message).toBe(PRAYER_TEXT.titleTooLong);
    expect((await submit({ authorization: "Bearer nope" }, { title: "t", description: "d" })).statusCode).toBe(401);
  });

  it("accepts every category of the spec", async () => {
    const m = await t.signUp();
    for (const category of PRAYER_CATEGORIES) {
      expect((await submit(m.auth, { title: category, description: "d", category })).statusCode).toBe(201);
    }
  });
});

describe("the prayer wall", () => {
  it("never gives the author of an anonymous request to other members or to staff", async () => {
    const author = await t.signUp("MEMBER", { firstName: "Secret", lastName: "Author" });
    const other = await t.signUp();
    const pastor = await t.signUp("PASTOR");
    const { id } = (await submit(author.auth, { title: "Private struggle", description: "Please pray", isAnonymous: true })).json() as { id: string };
    for (const viewer of [other, pastor]) {
      const res = await t.app.inject({ method: "GET", url: "/api/prayers", headers: viewer.auth });
      expect(res.body).not.toContain("Secret");
      expect(res.body).not.toContain(author.user.id);
      const p = (res.json() as Prayer[]).find((x) => x.id === id)!;
      expect(p).toMatchObject({ authorName: null, isAnonymous: true, isMine: false });
    }
    expect((await wall(author.auth)).find((x) => x.id === id)).toMatchObject({ authorName: null, isMine: true });
  });

  it("counts 'I prayed' once per member and publishes prayer-updated only for a new one", async () => {
    const author = await t.signUp();
    const a = await t.signUp();
    const b = await t.signUp();
    const { id } = (await submit(author.auth, { title: "Job interview", description: "Monday" })).json() as { id: string };
    const spy = vi.spyOn(t.deps.bus, "publish");
    expect((await act(a.auth, id, "pray")).json()).toEqual({ prayedCount: 1, hasPrayed: true });
    expect((await act(a.auth, id, "pray")).json()).toEqual({ prayedCount: 1, hasPrayed: true });
    expect((await act(b.auth, id, "pray")).json()).toEqual({ prayedCount: 2, hasPrayed: true });
    expect(spy.mock.calls.filter((c) => c[0] === "prayer-updated")).toHaveLength(2);
    spy.mockRestore();
    expect((await wall(a.auth)).find((x) => x.id === id)).toMatchObject({ prayedCount: 2, hasPrayed: true });
    expect((await wall(author.auth)).find((x) => x.id === id)).toMatchObject({ prayedCount: 2, hasPrayed: false });
    expect((await act(a.auth, "00000000-0000-4000-8000-000000000000", "pray")).statusCode).toBe(404);
  });

  it("lets only the author mark a request answered", async () => {
    const author = await t.signUp();
    const other = await t.signUp();
    const { id } = (await submit(author.auth, { title: "Travel", description: "Safe trip" })).json() as { id: string };
    const denied = await act(other.auth, id, "answered");
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(PRAYER_TEXT.notAuthor);
    expect((await wall(other.auth)).find((x) => x.id === id)!.isAnswered).toBe(false);
    expect((await act(author.auth, id, "answered")).statusCode).toBe(204);
    expect((await wall(other.auth)).find((x) => x.id === id)!.isAnswered).toBe(true);
  });

  it("lets staff (not members) hide a request, which leaves the wall for everyone", async () => {
    const author = await t.signUp();
    const staff = await t.signUp("STAFF");
    const { id } = (await submit(author.auth, { title: "Spam", description: "spam" })).json() as { id: string };
    expect((await act(author.auth, id, "hide")).statusCode).toBe(403);
    const spy = vi.spyOn(t.deps.bus, "publish");
    expect((await act(staff.auth, id, "hide")).statusCode).toBe(204);
    expect(spy).toHaveBeenCalledWith("prayer-updated", { prayerId: id });
    spy.mockRestore();
    expect((await wall(author.auth)).some((x) => x.id === id)).toBe(false);
    expect((await wall(staff.auth)).some((x) => x.id === id)).toBe(false);
    expect((await act(staff.auth, id, "hide")).statusCode).toBe(404);
  });

  it("puts urgent requests first for staff", async () => {
    const m = await t.signUp();
    const staff = await t.signUp("OWNER");
    const { id: urgent } = (await submit(m.auth, { title: "Urgent one", description: "now", isUrgent: true })).json() as { id: string };
    await submit(m.auth, { title: "Later one", description: "later" });
    const list = await wall(staff.auth);
    const firstNonUrgent = list.findIndex((p) => !p.isUrgent);
    expect(list.findIndex((p) => p.id === urgent)).toBeLessThan(firstNonUrgent);
    expect(list.find((p) => p.id === urgent)!.isUrgent).toBe(true);
  });

  it("flags an urgent request to staff: isUrgent on new-prayer, and an email to the church that keeps an anonymous author unnamed", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Martha", lastName: "Bethany" });
    const spy = vi.spyOn(t.deps.bus, "publish");
    const { id } = (await submit(m.auth, { title: "Dad in the ICU", description: "Pray tonight", isUrgent: true, category: "Health & Healing" })).json() as { id: string };
    expect(spy).toHaveBeenCalledWith("new-prayer", { prayerId: id, isUrgent: true });
    spy.mockRestore();
    await submit(m.auth, { title: "Quiet & urgent <b>", description: "Please", isUrgent: true, isAnonymous: true });
    await submit(m.auth, { title: "Not urgent at all", description: "Someday" });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, t.deps.church.email!));
    const named = mails.find((x) => x.subject === "Urgent prayer request: Dad in the ICU")!;
    expect(named.text).toContain("From Martha B.");
    expect(named.text).toContain("Health & Healing");
    expect(named.text).toContain(`${t.deps.config.publicUrl}/prayer`);
    const anonymous = mails.find((x) => x.subject.includes("Quiet & urgent"))!;
    expect(anonymous.text).toContain("Shared anonymously");
    expect(anonymous.text + anonymous.html).not.toContain("Martha");
    expect(anonymous.html).toContain("Quiet &amp; urgent &lt;b&gt;");
    expect(mails.some((x) => x.subject.includes("Not urgent"))).toBe(false);
  });

  it("writes the urgent email in the language of the account that has the church's address (users.locale)", async () => {
    const churchEmail = t.deps.church.email!;
    const pastor = await t.signUp("PASTOR", { email: churchEmail.toUpperCase() });
    expect((await t.app.inject({ method: "PUT", url: "/api/auth/locale", headers: pastor.auth, payload: { locale: "es" } })).statusCode).toBe(204);
    const m = await t.signUp("MEMBER", { firstName: "Marta", lastName: "Betania" });
    await submit(m.auth, { title: "Papá en cuidados intensivos", description: "Oren esta noche", isUrgent: true, category: "Health & Healing" });
    await submit(m.auth, { title: "Callada <i>", description: "Por favor", isUrgent: true, isAnonymous: true });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, churchEmail));
    const named = mails.find((x) => x.subject === "Petición de oración urgente: Papá en cuidados intensivos")!;
    expect(named.text).toContain(`Se compartió una petición de oración urgente en la aplicación de ${t.deps.church.name}.`);
    expect(named.text).toContain("Salud y sanidad · De Marta B.");
    expect(named.text).toContain(`Está al principio del muro de oración para el personal: ${t.deps.config.publicUrl}/prayer`);
    expect(named.html).toContain('<html lang="es">');
    expect(named.html).toContain("Abrir el muro de oración");
    const anonymous = mails.find((x) => x.subject.includes("Callada"))!;
    expect(anonymous.text).toContain("Otro · Compartida de forma anónima");
    expect(anonymous.html).toContain("Callada &lt;i&gt;");
    expect(anonymous.text + anonymous.html).not.toContain("Marta");
    // Back to English for the tests after this one.
    await t.app.inject({ method: "PUT", url: "/api/auth/locale", headers: pastor.auth, payload: { locale: "en" } });
  });

  it("feeds prayersToday and notesCompleted of the admin analytics", async () => {
    const owner = await t.signUp("OWNER");
    const get = async () => (await t.app.inject({ method: "GET", url: "/api/admin/analytics", headers: owner.auth })).json() as { prayersToday: number; notesCompleted: number };
    const before = await get();
    await submit(owner.auth, { title: "Count me", description: "today" });
    await t.app.inject({ method: "POST", url: "/api/personal-notes", headers: owner.auth, payload: { title: "Sermon", content: "Notes" } });
    const after = await get();
    expect(after.prayersToday).toBe(before.prayersToday + 1);
    expect(after.notesCompleted).toBe(before.notesCompleted + 1);
  });
});
