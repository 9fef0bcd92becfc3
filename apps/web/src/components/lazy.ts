import { createElement, useState, type ComponentType } from 'react';

/** A component whose module loads on first render, or earlier with `preload()`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- like React's own lazy(), over any props
export type LazyComponent<C extends ComponentType<any>> = C & {
  /** Loads the module (once); afterwards the component renders without suspending. */
  preload: () => Promise<void>;
  /** The name of the export it shows (`lazyNamed`'s `name`): the build's `app-modules.json` lists a page's chunks by it. */
  exportName: string;
};

/**
 * A named export of a module loaded on first render — `lazyNamed(() => import('./page'), 'Page')`.
 * Pages and rarely opened dialogs load this way so the first load of a public page carries only
 * what it shows. Until the module is there the component suspends (throws the load's
 * promise to the nearest `<Suspense>`, as React's `lazy()` does); once `preload()` has resolved
 * it renders at once — which the server's render and the browser's hydration of a server-made
 * page need (decision 011).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- like React's own lazy(), over any props
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyComponent<M[K]> {
  let loaded: M[K] | undefined;
  let failure: Error | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load()
      .then((module: M | undefined) => {
        // undefined when the page reloads for a chunk gone after a deploy (main.tsx, `vite:preloadError`)
        if (!module) throw new Error('a part of the page could not be loaded');
        loaded = module[name];
      })
      .catch((error: unknown) => {
        failure = error instanceof Error ? error : new Error('a part of the page could not be loaded', { cause: error });
      }));
  function Lazy(props: object) {
    if (loaded) return createElement(loaded, props);
    if (failure) throw failure;
    throw preload();
  }
  Lazy.displayName = `Lazy(${String(name)})`;
  return Object.assign(Lazy, { preload, exportName: String(name) }) as unknown as LazyComponent<M[K]>;
}

/**
 * True from the first render where `value` is true onwards: a lazily loaded dialog is mounted
 * when it is first opened and stays mounted, so its closing transition still plays.
 */
export function useOnceTrue(value: boolean): boolean {
  const [was, setWas] = useState(value);
  if (value && !was) setWas(true);
  return was || value;
}
