/** The one email layout (layout.ts): every word escaped, and the plain text made from the same blocks. */
import { describe, expect, it } from "vitest";
import { renderEmail } from "./layout";

describe("the email layout", () => {
  const evil = `<script>alert("x")</script> & 'you'`;
  const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;you&#39;";

  it("escapes every word and address of every kind of block, in the member's language", () => {
    const { subject, html } = renderEmail({
      locale: "es",
      subject: evil,
      accent: `"><b>`,
      blocks: [
        { eyebrow: evil },
        { heading: evil },
        { paragraph: [evil, evil], small: true },
        { steps: [evil], lead: evil },
        { facts: [[evil, evil]] },
        { quote: evil },
        { button: evil, href: `http://x/"><b>`, beside: evil },
        { link: evil, href: evil },
        { signOff: [evil] },
      ],
      footer: { words: evil, link: { label: evil, href: evil } },
    });
    expect(subject).toBe(evil);
    expect(html.startsWith("<!doctype html>\n<html lang=\"es\">")).toBe(true);
    expect(html.trim().endsWith("</html>")).toBe(true);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain(`'you'`);
    // The title, 14 words and a link's address in the card, 3 in the footer: each escaped.
    expect(html.split(escaped).length - 1).toBe(18);
  });

  it("the plain text: each block's words, a blank line apart; `text` replaces them, null leaves them out, `plain` is the text's alone", () => {
    const { text, html } = renderEmail({
      locale: "en",
      subject: "Your gift",
      blocks: [
        { plain: "Only in the text" },
        { heading: "Thank you", text: null },
        { paragraph: "Dear Ruth," },
        { facts: [["Amount", "$10.00"], ["Reference", "g1"]] },
        { paragraph: ["Keep this.", "For your taxes."], small: true },
        { steps: ["Open the app", "Give"], lead: "To set it up again:" },
        { button: "Open", href: "http://x/giving" },
        { link: "Wallet", href: "http://x/w", text: "Your wallet: http://x/w" },
        { signOff: ["Grace Church", "1 Main St"] },
      ],
      footer: { words: "Why you get this", link: { label: "Stop", href: "http://x/stop" }, text: "Stop at http://x/stop" },
    });
    expect(text).toBe(
      [
        "Only in the text",
        "Dear Ruth,",
        "Amount: $10.00\nReference: g1",
        "Keep this.\nFor your taxes.",
        "To set it up again:\n1. Open the app\n2. Give",
        "Open: http://x/giving",
        "Your wallet: http://x/w",
        "Grace Church\n1 Main St",
        "Stop at http://x/stop",
      ].join("\n\n"),
    );
    expect(html).not.toContain("Only in the text");
    expect(html).toContain("Thank you</h1>");
    expect(html).toContain("Keep this.<br>For your taxes.");
    expect(html).toContain('<a href="http://x/stop"');
  });
});
