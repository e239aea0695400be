/** The gift receipt's content (the gifts that send it are tested in giving.test.ts). */
import { describe, expect, it } from "vitest";
import { paidWith, renderGiftReceipt, RECEIPT_TAX_LINE } from "./send-gift-receipt";
import { readChurchConfig } from "../../shared/church-profile";
import { loadConfig } from "../../config";

const church = readChurchConfig(loadConfig({}).churchConfigPath);

describe("gift receipt", () => {
  it("states amount, church-zone date, payment, frequency and the tax line, with names escaped", () => {
    const r = renderGiftReceipt({
      church,
      firstName: "<b>Ruth</b>",
      amountCents: 123456,
      fund: "Missions",
      feeCents: 0,
      // 02:30 UTC on 1 March is still 28 February in Orlando.
      givenAt: new Date("2026-03-01T02:30:00Z"),
      giftId: "gift-1",
      card: { brand: "visa", lastFour: "4242" },
      frequency: "monthly",
    });
    expect(r.subject).toBe(`Your gift of $1,234.56 to ${church.name}`);
    for (const part of ["Amount: $1,234.56", "Date: February 28, 2026", "Recurring: Monthly", "Paid with: Visa ending 4242", "Reference: gift-1", "Fund: Missions", RECEIPT_TAX_LINE]) {
      expect(r.text).toContain(part);
    }
    // No fee covered: no fee or total lines.
    expect(r.text).not.toContain("Processing fee");
    expect(r.text).not.toContain("Total charged");
    expect(r.html).toContain("&lt;b&gt;Ruth&lt;/b&gt;");
    expect(r.html).not.toContain("<b>Ruth</b>");
  });

  it("shows the covered fee and the total charged beside the gift", () => {
    const r = renderGiftReceipt({
      church,
      firstName: "Ruth",
      amountCents: 10000,
      fund: "General Fund",
      feeCents: 330,
      givenAt: new Date("2026-03-01T12:00:00Z"),
      giftId: "gift-3",
      card: { brand: "visa", lastFour: "4242" },
      frequency: null,
    });
    for (const part of ["Amount: $100.00", "Fund: General Fund", "Processing fee you covered: $3.30", "Total charged: $103.30"]) expect(r.text).toContain(part);
  });

  it("names the wallet when no card paid", () => {
    expect(paidWith(null, null)).toBe("Wallet balance");
    expect(paidWith("card", "0005")).toBe("Card ending 0005");
    expect(paidWith(null, null, "es")).toBe("Saldo de la billetera");
  });

  it("is written in the member's language, with Spanish dates", () => {
    const r = renderGiftReceipt({
      church,
      firstName: "Ana",
      amountCents: 2500,
      fund: "Misiones",
      feeCents: 103,
      givenAt: new Date("2026-03-01T02:30:00Z"),
      giftId: "gift-2",
      card: { brand: "visa", lastFour: "4242" },
      frequency: "weekly",
      locale: "es",
    });
    expect(r.subject).toBe(`Su ofrenda de $25.00 a ${church.name}`);
    for (const part of ["Estimado(a) Ana:", "Monto: $25.00", "Fecha: 28 de febrero de 2026", "Recurrente: Semanal", "Pagado con: Visa terminada en 4242", "Referencia: gift-2", "Fondo: Misiones", "Comisión de procesamiento que usted cubrió: $1.03", "Total cobrado: $26.03"]) {
      expect(r.text).toContain(part);
    }
    expect(r.text).not.toContain(RECEIPT_TAX_LINE);
    expect(r.html).toContain('<html lang="es">');
  });
});
