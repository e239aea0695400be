/**
 * The app speaks the member's language: it follows the browser, can be changed on Profile,
 * and the server's messages come back in it (issue 9, Spanish).
 */
import { test, expect, register } from "./fixtures";

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
  await page.goto("/profile");
  await page.getByLabel("Language").selectOption("es");
  await expect(page.getByRole("status").filter({ hasText: "Idioma actualizado" })).toBeVisible();
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
