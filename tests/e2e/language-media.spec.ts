/**
 * Media in Spanish (issue 9): the tabs, the video library, the Bible sites, personal notes and
 * live comments, with their toasts, validation messages and confirmations in the member's
 * language. English stays as the spec writes it (prayer-media.spec.ts).
 */
import type { Page } from "@playwright/test";
import { test, expect, register, DEMO_PASSWORD, chooseSpanish } from "./fixtures";

async function registerInSpanish(page: Page, firstName: string, lastName: string) {
  await register(page, firstName, lastName);
  await chooseSpanish(page);
}

test("Media in Spanish: the compact layout, the tabs, the video library and the Bible sites", async ({ page }) => {
  await registerInSpanish(page, "Felipe", "Betsaida");
  await page.goto("/media");
  await expect(page.getByRole("heading", { level: 1, name: "Medios" })).toBeVisible();
  const sections = page.getByRole("navigation", { name: "Secciones de medios" });
  await expect(sections.getByRole("link", { name: "Notas" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Comentarios" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Videos recientes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Visite nuestro canal de YouTube" })).toHaveAttribute("target", "_blank");
  const first = page.getByTestId("video-card").first();
  await expect(first).toContainText(/reproducci(ón|ones)/);

  await sections.getByRole("link", { name: "Biblia" }).click();
  await expect(page).toHaveURL(/\/media\?tab=bible$/);
  await expect(page.getByRole("tab", { name: "Biblia" })).toHaveAttribute("aria-selected", "true");
  // The longest label fits: no tab's word spills out of it, and the bar does not scroll.
  const spill = await page.getByRole("tablist").evaluate((list) => [list.scrollWidth - list.clientWidth, ...[...list.children].map((t) => t.scrollWidth - t.clientWidth)]);
  expect(Math.max(...spill)).toBeLessThanOrEqual(0);
  await expect(page.getByText("Lea, busque y escuche la Biblia en línea.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Bible Gateway.*Lea y busque en muchas traducciones/ })).toHaveAttribute("href", "https://www.biblegateway.com");
  await expect(page.getByRole("link", { name: /YouVersion Bible.*Planes de lectura y Biblias en audio/ })).toBeVisible();

  await page.getByRole("tab", { name: "Videos" }).click();
  await expect(page).toHaveURL(/\/media\?tab=videos$/);
  await expect(page.getByRole("region", { name: "Videos" }).getByTestId("video-card").first()).toBeVisible();
  await page.getByRole("tab", { name: "Notas" }).click();
  await expect(page.getByText("Sus notas privadas")).toBeVisible();
});

test("notes in Spanish: validation, the toasts, the stamps and the confirmation", async ({ page }) => {
  await registerInSpanish(page, "Dorcas", "Jope");
  await page.goto("/media?tab=notes");
  await expect(page.getByText("Todavía no hay notas. Toque Nueva nota para escribir la primera.")).toBeVisible();
  await page.getByRole("button", { name: "Nueva nota" }).click();
  const dialog = page.getByRole("dialog", { name: "Nueva nota" });
  await expect(dialog).toContainText("Anote un punto del sermón, un versículo o una oración.");
  await dialog.getByRole("button", { name: "Crear nota" }).click();
  await expect(dialog.getByText("El título es obligatorio")).toBeVisible();
  await expect(dialog.getByText("El contenido es obligatorio")).toBeVisible();
  await dialog.getByLabel("Título").fill("x".repeat(256));
  await dialog.getByLabel("Contenido").fill("Gracia sobre gracia");
  await dialog.getByRole("button", { name: "Crear nota" }).click();
  await expect(dialog.getByText("El título debe tener menos de 255 caracteres")).toBeVisible();
  await dialog.getByLabel("Título").fill("Juan 1");
  await dialog.getByRole("button", { name: "Crear nota" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Listo" })).toContainText("Nota creada correctamente");
  await expect(dialog).toBeHidden();
  const note = page.getByTestId("note-card").filter({ hasText: "Juan 1" });
  await expect(note).toContainText("Creada el");

  await note.getByRole("button", { name: "Editar Juan 1" }).click();
  const edit = page.getByRole("dialog", { name: "Editar nota" });
  await expect(edit).toContainText("Actualice su nota.");
  await edit.getByLabel("Título").fill("Juan 1:1-5");
  await edit.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Listo" })).toContainText("Nota actualizada correctamente");
  const edited = page.getByTestId("note-card").filter({ hasText: "Juan 1:1-5" });
  await expect(edited).toContainText("Actualizada el");

  await edited.getByRole("button", { name: "Eliminar Juan 1:1-5" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Eliminar nota" });
  await expect(confirm).toContainText("¿Está seguro de que desea eliminar esta nota?");
  await expect(confirm.getByRole("button", { name: "Cancelar" })).toBeVisible();
  await confirm.getByRole("button", { name: "Eliminar", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Listo" })).toContainText("Nota eliminada correctamente");
  await expect(page.getByTestId("note-card")).toHaveCount(0);
});

test("live comments in Spanish: the form, the length message, the toast and the feed", async ({ page }) => {
  await registerInSpanish(page, "Lidia", "Tiatira");
  await page.goto("/media?tab=comments");
  await expect(page.getByRole("heading", { name: "Comentarios en vivo" })).toBeVisible();
  const field = page.getByLabel("Únase a la conversación");
  await expect(field).toHaveAttribute("placeholder", "Comparta una palabra de ánimo con todos los que están viendo");
  const post = page.getByRole("button", { name: "Publicar" });
  await field.fill("x".repeat(501));
  await post.click();
  await expect(page.getByText("El comentario debe tener menos de 500 caracteres")).toBeVisible();
  const message = `Amén desde la tercera fila ${Date.now()}`;
  await field.fill(message);
  await post.click();
  await expect(page.getByRole("status").filter({ hasText: "¡Comentario publicado!" })).toContainText("Su comentario se compartió con todos");
  const item = page.getByTestId("comment").filter({ hasText: message });
  await expect(item).toContainText("Lidia T.");
  await expect(item).toContainText("ahora mismo");
  await expect(field).toHaveValue("");
});

test.describe("staff in a Spanish browser", () => {
  test.use({ locale: "es-MX" });

  test("delete a live comment in Spanish", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByLabel("Correo electrónico").fill("staff@koinonia.test");
    await page.getByLabel("Contraseña").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();
    await page.goto("/media?tab=comments");
    const message = `Bienvenidos todos ${Date.now()}`;
    await page.getByLabel("Únase a la conversación").fill(message);
    await page.getByRole("button", { name: "Publicar" }).click();
    const item = page.getByTestId("comment").filter({ hasText: message });
    await item.getByRole("button", { name: "Eliminar comentario" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Eliminar comentario" });
    await expect(confirm).toContainText("¿Eliminar este comentario para todos los que están viendo?");
    await confirm.getByRole("button", { name: "Eliminar", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Comentario eliminado" })).toBeVisible();
    await expect(item).toHaveCount(0);
  });
});

test("Media in Spanish at 200% text fits the screen: no sideways scrolling on any tab", async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await registerInSpanish(page, "Timoteo", "Listra");
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => (document.documentElement.style.fontSize = "200%"));
  });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const path of ["/media", "/media?tab=videos", "/media?tab=notes", "/media?tab=bible", "/media?tab=comments"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Medios" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await overflow(), path).toBeLessThanOrEqual(0);
  }
});
