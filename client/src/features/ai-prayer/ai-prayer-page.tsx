import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { useMutation } from "@tanstack/react-query";
import { HandHeart, Info, Send, Sparkles } from "lucide-react";
import { AI_MESSAGES_MAX, AI_MESSAGE_MAX, AI_PRAYER_TEXT, type AiMessage, type AiPrayerReply } from "@contract/ai-prayer";
import { PRAYER_DESCRIPTION_MAX, PRAYER_TITLE_MAX } from "@contract/prayer";
import { apiJson, errorText } from "@/lib/api";
import { Card, CardContent } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";

/** The prayer request the conversation suggests: the member's first words as title, all their words as description. */
function prayerRequestHref(messages: AiMessage[]) {
  const mine = messages.filter((m) => m.role === "user").map((m) => m.content.trim());
  const first = mine[0] ?? "";
  const title = first.length > 60 ? `${first.slice(0, 57).trimEnd()}...` : first;
  const params = new URLSearchParams({ title: title.slice(0, PRAYER_TITLE_MAX), description: mine.join("\n\n").slice(0, PRAYER_DESCRIPTION_MAX) });
  return `/prayer?${params.toString()}`;
}

export default function AiPrayerPage() {
  const [, navigate] = useLocation();
  const [messages, setMessages] = useState<AiMessage[]>([]);
  const [draft, setDraft] = useState("");
  const endRef = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationFn: (conversation: AiMessage[]) => apiJson<AiPrayerReply>("POST", "/api/ai-prayer/messages", { messages: conversation.slice(-AI_MESSAGES_MAX) }),
    onSuccess: (res) => setMessages((m) => [...m, { role: "assistant", content: res.reply }]),
    onError: (err) => toast({ title: "Error", description: errorText(err) ?? AI_PRAYER_TEXT.failed, variant: "destructive" }),
  });
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
  }, [messages.length]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const content = draft.trim();
    if (!content || send.isPending) return;
    const next = [...messages, { role: "user" as const, content }];
    setMessages(next);
    setDraft("");
    send.mutate(next);
  }

  return (
    <div className="grid gap-4">
      <h1 className="flex items-center gap-2 text-3xl font-bold">
        <Sparkles className="size-7 text-primary" aria-hidden="true" /> Prayer Companion
      </h1>
      <Card className="border-primary/40 bg-primary/5">
        <CardContent className="flex gap-3 pt-5 text-sm" role="note">
          <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>{AI_PRAYER_TEXT.notice}</p>
        </CardContent>
      </Card>

      <section aria-label="Conversation" aria-live="polite" className="grid gap-3">
        {messages.length === 0 && <p className="text-muted-foreground">What would you like prayer for today? Share what&apos;s on your heart.</p>}
        {messages.map((m, i) => (
          <div
            key={i}
            data-testid={m.role === "user" ? "message-user" : "message-companion"}
            className={cn(
              "max-w-[85%] whitespace-pre-line rounded-2xl px-4 py-3 text-base shadow-sm",
              m.role === "user" ? "justify-self-end rounded-br-sm bg-primary text-primary-foreground" : "justify-self-start rounded-bl-sm border border-border bg-card text-card-foreground",
            )}
          >
            {m.content}
          </div>
        ))}
        {send.isPending && <p className="text-sm text-muted-foreground">The companion is writing...</p>}
        <div ref={endRef} />
      </section>

      {messages.some((m) => m.role === "user") && (
        <Button variant="outline" onClick={() => navigate(prayerRequestHref(messages))}>
          <HandHeart aria-hidden="true" /> {AI_PRAYER_TEXT.toRequest}
        </Button>
      )}

      <form onSubmit={onSubmit} className="grid gap-2">
        <label htmlFor="ai-message" className="sr-only">
          Your message
        </label>
        <Textarea
          id="ai-message"
          rows={3}
          maxLength={AI_MESSAGE_MAX}
          placeholder="Share what's on your heart"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) onSubmit(e);
          }}
        />
        <Button type="submit" disabled={!draft.trim() || send.isPending}>
          <Send aria-hidden="true" /> Send
        </Button>
      </form>
    </div>
  );
}
