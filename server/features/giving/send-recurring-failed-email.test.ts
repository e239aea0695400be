/** The "your recurring gift has stopped" email's content (the job that sends it is tested in server/jobs/recurring-gifts.test.ts). */
import { describe, expect, it } from "vitest";
import { renderRecurringFailedEmail, type RecurringFailedData } from "./send-recurring-failed-email";
import { readChurchConfig } from "../../shared/church-profile";
import { loadConfig } from "../../config";

const church = readChurchConfig(loadConfig({}).churchConfigPath);
const data: RecurringFailedData = {
  church,
  firstName: "<i>Ana</i>",
  amountCents: 1500,
  frequency: "weekly",
  cardBrand: "visa",
  cardLastFour: "4242",
  reason: "Your card was declined.",
  attempts: 4,
  givingUrl: "https://church.example/giving",
};

describe("recurring gift stopped email", () => {
  it("says which gift stopped, why, and how to set it up again, with names escaped", () => {
    const r = renderRecurringFailedEmail(data);
    expect(r.subject).toBe(`Your weekly gift to ${church.name} has stopped`);
    for (const part of ["tried 4 times", "weekly gift of $15.00", "Visa ending 4242", '"Your card was declined."', "no more charges", "Open https://church.example/giving", "turn on 'Make this a recurring donation'", "Choose Weekly"]) {
      expect(r.text).toContain(part);
    }
    expect(r.html).toContain("&lt;i&gt;Ana&lt;/i&gt;");
    expect(r.html).not.toContain("<i>Ana</i>");
  });

  it("is written in the giver's language, a known decline reason too", () => {
    const r = renderRecurringFailedEmail({ ...data, locale: "es" });
    expect(r.subject).toBe(`Su ofrenda semanal a ${church.name} se detuvo`);
    for (const part of ["Intentamos 4 veces", "ofrenda semanal de $15.00", "Visa terminada en 4242", '"Su tarjeta fue rechazada."', "Elija Semanal", "active 'Hacer de esta una ofrenda recurrente'", "Gracias por su generosidad,"]) {
      expect(r.text).toContain(part);
    }
    expect(r.html).toContain('<html lang="es">');
    // A gateway's own words, unknown to us, are quoted as they came.
    expect(renderRecurringFailedEmail({ ...data, locale: "es", reason: "Card velocity exceeded" }).text).toContain('"Card velocity exceeded"');
    expect(r.html).toContain("Configurar mi ofrenda de nuevo");
  });
});
