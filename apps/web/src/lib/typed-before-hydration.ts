/**
 * What a visitor typed into a form the server rendered before the app hydrated it (decision 078).
 * The app's fields are controlled, so the first render after hydration would set each input back
 * to the form's default values; instead the app captures the inputs' current values just before it
 * hydrates (`captureTypedValues`) and a form seeds its default values from them
 * (`useTypedBeforeHydration`), so the hydrating render is what the visitor sees and the form
 * submits what they typed. React 19's own hydration does the like for every input; Preact's
 * (decision 009) leaves the DOM's value as it is and the app's state without it.
 */
import { useState } from 'react';

/** A text field (an input other than hidden, checkbox, radio, file; a textarea). */
const isTextField = (field: HTMLInputElement | HTMLTextAreaElement) =>
  !(field instanceof HTMLInputElement && ['hidden', 'checkbox', 'radio', 'file'].includes(field.type));

/** Typed values by the form's `action` attribute, then by field name. */
const typed = new Map<string, Record<string, string>>();

/**
 * Records, for each `<form action>` under `root`, the text fields (inputs other than hidden,
 * checkbox, radio, file; textareas) whose current value differs from the one the server rendered.
 * Call once, just before hydrating `root`.
 */
export function captureTypedValues(root: HTMLElement): void {
  typed.clear();
  root.querySelectorAll<HTMLFormElement>('form[action]').forEach((form) => {
    const values: Record<string, string> = {};
    form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]').forEach((field) => {
      if (isTextField(field) && field.value !== field.defaultValue) values[field.name] = field.value;
    });
    if (Object.keys(values).length > 0) typed.set(form.getAttribute('action')!, values);
  });
}

/**
 * The values typed into the server's form posting to `action` before the app hydrated it, by
 * field name (empty when nothing was typed, or on a page the app rendered itself). Taken once:
 * the form's first render gets them, a later visit to the same form does not.
 */
export function useTypedBeforeHydration(action: string): Readonly<Record<string, string>> {
  const [values] = useState(() => {
    const found = typed.get(action) ?? {};
    typed.delete(action);
    return found;
  });
  return values;
}

/**
 * After hydration: a box ticked or cleared before the app was there is set back and clicked, so
 * the app makes the same change in its state (Preact's hydration leaves `checked` as the DOM has
 * it and the app's state without it).
 */
export function replayTickedBoxes(root: HTMLElement, ticked: Map<HTMLInputElement, boolean>): void {
  ticked.forEach((checked, box) => {
    if (!box.isConnected || box.checked !== checked) return;
    box.checked = !checked;
    box.click();
  });
}

/** The boxes under `root` whose `checked` differs from the server's render, with their current state. */
export function tickedBoxes(root: HTMLElement): Map<HTMLInputElement, boolean> {
  const found = new Map<HTMLInputElement, boolean>();
  root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]').forEach((box) => {
    if (box.checked !== box.defaultChecked) found.set(box, box.checked);
  });
  return found;
}

/** The text fields under `root` whose value differs from the server's render (typed before the app), with that value. */
export function typedFields(root: HTMLElement): Map<HTMLInputElement | HTMLTextAreaElement, string> {
  const found = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea').forEach((field) => {
    if (isTextField(field) && field.value !== field.defaultValue) found.set(field, field.value);
  });
  return found;
}

/**
 * After hydration: each text field typed into before the app was there gets its value again and
 * an `input` event, as typing gives, so the app's state (a form's value, a search box's) holds
 * what the field shows — on every form, not only those that seed themselves from
 * `useTypedBeforeHydration`.
 */
export function replayTypedFields(typed: Map<HTMLInputElement | HTMLTextAreaElement, string>): void {
  typed.forEach((value, field) => {
    if (!field.isConnected) return;
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
