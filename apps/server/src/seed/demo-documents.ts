import { sessionDocumentsPath, type Broadcast, type Page, type SignedUrlResponse } from '@studio/domain';
import { DEMO_SESSION_DOCUMENTS } from './demo-content.ts';
import type { StudioClient } from './studio-client.ts';

/**
 * A one-page PDF showing `headline` (Helvetica, landscape), written byte by byte: the objects, the
 * cross-reference table with their offsets, and nothing after `%%EOF` (the files area refuses that).
 */
export function onePagePdf(headline: string): Buffer {
  const text = headline.replace(/[\\()]/g, (character) => `\\${character}`).replace(/[^\x20-\x7e]/g, '-');
  const content = `BT /F1 28 Tf 60 300 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The keynote's Docs tab: its slides uploaded as the studio uploads a document, and a link. */
export async function addDemoDocuments(api: StudioClient, eventId: string): Promise<string> {
  const { session: title, slides, link } = DEMO_SESSION_DOCUMENTS;
  const sessions = await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${eventId}&limit=100`);
  const session = sessions.results.find((candidate) => candidate.title === title)!;
  const signed = await api.post<SignedUrlResponse>('/api/core/files/signed_url/', {
    key: `events/${eventId}/${slides.fileName}`,
    file_type: 'application/pdf',
    preset: 'document',
  });
  await api.put(signed.url, onePagePdf(slides.headline), 'application/pdf');
  await api.post(sessionDocumentsPath(session.id), {
    kind: 'file',
    title: slides.title,
    url: signed.content_url,
  });
  await api.post(sessionDocumentsPath(session.id), { kind: 'link', ...link });
  return `the ${title}'s slides (a PDF) and a link in its Docs tab`;
}
