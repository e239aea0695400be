/**
 * A form resolver whose schema, and zod with it, loads after the screen has painted. The
 * signed-out screens are the first a phone loads; their validation (about 40 KB gzipped of zod)
 * is not needed to show them, only to check what the member types, so it is fetched right after
 * the first render (`useLazyResolver` starts it) and is there long before the first submit. It
 * runs the same shared schema as the server: no rule is written twice.
 *
 * If the schema cannot be loaded (the connection dropped before it came), the form is sent as
 * typed and the server's answer, which validates with the same schema, shows the messages.
 */
import { useEffect } from "react";
import type { FieldValues, Resolver } from "react-hook-form";

export type LazyResolver<TIn extends FieldValues, TOut> = Resolver<TIn, unknown, TOut> & { preload: () => void };

/**
 * Something loaded once, on first use or when `preload` is called: a form's schema, say. `get`
 * resolves to null if it could not be loaded (the next call tries again).
 */
export interface Lazy<T> {
  get(): Promise<T | null>;
  preload(): void;
}

export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let loading: Promise<T | null> | undefined;
  const get = () => (loading ??= load().catch(() => ((loading = undefined), null)));
  return { get, preload: () => void get() };
}

/** Starts loading once the screen is on screen. */
export function usePreload(value: { preload(): void }) {
  useEffect(() => value.preload(), [value]);
}

export function lazyResolver<TIn extends FieldValues, TOut = TIn>(load: () => Promise<Resolver<TIn, unknown, TOut>>): LazyResolver<TIn, TOut> {
  const { get } = lazy(load);
  const resolver: Resolver<TIn, unknown, TOut> = async (values, context, options) => {
    const real = await get();
    if (real) return real(values, context, options);
    return { values: values as unknown as TOut, errors: {} };
  };
  return Object.assign(resolver, { preload: () => void get() });
}

/** Starts loading the form's schema once the screen is on screen. */
export function useLazyResolver<TIn extends FieldValues, TOut>(resolver: LazyResolver<TIn, TOut>) {
  usePreload(resolver);
  return resolver;
}
