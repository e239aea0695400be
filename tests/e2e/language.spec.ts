/**
 * The app speaks the member's language: it follows the browser, can be changed on Profile,
 * and the server's messages come back in it (issue 9, Spanish).
 */
import { test, expect, register, DEMO_PASSWORD, chooseSpanish } from "./fixtures";

test.describe("a browser set to Spanish", () => {
  test.use({ locale: "es-MX" });

  test("signs in in Spanish: texts, validation messages and the server's error", async ({ page, allowConsoleError }) => {
    allowConsoleError(/401/);
    await page.goto("/auth/login");
    await expect(page.getByText("Bienvenido de nuevo")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByText("Correo electrónico no válido")).toBeVisible();
    await expect(page.getByText("La contraseña es obligatoria")).toBeVisible();

    await page.getByLabel("Correo electrónico").fill("member@koinonia.test");
    await page.getByLabel("Contraseña").fill("not-the-password");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    const toast = page.getByRole("status").filter({ hasText: "No se pudo iniciar sesión" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Correo electrónico o contraseña incorrectos");
  });
});

test("a member switches to Español on Profile; the choice survives a reload and can be undone", async ({ page }) => {
  await register(page);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toBeVisible();
  await page.goto("/profile");
  await page.getByLabel("Language").selectOption("es");
  await expect(page.getByRole("status").filter({ hasText: "Idioma actualizado" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: "Inicio" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();

  await page.reload();
  await expect(nav.getByRole("link", { name: "Oración" })).toBeVisible();
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Prayer" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("the Prayer Center in Spanish: the form, categories, the toast, and the wall", async ({ page }) => {
  await register(page, "Marta", "Betania");
  await chooseSpanish(page);
  await page.goto("/prayer");
  await expect(page.getByRole("heading", { name: "Centro de oración" })).toBeVisible();

  // The spec's rule in Spanish: nothing sent without a title and a description.
  await page.getByRole("button", { name: "Enviar petición de oración" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Falta información" })).toContainText("Escriba un título y una descripción");

  const title = `Por la salud de mi madre ${Date.now()}`;
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("Descripción").fill("Está en el hospital esta semana.");
  await page.getByLabel("Categoría").selectOption({ label: "Salud y sanidad" });
  await page.getByRole("button", { name: "Enviar petición de oración" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Petición de oración enviada" })).toBeVisible();

  const card = page.getByTestId("prayer-card").filter({ hasText: title });
  await expect(card).toContainText("Salud y sanidad");
  await expect(card).toContainText("Hoy");
  await card.getByRole("button", { name: "Oré por esto" }).click();
  await expect(card.getByRole("button", { name: "Oré", exact: true })).toBeDisabled();
  await expect(card.getByTestId("prayed-count")).toHaveText("1 persona ha orado");
  await card.getByRole("button", { name: "Marcar como respondida" }).click();
  await expect(card).toContainText("Respondida");
});

test("notifications in Spanish: the bell, the inbox (stored in English, shown in Spanish) and the Profile push card", async ({ page }) => {
  await register(page, "Tabita", "Jope");
  await chooseSpanish(page);
  await expect(page.getByRole("heading", { name: "Notificaciones push" })).toBeVisible();
  await expect(page.getByText("Avisarme sobre")).toBeVisible();
  await expect(page.getByText("Testimonio aprobado", { exact: true })).toBeVisible();

  // Staff approve her testimony: the inbox shows the notification in Spanish.
  const token = await page.evaluate(() => localStorage.getItem("token") ?? "");
  const shared = await page.request.post("/api/testimonies", { headers: { authorization: `Bearer ${token}` }, data: { text: `El Señor sanó a mi hija ${Date.now()}` } });
  expect(shared.status()).toBe(201);
  const login = await page.request.post("/api/auth/login", { data: { email: "staff@koinonia.test", password: DEMO_PASSWORD } });
  const staff = ((await login.json()) as { token: string }).token;
  const { id } = (await shared.json()) as { id: string };
  expect((await page.request.patch(`/api/testimonies/${id}`, { headers: { authorization: `Bearer ${staff}` }, data: { isApproved: true } })).ok()).toBe(true);

  const bell = page.getByRole("banner").getByRole("button", { name: /^Notificaciones/ });
  await expect(bell).toHaveAccessibleName(/sin leer/);
  await bell.click();
  const inbox = page.getByRole("dialog", { name: "Notificaciones" });
  const item = inbox.getByTestId("inbox-item").filter({ hasText: "Testimonio aprobado" });
  await expect(item).toContainText("Su testimonio ya se comparte con la iglesia. ¡Gracias!");
  await expect(item).toContainText("ahora mismo");
  await item.getByRole("button", { name: "Marcar como leída: Testimonio aprobado" }).click();
  await expect(item).toHaveAttribute("data-unread", "false");
});

test("Invite in Spanish: the invitation, with the service days named in Spanish", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await register(page, "Priscila", "Aquila");
  await chooseSpanish(page);
  await page.goto("/invite");
  await expect(page.getByRole("heading", { name: "Invite a un amigo" })).toBeVisible();
  await expect(page.getByText("Horarios de servicio")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Domingo" }).first()).toBeVisible();
  // No Web Share in this browser: the invitation goes to the clipboard.
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
  await page.getByRole("button", { name: "Compartir invitación" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copiado al portapapeles" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^¡Acompáñeme en .+! Nos reunimos en .+\. Horarios de servicio: Domingo a las /);

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "404: página no encontrada" })).toBeVisible();
});

test.describe("Visit Us in a Spanish browser", () => {
  test.use({ locale: "es-MX" });
  test("plans a visit in Spanish", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByLabel("Correo electrónico").fill("member@koinonia.test");
    await page.getByLabel("Contraseña").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.getByRole("link", { name: /Visítenos/ }).click();
    await expect(page.getByRole("heading", { name: "Planee su visita" })).toBeVisible();
    await expect(page.getByText(/Los servicios duran unos \d+ minutos\./)).toBeVisible();
    await expect(page.getByText("Una cálida bienvenida")).toBeVisible();
    await expect(page.getByRole("link", { name: "Formulario para visitantes" })).toBeVisible();
  });
});

test("Connect in Spanish: the daily journey (its content in Spanish too), a challenge and a testimony's validation", async ({ page }) => {
  await register(page, "Lidia", "Tiatira");
  await chooseSpanish(page);
  await page.goto("/connect");
  await expect(page.getByRole("heading", { name: "Conectar", level: 1 })).toBeVisible();
  const daily = page.getByTestId("daily-focus");
  await expect(daily).toContainText("Enfoque diario");
  await daily.getByRole("button", { name: /Inscribirse en 14 días de afirmaciones/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Inscripción exitosa" })).toBeVisible();
  await expect(daily).toContainText("Día 1 de 14");
  await expect(daily.getByRole("heading", { name: "Soy amado" })).toBeVisible();
  await expect(daily).toContainText("Romanos 8:38-39 (RV1909)");

  const challenge = page.getByTestId("challenge-card").first();
  await challenge.getByRole("button", { name: "Unirse" }).click();
  await expect(page.getByRole("status").filter({ hasText: "¡Se unió al reto!" })).toBeVisible();
  await expect(challenge.getByRole("button", { name: "Completar hoy" })).toBeVisible();

  await page.getByLabel("Comparta su testimonio").fill("Corto");
  await page.getByRole("button", { name: "Compartir testimonio" }).click();
  await expect(page.getByText("El testimonio debe tener al menos 10 caracteres")).toBeVisible();
});

test("the first-time visitor card in Spanish: messages, options and thanks", async ({ page }) => {
  await register(page, "Cornelio", "Cesarea");
  await chooseSpanish(page);
  await page.goto("/visitors");
  await expect(page.getByRole("heading", { level: 1, name: "¡Bienvenido, visitante!" })).toBeVisible();
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByText("Díganos su nombre")).toBeVisible();
  await expect(page.getByText("Escriba un correo electrónico válido")).toBeVisible();
  await expect(page.getByText("Díganos cómo supo de nosotros")).toBeVisible();
  await page.getByLabel("Nombre").fill("Cornelio Cesarea");
  await page.getByLabel("Correo electrónico").fill("cornelio@example.org");
  await page.getByLabel("¿Cómo supo de nosotros?").selectOption({ label: "Búsqueda en internet" });
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "¡Gracias por visitarnos!" })).toBeVisible();
});

test.describe("Give & Manage in Spanish", () => {
  // Other tests' live events raise toasts, and only one shows at a time: keep this page off the stream.
  test.beforeEach(async ({ page }) => {
    await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  });

  test("a gift: amounts, the payment form's messages, a declined card, the thanks and Recent Giving", async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 402/);
    await register(page, "Lidia", "Tiatira");
    await chooseSpanish(page);
    await page.goto("/giving");
    await expect(page.getByRole("heading", { level: 1, name: "Dar y administrar" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dé con alegría" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Escriba el monto de su ofrenda" })).toBeDisabled();
    await page.getByLabel("Monto (USD)").fill("0.5");
    await page.getByRole("button", { name: "Dar $0.50" }).click();
    await expect(page.getByText("El monto debe ser de al menos $1")).toBeVisible();
    await page.getByRole("button", { name: "$25", exact: true }).click();
    await page.getByLabel("Hacer de esta una ofrenda recurrente").click();
    await expect(page.getByRole("button", { name: "Configurar $25.00 mensual" })).toBeVisible();
    await page.getByLabel("Hacer de esta una ofrenda recurrente").click();
    await page.getByRole("button", { name: "Dar $25.00" }).click();

    await expect(page.getByRole("heading", { name: "Complete su ofrenda" })).toBeVisible();
    await page.getByRole("button", { name: "Dar $25.00" }).click();
    await expect(page.getByText("Se requiere un número de tarjeta válido")).toBeVisible();
    await expect(page.getByText("La dirección es obligatoria")).toBeVisible();
    await page.getByLabel("Número de tarjeta").fill("4000000000000002");
    await page.getByLabel("Mes").fill("12");
    await page.getByLabel("Año").fill("2099");
    await page.getByLabel("Código CVV").fill("123");
    await page.getByLabel("Dirección", { exact: true }).fill("1200 Lake Eola Drive");
    await page.getByLabel("Ciudad").fill("Orlando");
    await page.getByLabel("Estado").fill("FL");
    await page.getByLabel("Código postal").fill("32801");
    await page.getByRole("button", { name: "Dar $25.00" }).click();
    await expect(page.getByRole("status").filter({ hasText: "El pago no se realizó" })).toContainText("Su tarjeta fue rechazada.");

    await page.getByLabel("Número de tarjeta").fill("4242424242424242");
    await page.getByRole("button", { name: "Dar $25.00" }).click();
    await expect(page.getByRole("status").filter({ hasText: "¡Gracias por su ofrenda!" })).toContainText("Recibimos su ofrenda de $25.00.");
    await expect(page.getByTestId("recent-gift").first()).toContainText("COMPLETADA");
    await expect(page.getByTestId("recent-gift").nth(1)).toContainText("FALLIDA");

    await page.getByRole("link", { name: "Constancia anual de ofrendas" }).click();
    await expect(page.getByRole("heading", { name: /Constancia de ofrendas \d{4}/ })).toBeVisible();
    await expect(page.getByTestId("statement-gift")).toContainText("Única");
    await expect(page.getByTestId("statement-gift")).toContainText("Visa terminada en 4242");
    await expect(page.getByText("No se proporcionaron bienes ni servicios a cambio de estas contribuciones.")).toBeVisible();
  });

  test("the wallet: tabs, round-ups, a linked bank and its ledger lines", async ({ page }) => {
    await register(page, "Zaqueo", "Jericó");
    await chooseSpanish(page);
    await page.goto("/giving?tab=wallet");
    await expect(page.getByRole("heading", { name: "Billetera digital" })).toBeVisible();
    await expect(page.getByTestId("tile-linked")).toContainText("Ningún banco vinculado");
    await page.getByRole("switch", { name: "Ofrenda por redondeo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Redondeo actualizado" })).toBeVisible();

    await page.getByRole("tab", { name: "Métodos de pago" }).click();
    await page.getByRole("button", { name: "Agregar método" }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Agregar método de pago" })).toBeVisible();
    await page.getByRole("dialog").getByRole("radio", { name: "Vincular banco" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Vincular cuenta bancaria" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cuenta bancaria vinculada" })).toContainText("Sus compras con tarjeta se redondearán.");
    await expect(page.getByTestId("payment-method").first()).toContainText("Predeterminado");

    await page.getByRole("tab", { name: "Resumen" }).click();
    await expect(page.getByTestId("tile-linked")).toContainText("1 cuenta bancaria");
    await page.getByRole("button", { name: "Sincronizar redondeos" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Redondeos procesados" })).toContainText(/Se agregaron \$\d+\.\d\d de \d+ movimientos?/);
    await expect(page.getByTestId("wallet-roundups-pending")).toContainText("en camino desde su banco");
    const row = page.getByTestId("wallet-transaction").first();
    await expect(row).toContainText("Redondeo de una compra de $");
    await expect(row).toContainText("Pendiente");

    await page.getByRole("tab", { name: "Movimientos" }).click();
    await page.getByLabel("Tipo", { exact: true }).selectOption({ label: "Depósito" });
    await expect(page.getByText("No hay movimientos que coincidan con sus filtros")).toBeVisible();
  });
});

test.describe("the Prayer Companion in Spanish", () => {
  test.beforeEach(async ({ page }) => {
    await register(page, "Ana", "Aser");
    await chooseSpanish(page);
    await page.goto("/ai-prayer");
    await expect(page.getByRole("heading", { level: 1, name: "Compañero de oración" })).toBeVisible();
  });

  test("answers with a Reina-Valera verse and a prayer, and turns the talk into a prayer request", async ({ page }) => {
    await expect(page.getByText(/Este compañero no es un pastor/)).toBeVisible();
    await page.getByLabel("Su mensaje").fill("Estoy muy preocupada por mi examen");
    await page.getByRole("button", { name: "Enviar" }).click();
    const answer = page.getByTestId("message-companion");
    await expect(answer).toContainText("Filipenses 4:6, RV1909");
    await expect(answer).toContainText("Una oración:");
    await page.getByRole("button", { name: "Convertir esto en una petición de oración" }).click();
    await expect(page.getByLabel("Título")).toHaveValue("Estoy muy preocupada por mi examen");
  });

  test("Spanish danger words get the 988 Lifeline in Spanish first: press 2, text AYUDA, and the prayer line", async ({ page }) => {
    await page.getByLabel("Su mensaje").fill("Ya no quiero vivir");
    await page.getByRole("button", { name: "Enviar" }).click();
    const answer = page.getByTestId("message-companion");
    await expect(answer).toHaveAttribute("data-crisis", "true");
    await expect(answer.getByRole("link", { name: "Llamar al 988" })).toHaveAttribute("href", "tel:988");
    await expect(answer.getByRole("link", { name: "Texto al 988" })).toHaveAttribute("href", "sms:988?&body=AYUDA");
    await expect(answer.getByRole("link", { name: /Línea de oración \(407\) 555-0123/ })).toHaveAttribute("href", "tel:4075550123");
    await expect(answer).toContainText("llame al 988 y oprima 2");
    await expect(answer).toContainText("AYUDA al 988");
    const text = (await answer.locator("p").first().textContent()) ?? "";
    expect(text.indexOf("988")).toBeLessThan(text.indexOf("Salmos 34:18"));
  });
});
