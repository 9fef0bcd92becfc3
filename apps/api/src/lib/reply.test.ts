/**
 * The Content-Disposition of the files the API sends (RFC 6266; RFC 5987/8187 for names that
 * are not ASCII): the exact header bytes, and a Gujarati name sent through Fastify.
 */
import Fastify from 'fastify';
import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { contentDisposition, sendFile } from './reply.js';

describe('contentDisposition', () => {
  it('keeps an ASCII name as a quoted filename, as every download was named before', () => {
    expect(contentDisposition('JSBN-QR-labels.pdf')).toBe('attachment; filename="JSBN-QR-labels.pdf"');
    expect(contentDisposition('Book Details.xlsx')).toBe('attachment; filename="Book Details.xlsx"');
    expect(contentDisposition('order-7.pdf', 'inline')).toBe('inline; filename="order-7.pdf"');
  });

  it('gives a Gujarati or Hindi name as UTF-8 in filename*, after an ASCII filename for older clients', () => {
    expect(contentDisposition('જૈન ગ્રંથ.pdf')).toBe(
      `attachment; filename="_ _.pdf"; filename*=UTF-8''%E0%AA%9C%E0%AB%88%E0%AA%A8%20%E0%AA%97%E0%AB%8D%E0%AA%B0%E0%AA%82%E0%AA%A5.pdf`,
    );
    expect(contentDisposition('जैन.xlsx')).toBe(`attachment; filename="_.xlsx"; filename*=UTF-8''%E0%A4%9C%E0%A5%88%E0%A4%A8.xlsx`);
  });

  it('encodes the NFC form of a name, and drops accents only in the ASCII fallback', () => {
    // "Café" typed with a combining acute accent (NFD) is sent as its one-letter é (NFC)
    expect(contentDisposition('Cafe\u0301.pdf')).toBe(`attachment; filename="Cafe.pdf"; filename*=UTF-8''Caf%C3%A9.pdf`);
    expect(contentDisposition('Café.pdf')).toBe(contentDisposition('Cafe\u0301.pdf'));
  });

  it('never lets a quote, backslash or slash end or cut the name', () => {
    expect(contentDisposition('a"b.pdf')).toBe(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`);
    expect(contentDisposition('lists/2026\\nov.xlsx')).toBe('attachment; filename="lists_2026_nov.xlsx"');
  });
});

describe('sendFile', () => {
  it('sends a file with a Gujarati name: an ASCII header that reads back as the name', async () => {
    const app = Fastify({ logger: false });
    app.get('/file', (_request, reply) => sendFile(reply, 'application/pdf', 'શ્રી જૈન પુસ્તક સૂચિ.pdf', Buffer.from('%PDF-1.7')));
    const response = await app.inject({ method: 'GET', url: '/file' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.body).toBe('%PDF-1.7');
    const header = String(response.headers['content-disposition']);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(parse(header)).toEqual({ type: 'attachment', parameters: { filename: 'શ્રી જૈન પુસ્તક સૂચિ.pdf' } });
  });
});
