/**
 * WhatsApp delivery through the WhatsApp Cloud API (decision 006): a document is uploaded as
 * media (`POST <api>/<phone id>/media`, multipart) and then sent with
 * `POST <api>/<phone id>/messages` `{ messaging_product: 'whatsapp', to, type: 'document',
 * document: { id, filename, caption } }`; a message without a file is `type: 'text'`, and one
 * given as an approved template `type: 'template'` (the interests digest, decision 073; a
 * verification code as an authentication template with its copy-code button, decision 081).
 * The bearer token is sent only in the Authorization header and never logged. The text carries
 * no control character (`withoutControlCharacters`).
 */
import { withoutControlCharacters } from '@jsbn/shared';

export interface WhatsappOptions {
  /** Graph API base with version, e.g. https://graph.facebook.com/v21.0 (WHATSAPP_API_URL). */
  apiUrl: string;
  /** Access token (WHATSAPP_TOKEN). */
  token: string;
  /** Phone-number id of the sending number (WHATSAPP_PHONE_ID). */
  phoneId: string;
}

/** One WhatsApp message as the worker hands it over. */
export interface WhatsappMessage {
  /** The recipient's number: 10 Indian digits (91 is added) or a full international number. */
  to: string;
  text: string;
  document?: { filename: string; content: Buffer; contentType: string };
  /**
   * Sent as this approved template instead of a text (`type: 'template'`, a utility template
   * may reach a number outside the 24-hour window): its name, language code and body parameters.
   */
  template?: { name: string; language: string; parameters: string[]; button?: string };
}

/** Timeout of each Cloud API request, ms. */
const REQUEST_TIMEOUT_MS = 30_000;

/** The international form the Cloud API wants: digits only, with the country code (91 for 10 digits). */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

async function call(options: WhatsappOptions, path: string, body: FormData | object): Promise<Record<string, unknown>> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${options.apiUrl.replace(/\/+$/, '')}/${options.phoneId}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token}`, ...(isForm ? {} : { 'content-type': 'application/json' }) },
    body: isForm ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown> & { error?: { message?: string } };
  if (!response.ok)
    throw new Error(`WhatsApp API ${path} answered ${response.status}${answer.error?.message ? `: ${answer.error.message}` : ''}`);
  return answer;
}

/**
 * Sends `message` (uploading its document first).
 * @returns the WhatsApp message id
 * @throws Error when the API is unreachable, times out (30 s) or answers non-2xx
 */
export async function sendWhatsapp(options: WhatsappOptions, message: WhatsappMessage): Promise<string> {
  const to = whatsappNumber(message.to);
  const text = withoutControlCharacters(message.text);
  let payload: object;
  if (message.template) {
    const { name, language, parameters, button } = message.template;
    payload = {
      type: 'template',
      template: {
        name,
        language: { code: language },
        components: [
          { type: 'body', parameters: parameters.map((value) => ({ type: 'text', text: withoutControlCharacters(value, 'single') })) },
          // an authentication template's copy-code button takes the code as its own parameter
          ...(button
            ? [
                {
                  type: 'button',
                  sub_type: 'url',
                  index: '0',
                  parameters: [{ type: 'text', text: withoutControlCharacters(button, 'single') }],
                },
              ]
            : []),
        ],
      },
    };
  } else if (message.document) {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', message.document.contentType);
    form.append(
      'file',
      new Blob([new Uint8Array(message.document.content)], { type: message.document.contentType }),
      message.document.filename,
    );
    const media = await call(options, 'media', form);
    if (typeof media.id !== 'string') throw new Error('WhatsApp API media answered without an id');
    payload = { type: 'document', document: { id: media.id, filename: message.document.filename, caption: text } };
  } else {
    payload = { type: 'text', text: { preview_url: false, body: text } };
  }
  const sent = await call(options, 'messages', { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...payload });
  const id = (sent.messages as { id?: string }[] | undefined)?.[0]?.id;
  return id ?? '';
}
