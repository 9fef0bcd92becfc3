import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A named export of a module loaded on first render — `lazyNamed(() => import('./page'), 'Page')`.
 * Pages and rarely opened dialogs load this way so the first load of a public page carries only
 * what it shows (issue 10).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own lazy() is typed over ComponentType<any>
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
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
