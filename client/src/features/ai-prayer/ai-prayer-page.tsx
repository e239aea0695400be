import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { HandHeart, Info, MessageSquareText, Phone, Send, Sparkles, Square } from "lucide-react";
import { AI_MESSAGES_MAX, AI_MESSAGE_MAX, CRISIS_TEXT_BODY, type AiMessage } from "@contract/ai-prayer";
import { PRAYER_DESCRIPTION_MAX, PRAYER_TITLE_MAX } from "@contract/prayer";
import { errorText } from "@/lib/api";
import { useChurch } from "@/lib/auth";
import { Card, CardContent } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { StreamCutOff, streamPrayerReply } from "./stream-prayer-reply";
import { useI18n } from "@/lib/i18n";

/** A message on screen: the companion's may still be arriving, may be a crisis answer, or may have been cut off. */
interface ShownMessage extends AiMessage {
  streaming?: boolean;
  crisis?: boolean;
  cutOff?: boolean;
}

/** The prayer request the conversation suggests: the member's first words as title, all their words as description. */
function prayerRequestHref(messages: AiMessage[]) {
  const mine = messages.filter((m) => m.role === "user").map((m) => m.content.trim());
  const first = mine[0] ?? "";
  const title = first.length > 60 ? `${first.slice(0, 57).trimEnd()}...` : first;
  const params = new URLSearchParams({ title: title.slice(0, PRAYER_TITLE_MAX), description: mine.join("\n\n").slice(0, PRAYER_DESCRIPTION_MAX) });
  return `/prayer?${params.toString()}`;
}

/** What the server is sent: the finished messages only, the latest AI_MESSAGES_MAX, starting with the member's. */
function conversationFor(messages: ShownMessage[]): AiMessage[] {
  const done = messages.filter((m) => !m.streaming && m.content.trim()).map(({ role, content }) => ({ role, content: content.slice(0, AI_MESSAGE_MAX) }));
  const recent = done.slice(-AI_MESSAGES_MAX);
  while (recent.length && recent[0].role !== "user") recent.shift();
  return recent;
}

/** Call and text buttons for the 988 Lifeline and the church's prayer line, above a crisis answer. */
function CrisisActions() {
  const church = useChurch();
  const { m, locale } = useI18n();
  const c = m.companion;
  const line = church.prayerLinePhone;
  const body = CRISIS_TEXT_BODY[locale];
  return (
    <div className="mb-3 grid gap-2" data-testid="crisis-actions">
      <div className="grid grid-cols-2 gap-2">
        <Button asChild variant="destructive" size="sm">
          <a href="tel:988">
            <Phone aria-hidden="true" /> {c.call988}
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={body ? `sms:988?&body=${encodeURIComponent(body)}` : "sms:988"}>
            <MessageSquareText aria-hidden="true" /> {c.text988}
          </a>
        </Button>
      </div>
      {line && (
        <Button asChild variant="outline" size="sm">
          <a href={`tel:${line.replace(/[^\d+]/g, "")}`}>
            <Phone aria-hidden="true" /> {c.prayerLine(line)}
          </a>
        </Button>
      )}
    </div>
  );
}

function Bubble({ message }: { message: ShownMessage }) {
  const mine = message.role === "user";
  const c = useI18n().m.companion;
  return (
    <div
      data-testid={mine ? "message-user" : "message-companion"}
      data-crisis={message.crisis ? "true" : undefined}
      aria-busy={message.streaming ? "true" : undefined}
      className={cn(
        "max-w-[85%] rounded-2xl px-4 py-3 text-base shadow-sm",
        mine
          ? "justify-self-end rounded-br-sm bg-primary text-primary-foreground"
          : "justify-self-start rounded-bl-sm bg-card text-card-foreground",
        !mine && (message.crisis ? "w-full max-w-full border-2 border-destructive" : "border border-border"),
      )}
    >
      {message.crisis && <CrisisActions />}
      {message.content ? (
        <p className="whitespace-pre-line">
          {message.content}
          {message.streaming && <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse rounded-sm bg-primary/70 align-middle motion-reduce:animate-none" />}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-muted-foreground" data-testid="companion-writing">
          <span aria-hidden="true" className="flex gap-1">
            {[0, 150, 300].map((d) => (
              <span key={d} className="size-2 animate-bounce rounded-full bg-primary/60 motion-reduce:animate-none" style={{ animationDelay: `${d}ms` }} />
            ))}
          </span>
          <span className="text-sm">{c.writing}</span>
        </p>
      )}
      {message.cutOff && <p className="mt-2 border-t border-border pt-2 text-sm text-muted-foreground">{c.cutOff}</p>}
    </div>
  );
}

export default function AiPrayerPage() {
  const [, navigate] = useLocation();
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [streaming, setStreaming] = useState(false);
  const c = useI18n().m.companion;
  const stopRef = useRef<AbortController | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const lastLength = messages.at(-1)?.content.length ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
  }, [messages.length, lastLength]);
  // Leaving the page stops the answer (and, on the server, the provider's stream).
  useEffect(() => () => stopRef.current?.abort(), []);

  /** Changes the companion's answer in progress (the last message). */
  const updateLast = (change: (m: ShownMessage) => ShownMessage) => setMessages((all) => [...all.slice(0, -1), change(all[all.length - 1])]);

  async function ask(conversation: AiMessage[]) {
    const stop = new AbortController();
    stopRef.current = stop;
    setStreaming(true);
    let received = "";
    try {
      await streamPrayerReply(
        conversation,
        {
          start: (crisis) => updateLast((m) => ({ ...m, crisis })),
          delta: (text) => {
            received += text;
            updateLast((m) => ({ ...m, content: m.content + text }));
          },
        },
        stop.signal,
      );
      updateLast((m) => ({ ...m, streaming: false }));
    } catch (err) {
      const stopped = stop.signal.aborted;
      const cutOff = !stopped && err instanceof StreamCutOff && received.trim() !== "";
      // Nothing arrived: drop the empty bubble. Something arrived: keep it, and say so if it was cut off.
      setMessages((all) => (received.trim() ? [...all.slice(0, -1), { ...all[all.length - 1], streaming: false, cutOff }] : all.slice(0, -1)));
      if (!stopped && !cutOff) {
        const description = err instanceof StreamCutOff ? c.cutOff : (errorText(err) ?? c.failed);
        toast({ title: c.errorTitle, description, variant: "destructive" });
      }
    } finally {
      if (stopRef.current === stop) stopRef.current = null;
      setStreaming(false);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const content = draft.trim();
    if (!content || streaming) return;
    const next: ShownMessage[] = [...messages, { role: "user", content }];
    setMessages([...next, { role: "assistant", content: "", streaming: true }]);
    setDraft("");
    void ask(conversationFor(next));
  }

  return (
    <div className="grid gap-4">
      <h1 className="flex items-center gap-2 text-3xl font-bold">
        <Sparkles className="size-7 text-primary" aria-hidden="true" /> {c.title}
      </h1>
      <Card className="border-primary/40 bg-primary/5">
        <CardContent className="flex gap-3 pt-5 text-sm" role="note">
          <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>{c.notice}</p>
        </CardContent>
      </Card>

      <section aria-label={c.conversation} aria-live="polite" className="grid gap-3">
        {messages.length === 0 && <p className="text-muted-foreground">{c.start}</p>}
        {messages.map((m, i) => (
          <Bubble key={i} message={m} />
        ))}
        <div ref={endRef} />
      </section>

      {!streaming && messages.some((m) => m.role === "user") && (
        <Button variant="outline" onClick={() => navigate(prayerRequestHref(messages))}>
          <HandHeart aria-hidden="true" /> {c.toRequest}
        </Button>
      )}

      <form onSubmit={onSubmit} className="grid gap-2">
        <label htmlFor="ai-message" className="sr-only">
          {c.yourMessage}
        </label>
        <Textarea
          id="ai-message"
          rows={3}
          maxLength={AI_MESSAGE_MAX}
          placeholder={c.placeholder}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) onSubmit(e);
          }}
        />
        {streaming ? (
          <Button type="button" variant="outline" onClick={() => stopRef.current?.abort()}>
            <Square aria-hidden="true" /> {c.stop}
          </Button>
        ) : (
          <Button type="submit" disabled={!draft.trim()}>
            <Send aria-hidden="true" /> {c.send}
          </Button>
        )}
      </form>
    </div>
  );
}
