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
