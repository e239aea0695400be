/**
 * The staff screens in Spanish (issue 9): Admin (Dashboard, Live Control, Moderation, Media,
 * Visitors, People), Integrations, and the urgent-prayer email. Each test uses a fresh account
 * (promoted by the demo owner through the API), so no shared demo account changes language.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, register, DEMO_PASSWORD, chooseSpanish } from "./fixtures";

// Live-event toasts from other tests would replace this page's toasts (one at a time): stay off the stream.
test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** The demo owner gives `email`'s account `role`. */
async function promote(request: APIRequestContext, email: string, role: "OWNER" | "PASTOR" | "STAFF") {
  const owner = { authorization: `Bearer ${await tokenOf(request, "owner@koinonia.test")}` };
  const found = (await (await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, { headers: owner })).json()) as { id: string; email: string }[];
  const id = found.find((u) => u.email === email)!.id;
  expect((await request.patch(`/api/admin/users/${id}`, { headers: owner, data: { role } })).ok()).toBe(true);
}

/** A fresh staff account, signed in on `page` and switched to Español on Profile. */
async function spanishStaff(page: Page, role: "OWNER" | "PASTOR" | "STAFF", firstName: string, lastName: string) {
  const email = await register(page, firstName, lastName);
  await promote(page.request, email, role);
  await chooseSpanish(page);
  return email;
}

test("Admin in Spanish: the tabs, the dashboard, Live Control and Moderation, with validation in Spanish", async ({ page }) => {
  await spanishStaff(page, "PASTOR", "Febe", "Cencrea");
  await page.goto("/admin");
  const title = page.getByRole("heading", { level: 1, name: "Administración" });
  await expect(title).toBeVisible();
  // A longer word is never broken: the title keeps one line (the Integrations link moves under it).
  expect((await title.boundingBox())!.height).toBeLessThan(40);
  expect(await page.getByRole("link", { name: "Integraciones" }).evaluate((el) => el.getClientRects().length && el.scrollWidth <= el.clientWidth)).toBeTruthy();
  const tabs = page.getByRole("tablist", { name: "Secciones de administración" });
  for (const name of ["Panel", "Control en vivo", "Moderación", "Medios", "Visitantes"]) await expect(tabs.getByRole("tab", { name })).toBeVisible();
  // People is for OWNERs only.
  await expect(tabs.getByRole("tab", { name: "Personas" })).toHaveCount(0);

  // Dashboard
  for (const label of ["Activos hoy", "Oraciones publicadas", "Notas completadas", "Ofrendado esta semana"]) await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText("Actividad reciente", { exact: true })).toBeVisible();
  await expect(page.getByTestId("stat-givingTotal")).toContainText("$");

  // Live Control: the forms and their validation messages
  await tabs.getByRole("tab", { name: "Control en vivo" }).click();
  await expect(page.getByText("Cola de moderación")).toBeVisible();
  await expect(page.getByText("Próximos servicios", { exact: true })).toBeVisible();
  await expect(page.getByText("Crear un servicio")).toBeVisible();
  await expect(page.getByLabel("Título del servicio")).toHaveAttribute("placeholder", "Servicio dominical");
  await page.getByRole("button", { name: "Crear servicio" }).click();
  await expect(page.getByText("El título es obligatorio")).toBeVisible();
  await expect(page.getByText("La fecha y la hora son obligatorias")).toBeVisible();

  // Moderation
  await tabs.getByRole("tab", { name: "Moderación" }).click();
  const moderation = page.getByRole("tablist", { name: "Moderación" });
  await expect(moderation.getByRole("tab", { name: /^Preguntas/ })).toBeVisible();
  await moderation.getByRole("tab", { name: /^Testimonios/ }).click();
  await expect(page.getByRole("heading", { name: "Testimonios pendientes" })).toBeVisible();
});

test("Admin's Media, Visitors and People tabs in Spanish", async ({ page }) => {
  const email = await spanishStaff(page, "OWNER", "Lidia", "Tiatira");
  await page.goto("/admin");
  const tabs = page.getByRole("tablist", { name: "Secciones de administración" });

  // Media: the channel status and the form's validation
  await tabs.getByRole("tab", { name: "Medios" }).click();
  await expect(page.getByText("Canal de YouTube")).toBeVisible();
  await expect(page.getByText("No hay un canal configurado, así que los miembros ven los videos agregados aquí", { exact: false })).toBeVisible();
  await expect(page.getByText("Agregar un elemento multimedia")).toBeVisible();
  await page.getByRole("button", { name: "Agregar elemento multimedia" }).click();
  await expect(page.getByText("El título es obligatorio")).toBeVisible();
  await expect(page.getByText("Escriba el enlace completo del video, con https://")).toBeVisible();
  await page.getByLabel("Duración (opcional)").fill("una hora");
  await page.getByRole("button", { name: "Agregar elemento multimedia" }).click();
  await expect(page.getByText("Escriba la duración como m:ss o h:mm:ss, o déjela vacía")).toBeVisible();
  await expect(page.getByText("Agregados a mano", { exact: true })).toBeVisible();

  // Visitors
  await tabs.getByRole("tab", { name: "Visitantes" }).click();
  await expect(page.getByRole("heading", { name: "Visitantes por primera vez" })).toBeVisible();

  // People (OWNER): search and the roles, named in Spanish
  await tabs.getByRole("tab", { name: "Personas" }).click();
  await page.getByLabel("Buscar por nombre o correo electrónico").fill(email);
  const people = page.getByRole("list", { name: "Personas" });
  await expect(people.getByText(email)).toBeVisible();
  const role = people.getByLabel("Rol de Lidia Tiatira");
  await expect(role).toHaveValue("OWNER");
  await expect(role.locator("option:checked")).toHaveText("Propietario");
  await page.getByLabel("Buscar por nombre o correo electrónico").fill(`nadie-${Date.now()}`);
  await expect(page.getByText("Nadie coincide con esa búsqueda.")).toBeVisible();
});

test("Integrations in Spanish: the cards, the help, and a refused API key with the server's answer in Spanish", async ({ page, allowConsoleError }) => {
  allowConsoleError(/400/);
  await spanishStaff(page, "STAFF", "Aquila", "Ponto");
  await page.goto("/admin");
  await page.getByRole("link", { name: "Integraciones" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Integraciones" })).toBeVisible();
  await expect(page.getByText("Conecte las herramientas que su iglesia ya usa.")).toBeVisible();
  const ghl = page.getByTestId("integration-ghl");
  await expect(ghl.getByRole("heading", { name: "CRM Go High Level" })).toBeVisible();
  for (const c of ["Sincronización con el CRM", "Gestión de contactos", "Seguimiento de prospectos", "Flujos de trabajo automatizados"]) await expect(ghl).toContainText(c);
  await expect(page.getByRole("heading", { name: "¿Necesita ayuda?" })).toBeVisible();
  await expect(page.getByText("Qué se envía al CRM")).toBeVisible();
  await expect(page.getByText("«Compartir con nuestro equipo de cuidado pastoral»", { exact: false })).toBeVisible();

  const voice = page.getByTestId("integration-voice_ai");
  await expect(voice.getByRole("heading", { name: "IA de voz de ElevenLabs" })).toBeVisible();
  // Another test may have ElevenLabs connected right now; the refused key is tried only while it is not.
  if (await voice.getByText("No conectado", { exact: true }).isVisible()) {
    await voice.getByRole("button", { name: "Conectar" }).click();
    const dialog = page.getByRole("dialog", { name: "Conectar ElevenLabs" });
    await dialog.getByRole("button", { name: "Conectar" }).click();
    await expect(dialog.getByText("La clave de API es obligatoria")).toBeVisible();
    await dialog.getByLabel("Clave de API de ElevenLabs").fill("xi-wrong-key");
    await dialog.getByRole("button", { name: "Conectar" }).click();
    await expect(toast(page, "Falló la conexión")).toContainText("ElevenLabs no aceptó esta clave de API.");
    await expect(dialog.getByRole("alert")).toContainText("ElevenLabs no aceptó esta clave de API.");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
  }
});

test("the urgent-prayer email is written in the language of the account that has the church's address", async ({ request }) => {
  const staff = { authorization: `Bearer ${await tokenOf(request, "staff@koinonia.test")}` };
  const { church } = (await (await request.get("/api/church/me", { headers: staff })).json()) as { church: { email: string | null } };
  test.skip(!church.email, "the church has no email address");
  const address = church.email!;
  // The church's address as an account that registered in Spanish (or, on a second run, already exists).
  const registered = await request.post("/api/auth/register", {
    headers: { "accept-language": "es-MX,es;q=0.9" },
    data: { firstName: "Oficina", lastName: "Iglesia", email: address, password: "faithful-123" },
  });
  const token = registered.ok() ? ((await registered.json()) as { token: string }).token : await tokenOf(request, address, "faithful-123");
  const auth = { authorization: `Bearer ${token}` };
  try {
    expect((await request.put("/api/auth/locale", { headers: auth, data: { locale: "es" } })).status()).toBe(204);
    const title = `Cirugía de emergencia ${Date.now()}`;
    const sent = await request.post("/api/prayer-requests", { headers: auth, data: { title, description: "Oren por los médicos.", isUrgent: true, category: "Health & Healing" } });
    expect(sent.status()).toBe(201);
    const outbox = (await (await request.get("/api/admin/outbox", { headers: staff })).json()) as { to: string; subject: string; text: string }[];
    const mail = outbox.find((x) => x.subject === `Petición de oración urgente: ${title}`);
    expect(mail, "the urgent email, in Spanish").toBeDefined();
    expect(mail!.to).toBe(address);
    expect(mail!.text).toContain("Salud y sanidad · De Oficina I.");
    expect(mail!.text).toContain("Está al principio del muro de oración para el personal:");
  } finally {
    // Other tests expect the church's emails in English.
    await request.put("/api/auth/locale", { headers: auth, data: { locale: "en" } });
  }
});
